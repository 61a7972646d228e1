#include "gen/evolve/mut_coverage.hpp"

#include <stdexcept>
#include <vector>

namespace objgen::evolve {
namespace {

// "const int&" and "int const&" -> "int": what is left to tell overloads apart.
std::string normalized_type(std::string t) {
  for (const char* word : {"const", "volatile", "&", " "}) {
    for (size_t at = t.find(word); at != std::string::npos; at = t.find(word)) t.erase(at, std::string(word).size());
  }
  return t;
}

// "ns::C::f(int, long const&) const" -> {"int", "long"} after `name_prefix` ("ns::C::f").
bool parameters_of(const std::string& demangled, const std::string& name_prefix, std::vector<std::string>& out) {
  if (demangled.rfind(name_prefix + "(", 0) != 0) return false;
  size_t i = name_prefix.size() + 1;
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
  for (size_t at = name.find("[abi:"); at != std::string::npos; at = name.find("[abi:"))
    name.erase(at, name.find(']', at) - at + 1);
  return name;
}

}  // namespace

int find_operation_function(const cover::CoverageMap& map, const Operation& op) {
  // As the demangler spells it (the registered name may be an alias of a template instance).
  const ClassVTable& vt = class_vtable(op.owner);
  std::string cls = vt.type ? detail::demangle(vt.type->name()) : vt.name;
  std::string member = op.kind == OpKind::Constructor ? short_class_name(cls) : op.cpp_call;
  if (op.kind != OpKind::Constructor && op.kind != OpKind::Method) return -1;
  size_t first = op.kind == OpKind::Method ? 1 : 0;
  std::vector<std::string> want;
  for (size_t i = first; i < op.params.size(); ++i) want.push_back(normalized_type(op.params[i].cpp_type));
  int by_arity = -1, exact = -1, arity_matches = 0;
  for (size_t f = 0; f < map.functions.size(); ++f) {
    std::vector<std::string> params;
    std::string name = without_abi_tags(map.functions[f].name);
    if (!parameters_of(name, cls + "::" + member, params) || params.size() != want.size()) continue;
    bool is_const = name.size() > 6 && name.substr(name.size() - 6) == " const";
    if (op.kind == OpKind::Method && is_const != op.is_const) continue;
    ++arity_matches;
    if (by_arity < 0) by_arity = static_cast<int>(f);
    if (params == want && exact < 0) exact = static_cast<int>(f);  // C1/C2 constructors: the same body
  }
  if (exact >= 0) return exact;
  return arity_matches == 1 ? by_arity : -1;
}

}  // namespace objgen::evolve
