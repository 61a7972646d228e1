#include "ratio.hpp"

#include <stdexcept>

namespace examples {

Ratio::Ratio(int numerator, int denominator) : num(numerator), den(denominator) {
  if (denominator == 0) throw std::invalid_argument("Ratio: zero denominator");
}

void Ratio::scale(int factor) {
  if (factor == 0) throw std::invalid_argument("Ratio::scale: zero factor");
  num *= factor;
  den *= factor;
}

}  // namespace examples
