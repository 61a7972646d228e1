// What the parameter search knows of an API before any try: per class its creators (simplest
// first), the builder calls that add state, a size observer, and its constants in the domain.
#include <algorithm>

#include "gen/params/method_search.hpp"

namespace objgen::params {
namespace search {
namespace {

bool creates(const Operation& o, ClassId cls) {
  return (o.kind == OpKind::Constructor || o.kind == OpKind::StaticFactory) && o.result.is_object() && o.result.cls == cls &&
         !o.through.derived();
}

// HeuriGenJ's signature complexity: literals cost 1, an object its class's simplest creator and 2.
double complexity(const Api& api, uint32_t op, int depth) {
  double c = 0;
  for (const SlotType& p : api.operations()[op].params) {
    if (p.is_literal()) {
      c += p.literal == LiteralKind::String ? 1.5 : 1;
      continue;
    }
    double best = 1e9;
    if (depth < kMaxBuildDepth)
      for (uint32_t k = 0; k < api.operations().size(); ++k)
        if (creates(api.operations()[k], p.cls)) best = std::min(best, complexity(api, k, depth + 1));
    c += 2 + best;
  }
  return c;
}

}  // namespace

ApiFacts learn_api(const Api& api, const LiteralDomain& domain, const std::map<ClassId, std::vector<uint32_t>>& builders) {
  ApiFacts f;
  f.fill_ran.assign(api.operations().size(), 0);
  f.fill_failed.assign(api.operations().size(), 0);
  size_t classes = registered_class_count();
  f.creators.resize(classes);
  f.fillers.resize(classes);
  f.size_op.assign(classes, -1);
  f.constants.resize(classes);
  const auto& ops = api.operations();
  for (uint32_t k = 0; k < ops.size(); ++k) {
    const Operation& o = ops[k];
    if (o.kind == OpKind::Method && !o.params.empty() && o.params[0].is_object() && o.params[0].cls < classes) {
      ClassId c = o.params[0].cls;
      const ClassInfo* info = api.find_class(c);
      if (info && !o.is_const && !o.through.derived() &&
          std::find(info->builders.begin(), info->builders.end(), o.name) != info->builders.end())
        f.fillers[c].push_back(k);
    }
    if ((o.kind == OpKind::Constructor || o.kind == OpKind::StaticFactory) && o.result.is_object() && o.result.cls < classes &&
        !o.through.derived())
      f.creators[o.result.cls].push_back(k);
  }
  for (const auto& [cls, ops_of] : builders)
    if (cls < classes) {
      f.fillers[cls].clear();
      for (uint32_t k : ops_of)
        if (k < ops.size() && ops[k].kind == OpKind::Method && !ops[k].is_const && !ops[k].params.empty() && ops[k].params[0].is_object() &&
            ops[k].params[0].cls == cls)
          f.fillers[cls].push_back(k);
    }
  // Builders that take arguments add what they are given (push(x), insert(x)); the others
  // (pop(), clear()) mostly take away, and fail on an empty object: kept only when nothing else builds.
  for (auto& list : f.fillers)
    if (std::any_of(list.begin(), list.end(), [&](uint32_t k) { return ops[k].params.size() > 1; }))
      std::erase_if(list, [&](uint32_t k) { return ops[k].params.size() <= 1; });
  for (size_t c = 0; c < classes; ++c) f.size_op[c] = size_observer(api, static_cast<ClassId>(c));
  for (auto& list : f.creators)
    std::stable_sort(list.begin(), list.end(), [&](uint32_t a, uint32_t b) { return complexity(api, a, 0) < complexity(api, b, 0); });
  for (const Literal& l : domain.of(LiteralKind::Int)) f.ints.push_back(l.i);
  for (const ClassInfo& info : api.classes())
    for (const auto& [name, value] : info.constants)
      if (auto it = std::find(f.ints.begin(), f.ints.end(), value); it != f.ints.end() && info.id < classes)
        f.constants[info.id].push_back(static_cast<uint32_t>(it - f.ints.begin()));
  return f;
}

}  // namespace search

int size_observer(const Api& api, ClassId cls) {
  const auto& ops = api.operations();
  for (uint32_t k = 0; k < ops.size(); ++k) {
    const Operation& o = ops[k];
    if (o.kind == OpKind::Method && o.is_const && o.params.size() == 1 && o.params[0].is_object() && o.params[0].cls == cls &&
        o.result.is_literal() && o.result.literal == LiteralKind::Int && (o.name == "size" || o.name == "length"))
      return static_cast<int>(k);
  }
  return -1;
}

}  // namespace objgen::params
