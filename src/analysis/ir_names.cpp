#include "analysis/ir_names.hpp"

#include <llvm/IR/DerivedTypes.h>

#include <algorithm>
#include <set>

namespace objgen::analysis {

std::string class_of_struct(llvm::StructType* st) {
  if (!st || !st->hasName()) return "";
  std::string n = st->getName().str();
  for (const char* prefix : {"class.", "struct.", "union."})
    if (n.rfind(prefix, 0) == 0) {
      n = n.substr(std::string(prefix).size());
      break;
    }
  if (n.size() > 5 && n.compare(n.size() - 5, 5, ".base") == 0) n.resize(n.size() - 5);
  size_t dot = n.rfind('.');  // a numeric suffix LLVM adds to tell same-named types apart
  if (dot != std::string::npos && dot + 1 < n.size() && n.find_first_not_of("0123456789", dot + 1) == std::string::npos) n.resize(dot);
  return n;
}

std::string element_name(llvm::StructType* st, uint32_t element, const std::vector<std::string>& names) {
  size_t elements = st->getNumElements(), name = 0;
  for (uint32_t e = 0; e < elements; ++e) {
    auto* array = llvm::dyn_cast<llvm::ArrayType>(st->getElementType(e));
    bool padding = array && array->getElementType()->isIntegerTy(8) && elements - e > names.size() - std::min(name, names.size());
    if (padding) continue;
    if (e == element) return name < names.size() ? names[name] : "";
    ++name;
  }
  return "";
}

std::string qualified_name(const std::string& demangled) {
  int depth = 0;
  for (size_t i = 0; i < demangled.size(); ++i) {
    char c = demangled[i];
    if (c == '<') ++depth;
    if (c == '>') --depth;
    if (c == '(' && depth == 0) return demangled.substr(0, i);
  }
  return demangled;
}

std::string member_name(const std::string& qualified) {
  size_t at = qualified.rfind("::");
  std::string m = at == std::string::npos ? qualified : qualified.substr(at + 2);
  size_t angle = m.find('<');
  return angle == std::string::npos || m.rfind("operator", 0) == 0 ? m : m.substr(0, angle);
}

std::string top_namespace(const std::string& qualified) {
  size_t at = qualified.find("::");
  return at == std::string::npos ? "" : qualified.substr(0, at);
}

bool is_element_access(const std::string& member) {
  static const std::set<std::string> names = {"operator[]", "at",        "front",      "back", "begin", "end",         "cbegin",     "cend",
                                              "data",       "operator*", "operator->", "get",  "find",  "lower_bound", "upper_bound"};
  return names.count(member) > 0;
}

bool is_mutating_library_call(const std::string& member, bool is_const) {
  if (is_const || is_element_access(member)) return false;
  return member != "size" && member != "empty" && member != "capacity";
}

}  // namespace objgen::analysis
