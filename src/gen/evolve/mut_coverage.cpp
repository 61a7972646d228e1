#include "gen/evolve/mut_coverage.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "model/class_shells.hpp"

namespace objgen::evolve {
namespace {

// "const int&" and "int const&" -> "int": what is left to tell overloads apart.
std::string normalized_type(std::string t) {
  for (const char* word : {"const", "volatile", "&", " "}) {
    for (size_t at = t.find(word); at != std::string::npos; at = t.find(word)) t.erase(at, std::string(word).size());
  }
  return t;
}

// Where the parameter list starts after name_prefix: "ns::C::f(" or, for an instance of a member
// template, "R ns::C::f<int>(" (the demangler writes the return type and the arguments first).
size_t parameter_list_start(const std::string& demangled, const std::string& name_prefix) {
  size_t at = demangled.rfind(name_prefix + "(", 0) == 0 ? 0 : demangled.find(" " + name_prefix + "<");
  if (at == std::string::npos) return std::string::npos;
  size_t i = at + (at ? 1 : 0) + name_prefix.size();
  if (i < demangled.size() && demangled[i] == '<') {
    for (int depth = 0; i < demangled.size(); ++i) {
      depth += demangled[i] == '<' ? 1 : demangled[i] == '>' ? -1 : 0;
      if (depth == 0) break;
    }
    ++i;
  }
  return i < demangled.size() && demangled[i] == '(' ? i + 1 : std::string::npos;
}

// "ns::C::f(int, long const&) const" -> {"int", "long"} after `name_prefix` ("ns::C::f").
bool parameters_of(const std::string& demangled, const std::string& name_prefix, std::vector<std::string>& out) {
  size_t i = parameter_list_start(demangled, name_prefix);
  if (i == std::string::npos) return false;
  int depth = 0;
  std::string cur;
  for (; i < demangled.size(); ++i) {
    char c = demangled[i];
    if (depth == 0 && (c == ',' || c == ')')) {
      if (!cur.empty() && cur != " ") out.push_back(normalized_type(cur));
      cur.clear();
      if (c == ')') break;
      continue;
    }
    if (c == '(' || c == '<') ++depth;
    if (c == ')' || c == '>') --depth;
    cur += c;
  }
  if (out.size() == 1 && out[0] == "void") out.clear();
  return true;
}

// "f[abi:cxx11](int)" -> "f(int)": the demangler's ABI tags are not part of the name.
std::string without_abi_tags(std::string name) {
  for (size_t at = name.find("[abi:"); at != std::string::npos; at = name.find("[abi:")) name.erase(at, name.find(']', at) - at + 1);
  return name;
}

// "R ns::Base<int>::f<int>(...)" with member "f" -> "ns::Base<int>::f": the function's own qualified
// name, whichever class declares it (an inherited member's body is its base's).
std::string qualified_member(const std::string& name, const std::string& member) {
  for (const char* after : {"(", "<"}) {
    size_t at = name.find("::" + member + after);
    if (at == std::string::npos) continue;
    size_t begin = 0;
    int depth = 0;
    for (size_t i = 0; i < at; ++i) {
      depth += name[i] == '<' ? 1 : name[i] == '>' ? -1 : 0;
      if (name[i] == ' ' && depth == 0) begin = i + 1;
    }
    return name.substr(begin, at + 2 + member.size() - begin);
  }
  return "";
}

int find_in(const std::vector<std::string>& functions, const Operation& op, const std::string& prefix, const std::string& member,
            const std::vector<std::string>& want) {
  int by_arity = -1, exact = -1, arity_matches = 0;
  for (size_t f = 0; f < functions.size(); ++f) {
    std::vector<std::string> params;
    std::string name = without_abi_tags(functions[f]);
    std::string qualified = prefix.empty() ? qualified_member(name, member) : prefix;
    if (qualified.empty() || !parameters_of(name, qualified, params) || params.size() != want.size()) continue;
    bool is_const = name.size() > 6 && name.substr(name.size() - 6) == " const";
    if (op.kind == OpKind::Method && is_const != op.is_const) continue;
    ++arity_matches;
    if (by_arity < 0) by_arity = static_cast<int>(f);
    if (params == want && exact < 0) exact = static_cast<int>(f);  // C1/C2 constructors: the same body
  }
  if (exact >= 0) return exact;
  return arity_matches == 1 ? by_arity : -1;
}

}  // namespace

int find_operation_function(const cover::CoverageMap& map, const Operation& op) {
  std::vector<std::string> names;
  for (const cover::CoveredFunction& f : map.functions) names.push_back(f.name);
  return find_operation_body(names, op);
}

int find_operation_body(const std::vector<std::string>& functions, const Operation& op) {
  // As the demangler spells it (the registered name may be an alias of a template instance).
  std::string cls = demangled_class_name(op.owner);
  std::string member = op.kind == OpKind::Constructor ? short_class_name(cls) : op.cpp_call;
  if (op.kind != OpKind::Constructor && op.kind != OpKind::Method) return -1;
  size_t first = op.kind == OpKind::Method ? 1 : 0;
  std::vector<std::string> want;
  for (size_t i = first; i < op.params.size(); ++i) want.push_back(normalized_type(op.params[i].cpp_type));
  // The class's own functions first; then its bases' (the map holds only instrumented ones: the
  // class's and those of the bases whose members it registers).
  for (bool own : {true, false}) {
    if (int f = find_in(functions, op, own ? fmt::format("{}::{}", cls, member) : std::string(), member, want); f >= 0) return f;
    if (op.kind == OpKind::Constructor) break;
  }
  return -1;
}

}  // namespace objgen::evolve
