// A fraction whose operator== compares by cross-multiplying (1/2 == 2/4) while its std::hash
// hashes numerator and denominator as stored: equal ratios hash differently. Breaks the hash-eq
// contract.
#pragma once

#include <cstddef>
#include <functional>

namespace examples {

class Ratio {
 public:
  Ratio(int numerator, int denominator);  // std::invalid_argument for a zero denominator
  void scale(int factor);                 // multiplies both terms (same value)
  void negate();
  int numerator() const { return num; }
  int denominator() const { return den; }
  bool operator==(const Ratio& other) const {
    return static_cast<long long>(num) * other.den == static_cast<long long>(other.num) * den;
  }

 private:
  int num;
  int den;
};

}  // namespace examples

template <>
struct std::hash<examples::Ratio> {
  // Bug: the stored terms, not the reduced fraction, so 1/2 and 2/4 hash differently.
  size_t operator()(const examples::Ratio& r) const noexcept {
    return std::hash<int>{}(r.numerator()) * 31 + std::hash<int>{}(r.denominator());
  }
};
