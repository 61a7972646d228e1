#include "model/selection.hpp"

#include <algorithm>
#include <stdexcept>

namespace objgen {

std::vector<uint32_t> select_operations(const Api& api, ClassId target, const std::vector<std::string>& names,
                                        bool add_constructors) {
  const auto& ops = api.operations();
  std::vector<uint32_t> out;
  if (names.empty() || (names.size() == 1 && names[0] == "all")) {
    for (uint32_t i = 0; i < ops.size(); ++i) out.push_back(i);
    return out;
  }
  // "push_back(const int&)" names deque::push_back(const int&): a signature without its class.
  auto unqualified_match = [](const std::string& signature, const std::string& n) {
    return n.find('(') != std::string::npos && signature.size() > n.size() + 2 &&
           signature.compare(signature.size() - n.size(), n.size(), n) == 0 &&
           signature.compare(signature.size() - n.size() - 2, 2, "::") == 0;
  };
  for (const auto& n : names) {
    bool found = false;
    for (uint32_t i = 0; i < ops.size(); ++i)
      if (ops[i].name == n || ops[i].signature() == n || (ops[i].is_const && ops[i].signature() == n + " const") ||
          unqualified_match(ops[i].signature(), n) || (ops[i].is_const && unqualified_match(ops[i].signature(), n + " const"))) {
        if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
        found = true;
      }
    if (!found) {
      std::string known;
      for (const auto& op : ops) known += "\n  " + op.signature();
      throw std::invalid_argument("unknown method '" + n + "'; the API has:" + known);
    }
  }
  bool creates_target = false;
  for (uint32_t i : out) creates_target |= ops[i].result.is_object() && ops[i].result.cls == target;
  if (!creates_target && add_constructors)
    for (uint32_t i = 0; i < ops.size(); ++i)
      if (ops[i].kind == OpKind::Constructor && ops[i].owner == target) out.push_back(i);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace objgen
