#include "model/selection.hpp"

#include <algorithm>
#include <stdexcept>

namespace objgen {
namespace {

// "push_back(const int&)" names deque::push_back(const int&): a signature without its class.
bool unqualified_match(const std::string& signature, const std::string& n) {
  return n.find('(') != std::string::npos && signature.size() > n.size() + 2 &&
         signature.compare(signature.size() - n.size(), n.size(), n) == 0 &&
         signature.compare(signature.size() - n.size() - 2, 2, "::") == 0;
}

bool names_operation(const Operation& op, const std::string& n) {
  return op.name == n || op.signature() == n || (op.is_const && op.signature() == n + " const") || unqualified_match(op.signature(), n) ||
         (op.is_const && unqualified_match(op.signature(), n + " const"));
}

// The operations a name stands for; an unknown name is an error listing the API.
std::vector<uint32_t> named_operations(const Api& api, const std::string& n) {
  const auto& ops = api.operations();
  std::vector<uint32_t> out;
  if (n == "all") {
    for (uint32_t i = 0; i < ops.size(); ++i) out.push_back(i);
    return out;
  }
  for (uint32_t i = 0; i < ops.size(); ++i)
    if (names_operation(ops[i], n)) out.push_back(i);
  if (out.empty()) {
    std::string known;
    for (const auto& op : ops) known += "\n  " + op.signature();
    throw std::invalid_argument("unknown method '" + n + "'; the API has:" + known);
  }
  return out;
}

}  // namespace

MethodList split_exclusions(const std::vector<std::string>& names) {
  MethodList list;
  for (const std::string& n : names) {
    if (n.size() > 1 && n[0] == '-')
      list.excluded.push_back(n.substr(1));
    else
      list.included.push_back(n);
  }
  if (list.included.empty()) list.included.push_back("all");
  return list;
}

std::vector<uint32_t> excluded_operations(const Api& api, const std::vector<std::string>& names) {
  std::vector<uint32_t> out;
  for (const std::string& n : split_exclusions(names).excluded)
    for (uint32_t i : named_operations(api, n)) out.push_back(i);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<uint32_t> select_operations(const Api& api, ClassId target, const std::vector<std::string>& names, bool add_constructors) {
  const auto& ops = api.operations();
  MethodList list = split_exclusions(names);
  std::vector<uint32_t> out;
  for (const std::string& n : list.included)
    for (uint32_t i : named_operations(api, n))
      if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
  std::vector<uint32_t> excluded = excluded_operations(api, names);
  std::erase_if(out, [&](uint32_t i) { return std::binary_search(excluded.begin(), excluded.end(), i); });
  bool all = list.included.size() == 1 && list.included[0] == "all";
  bool creates_target = false;
  for (uint32_t i : out) creates_target |= ops[i].result.is_object() && ops[i].result.cls == target;
  if (!all && !creates_target && add_constructors)
    for (uint32_t i = 0; i < ops.size(); ++i)
      if (ops[i].kind == OpKind::Constructor && ops[i].owner == target && !std::binary_search(excluded.begin(), excluded.end(), i))
        out.push_back(i);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace objgen
