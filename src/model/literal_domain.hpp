// The literal values offered to primitive parameters (BEAPI's int.range, strings, ...).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

class LiteralDomain {
 public:
  // ints 0..scope-1, bools {false, true}, chars {'a','b'}, doubles {0, 1.5}, strings {"", "a"}.
  static LiteralDomain defaults(int scope);

  // Parse "0..7", "-1..3", or "1,5,9". Throws std::invalid_argument naming the problem.
  void set_ints(const std::string& spec);
  void set_doubles(const std::string& spec);  // "0,1.5,-2"
  void set_chars(const std::string& spec);    // "a,b,z"
  void set_bools(const std::string& spec);    // "false,true" or "true"
  void set_strings(const std::string& spec);  // "'',abc,x y" (a lone '' is the empty string)

  const std::vector<Literal>& of(LiteralKind k) const { return values_[static_cast<size_t>(k)]; }
  // Spelling of literal `index` of kind k as C++ source.
  std::string cpp(LiteralKind k, size_t index) const;

 private:
  std::array<std::vector<Literal>, 5> values_;
};

// A C++ expression with the literal's value (kind from l.kind): special doubles through
// std::numeric_limits, control and non-ASCII characters as hex escapes, strings with their length
// (so that embedded NULs survive). The one escaper of every emitter.
std::string cpp_literal(const Literal& l);

}  // namespace objgen
