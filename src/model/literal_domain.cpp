#include "model/literal_domain.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
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
Literal make_int(int64_t v) { Literal l; l.kind = LiteralKind::Int; l.i = v; return l; }
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
      throw std::invalid_argument("malformed double '" + s + "' in literal domain '" + spec + "'");
    Literal l; l.kind = LiteralKind::Double; l.d = v; out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::Double)] = std::move(out);
}

void LiteralDomain::set_chars(const std::string& spec) {
  std::vector<Literal> out;
  for (const auto& s : split_commas(spec)) {
    if (s.size() != 1) throw std::invalid_argument("malformed char '" + s + "' in literal domain '" + spec + "' (one character each)");
    Literal l; l.kind = LiteralKind::Char; l.i = static_cast<unsigned char>(s[0]); out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::Char)] = std::move(out);
}

void LiteralDomain::set_bools(const std::string& spec) {
  std::vector<Literal> out;
  for (const auto& s : split_commas(spec)) {
    if (s != "true" && s != "false") throw std::invalid_argument("malformed bool '" + s + "' (true or false)");
    Literal l; l.kind = LiteralKind::Bool; l.i = s == "true"; out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::Bool)] = std::move(out);
}

void LiteralDomain::set_strings(const std::string& spec) {
  std::vector<Literal> out;
  for (const auto& s : split_commas(spec)) {
    Literal l; l.kind = LiteralKind::String; l.s = s == "''" ? "" : s; out.push_back(l);
  }
  values_[static_cast<size_t>(LiteralKind::String)] = std::move(out);
}

std::string LiteralDomain::cpp(LiteralKind k, size_t index) const {
  const Literal& l = of(k).at(index);
  switch (k) {
    case LiteralKind::Int: return std::to_string(l.i);
    case LiteralKind::Bool: return l.i ? "true" : "false";
    case LiteralKind::Char: {
      char c = static_cast<char>(l.i);
      if (c == '\'' || c == '\\') return std::string("'\\") + c + "'";
      return std::string("'") + c + "'";
    }
    case LiteralKind::Double: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", l.d);
      std::string s = buf;
      if (s.find_first_of(".einf") == std::string::npos) s += ".0";
      return s;
    }
    case LiteralKind::String: {
      std::string out = "std::string(\"";
      for (char c : l.s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      return out + "\")";
    }
  }
  return "";
}

}  // namespace objgen
