// The literal values offered to primitive parameters (BEAPI's int.range, strings, ...).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

// The user's literal options (--ints 0..7, --strings a,b); empty fields keep the defaults.
struct LiteralSpec {
  std::string ints, doubles, chars, bools, strings;
  bool empty() const { return ints.empty() && doubles.empty() && chars.empty() && bools.empty() && strings.empty(); }
};

class LiteralDomain {
 public:
  // ints 0..scope-1, bools {false, true}, chars {'a','b'}, doubles {0, 1.5}, strings {"", "a"}.
  static LiteralDomain defaults(int scope);
  static LiteralDomain defaults(int scope, const Api& api) {  // with the API's enumerations
    LiteralDomain d = defaults(scope);
    d.add_enumerations(api);
    return d;
  }
  // Defaults, the API's enumerations, then the user's options. Throws std::invalid_argument.
  static LiteralDomain make(int scope, const Api& api, const LiteralSpec& spec);

  // Parse "0..7", "-1..3", or "1,5,9". Throws std::invalid_argument naming the problem.
  void set_ints(const std::string& spec);
  void set_doubles(const std::string& spec);  // "0,1.5,-2"
  void set_chars(const std::string& spec);    // "a,b,z"
  void set_bools(const std::string& spec);    // "false,true" or "true"
  void set_strings(const std::string& spec);  // "'',abc,x y" (a lone '' is the empty string)
  // The values of kind k, each of that kind, as given (no parsing, no sorting).
  void assign(LiteralKind k, std::vector<Literal> values) { values_[static_cast<size_t>(k)] = std::move(values); }
  // Appends a value of its kind; its index.
  size_t add(Literal value) {
    std::vector<Literal>& values = values_[static_cast<size_t>(value.kind)];
    values.push_back(std::move(value));
    return values.size() - 1;
  }

  const std::vector<Literal>& of(LiteralKind k) const { return values_[static_cast<size_t>(k)]; }
  // Spelling of literal `index` of kind k as C++ source.
  std::string cpp(LiteralKind k, size_t index) const;

  // An enumeration parameter takes its enumerators (Api::enumeration), every one of them, when
  // the domain was given them; otherwise the ints, cast to the enumeration when emitted.
  void add_enumerations(const Api& api);
  const std::vector<Literal>& of(const SlotType& slot) const {
    if (slot.enum_type.empty() || enums_.empty()) return of(slot.literal);
    auto it = enums_.find(slot.enum_type);
    return it == enums_.end() ? of(slot.literal) : it->second.values;
  }
  std::string cpp(const SlotType& slot, size_t index) const;
  // C++ spellings of an enumeration's values in this domain, null when it has none of its own.
  const std::vector<std::string>* enumerator_names(const std::string& enum_type) const {
    auto it = enums_.find(enum_type);
    return it == enums_.end() ? nullptr : &it->second.names;
  }

 private:
  struct Enumerators {
    std::vector<Literal> values;
    std::vector<std::string> names;
  };
  std::array<std::vector<Literal>, 5> values_;
  std::map<std::string, Enumerators> enums_;
};

// "const long&" -> "long", "std::string&&" -> "std::string", "const char*" stays: the type a
// parameter's argument is a value of.
std::string value_type_of(std::string t);

// Two literals are the same value (NaN equals NaN: a run that returned it twice agrees).
bool same_value(const Literal& a, const Literal& b);
// The index in `values` of the literal with v's value, if one has it (a sequence's literal
// argument moved into another domain).
std::optional<size_t> index_of_value(const std::vector<Literal>& values, const Literal& v);

// A C++ expression with the literal's value (kind from l.kind): special doubles through
// std::numeric_limits, control and non-ASCII characters as hex escapes, strings with their length
// (so that embedded NULs survive). The one escaper of every emitter.
std::string cpp_literal(const Literal& l);

}  // namespace objgen
