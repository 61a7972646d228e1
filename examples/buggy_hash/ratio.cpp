#include "ratio.hpp"

#include <limits>
#include <stdexcept>

namespace examples {

namespace {
// A term that no longer fits an int is refused (std::out_of_range), never overflowed.
int checked_term(long long v) {
  if (v < std::numeric_limits<int>::min() + 1 || v > std::numeric_limits<int>::max())
    throw std::out_of_range("Ratio: a term does not fit an int");
  return static_cast<int>(v);
}
}  // namespace

Ratio::Ratio(int numerator, int denominator) : num(numerator), den(denominator) {
  if (denominator == 0) throw std::invalid_argument("Ratio: zero denominator");
}

void Ratio::scale(int factor) {
  if (factor == 0) throw std::invalid_argument("Ratio::scale: zero factor");
  int n = checked_term(static_cast<long long>(num) * factor);
  den = checked_term(static_cast<long long>(den) * factor);
  num = n;
}

void Ratio::negate() { num = checked_term(-static_cast<long long>(num)); }

}  // namespace examples
