#include "model/literal_domain.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <sstream>
#include <stdexcept>

namespace objgen {
namespace {
std::vector<std::string> split_commas(const std::string& spec) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(spec);
  while (std::getline(in, item, ',')) out.push_back(item);
  if (!spec.empty() && spec.back() == ',') out.push_back("");
  return out;
}
int64_t parse_int(const std::string& s, const std::string& spec) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty())
    throw std::invalid_argument("malformed integer '" + s + "' in literal domain '" + spec + "'");
  return v;
}
Literal make_int(int64_t v) {
  Literal l;
  l.kind = LiteralKind::Int;
  l.i = v;
  return l;
}
}  // namespace

LiteralDomain LiteralDomain::defaults(int scope) {
  LiteralDomain d;
  for (int i = 0; i < scope; ++i) d.values_[0].push_back(make_int(i));
  d.set_doubles("0,1.5");
  d.set_chars("a,b");
  d.set_bools("false,true");
  d.set_strings("'',a");
  return d;
}

void LiteralDomain::set_ints(const std::string& spec) {
  std::vector<Literal> out;
  auto dots = spec.find("..");
  if (dots != std::string::npos) {
    int64_t lo = parse_int(spec.substr(0, dots), spec), hi = parse_int(spec.substr(dots + 2), spec);
    if (hi < lo) throw std::invalid_argument("empty integer range '" + spec + "'");
    if (hi - lo > 100000) throw std::invalid_argument("integer range '" + spec + "' has more than 100000 values");
    for (int64_t v = lo; v <= hi; ++v) out.push_back(make_int(v));
  } else {
    for (const auto& s : split_commas(spec)) out.push_back(make_int(parse_int(s, spec)));
  }
  if (out.empty()) throw std::invalid_argument("empty integer domain");
  values_[0] = std::move(out);
}

void LiteralDomain::set_doubles(const std::string& spec) {
  std::vector<Literal> out;
  for (const auto& s : split_commas(spec)) {
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0' || std::isnan(v))
      throw std::invalid_argument(fmt::format("malformed double '{}' in literal domain '{}'", s, spec));
    Literal l;
    l.kind = LiteralKind::Double;
    l.d = v;
    out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::Double)] = std::move(out);
}

void LiteralDomain::set_chars(const std::string& spec) {
  std::vector<Literal> out;
  for (const auto& s : split_commas(spec)) {
    if (s.size() != 1) throw std::invalid_argument(fmt::format("malformed char '{}' in literal domain '{}' (one character each)", s, spec));
    Literal l;
    l.kind = LiteralKind::Char;
    l.i = static_cast<unsigned char>(s[0]);
    out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::Char)] = std::move(out);
}

void LiteralDomain::set_bools(const std::string& spec) {
  std::vector<Literal> out;
  for (const auto& s : split_commas(spec)) {
    if (s != "true" && s != "false") throw std::invalid_argument("malformed bool '" + s + "' (true or false)");
    Literal l;
    l.kind = LiteralKind::Bool;
    l.i = s == "true";
    out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::Bool)] = std::move(out);
}

void LiteralDomain::set_strings(const std::string& spec) {
  std::vector<Literal> out;
  for (const auto& s : split_commas(spec)) {
    Literal l;
    l.kind = LiteralKind::String;
    l.s = s == "''" ? "" : s;
    out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::String)] = std::move(out);
}

std::string LiteralDomain::cpp(LiteralKind k, size_t index) const {
  Literal l = of(k).at(index);
  l.kind = k;
  return cpp_literal(l);
}

LiteralDomain LiteralDomain::make(int scope, const Api& api, const LiteralSpec& spec) {
  LiteralDomain d = defaults(scope, api);
  if (!spec.ints.empty()) d.set_ints(spec.ints);
  if (!spec.doubles.empty()) d.set_doubles(spec.doubles);
  if (!spec.chars.empty()) d.set_chars(spec.chars);
  if (!spec.bools.empty()) d.set_bools(spec.bools);
  if (!spec.strings.empty()) d.set_strings(spec.strings);
  return d;
}

void LiteralDomain::add_enumerations(const Api& api) {
  for (const auto& [type, enumerators] : api.enumerations()) {
    if (enumerators.empty()) continue;
    Enumerators& e = enums_[type];
    for (const auto& [name, value] : enumerators) {
      e.values.push_back(make_int(value));
      e.names.push_back(name);
    }
  }
}

std::string value_type_of(std::string t) {
  while (!t.empty() && (t.back() == '&' || t.back() == ' ')) t.pop_back();
  if (!t.empty() && t.back() == '*') return t;  // "const char*": the const is the pointee's
  if (t.rfind("const ", 0) == 0) t.erase(0, 6);
  if (t.size() > 6 && t.compare(t.size() - 6, 6, " const") == 0) t.erase(t.size() - 6);
  return t;
}

namespace {

// An int literal as the parameter's type, so that overload resolution picks the member objgen
// called and the member gets the value objgen gave it: a plain 2 is an int, which picks
// Value(int) over Value(unsigned) (another state), a 0 is a null pointer too (get(unsigned, v)
// and get(const char*, v) are ambiguous), a long long past int's range matches int, Int64 and
// double alike. Builtin types take a suffix, others a cast; int stays as it is.
std::string typed_int(const std::string& text, const std::string& type) {
  struct Suffix {
    const char* type;
    const char* suffix;
    bool wide;  // holds every int64 value
  };
  static constexpr Suffix kSuffixes[] = {
      {"unsigned int", "u", false},  {"unsigned", "u", false},          {"long", "L", true},       {"long int", "L", true},
      {"unsigned long", "UL", true}, {"long unsigned int", "UL", true}, {"long long", "LL", true}, {"unsigned long long", "ULL", true}};
  bool plain = !text.empty() && text.front() != '(';  // INT64_MIN is written as an expression
  bool wide_value = !plain || text.ends_with("LL");
  if (type.empty() || type == "auto" || (type == "int" && !wide_value)) return text;
  std::string digits = wide_value ? text.substr(0, text.size() - 2) : text;
  for (const Suffix& s : kSuffixes)
    if (type == s.type && plain && (s.wide || !wide_value)) return digits + s.suffix;
  return "static_cast<" + type + ">(" + text + ")";
}
}  // namespace

std::string LiteralDomain::cpp(const SlotType& slot, size_t index) const {
  if (slot.enum_type.empty()) {
    std::string text = cpp(slot.literal, index);
    if (slot.literal == LiteralKind::Int) return typed_int(text, value_type_of(slot.cpp_type));
    return text;
  }
  auto it = enums_.find(slot.enum_type);
  if (it != enums_.end()) return it->second.names.at(index);
  return "static_cast<" + slot.enum_type + ">(" + cpp(slot.literal, index) + ")";  // the right overload
}

namespace {
std::string hex_escape(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02x", c);
  return buf;
}
}  // namespace

bool same_value(const Literal& a, const Literal& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case LiteralKind::Double:
      return a.d == b.d || (std::isnan(a.d) && std::isnan(b.d));
    case LiteralKind::String:
      return a.s == b.s;
    default:
      return a.i == b.i;
  }
}

std::optional<size_t> index_of_value(const std::vector<Literal>& values, const Literal& v) {
  for (size_t i = 0; i < values.size(); ++i)
    if (same_value(values[i], v)) return i;
  return std::nullopt;
}

std::string cpp_literal(const Literal& l) {
  switch (l.kind) {
    case LiteralKind::Int:
      if (l.i == INT64_MIN) return "(-9223372036854775807LL - 1)";
      return std::to_string(l.i) + (l.i < INT32_MIN || l.i > INT32_MAX ? "LL" : "");
    case LiteralKind::Bool:
      return l.i ? "true" : "false";
    case LiteralKind::Char: {
      auto c = static_cast<unsigned char>(l.i);
      if (c == '\'' || c == '\\') return std::string("'\\") + static_cast<char>(c) + "'";
      if (c < 32 || c > 126) return "'" + hex_escape(c) + "'";
      return std::string("'") + static_cast<char>(c) + "'";
    }
    case LiteralKind::Double: {
      if (std::isnan(l.d)) return "std::numeric_limits<double>::quiet_NaN()";
      if (std::isinf(l.d)) return l.d > 0 ? "std::numeric_limits<double>::infinity()" : "-std::numeric_limits<double>::infinity()";
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", l.d);
      std::string s = buf;
      if (s.find_first_of(".e") == std::string::npos) s += ".0";
      return s;
    }
    case LiteralKind::String: {
      // A hex escape is closed by "" so that a following hex digit is not read into it.
      std::string out = "std::string(\"";
      for (unsigned char c : l.s) {
        if (c == '"' || c == '\\')
          out += {'\\', static_cast<char>(c)};
        else if (c < 32 || c > 126)
          out += hex_escape(c) + "\"\"";
        else
          out += static_cast<char>(c);
      }
      return out + "\", " + std::to_string(l.s.size()) + ")";
    }
  }
  return "";
}

}  // namespace objgen
