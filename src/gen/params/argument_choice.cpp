// The choice of a try's receivers and arguments: with heuristics (HeuriGenJ §5), the simplest
// creator that can be built, builder calls that make receivers non-empty, integers as indices
// bounded by the smallest size, the class's constants, small values when asked; without them
// (the baseline), every value uniformly from the domain.
#include <algorithm>

#include "gen/params/method_search.hpp"

namespace objgen::params::search {

// A new object of cls in the plan: its creator by rank, arguments, then `fills` builder calls.
int MethodSearch::build(Plan& plan, ClassId cls, uint32_t rank, uint32_t fills, bool small, int depth) {
  const std::vector<uint32_t>& creators = facts_.creators[cls];
  uint32_t creator = creators[std::min<size_t>(rank, creators.size() - 1)];
  for (size_t r = rank; r < creators.size() + rank; ++r) {  // the first creator from rank on that can be built
    uint32_t c = creators[r % creators.size()];
    bool ok = true;
    for (const SlotType& p : api_.operations()[c].params)
      ok = ok && (p.is_literal() || (depth < kMaxBuildDepth && buildable(p.cls, depth + 1)));
    if (ok) {
      creator = c;
      break;
    }
  }
  ObjectPlan o;
  o.creator = creator;
  for (const SlotType& p : api_.operations()[creator].params)
    o.args.push_back(p.is_object() ? Input{true, 0, build(plan, p.cls, 0, 0, small, depth + 1)} : creator_literal(p, cls, small));
  std::vector<uint32_t> fillers;
  for (uint32_t op : facts_.fillers[cls])
    if (facts_.fill_ran[op] > 0 || facts_.fill_failed[op] < 2) fillers.push_back(op);
  for (uint32_t f = 0; f < fills && !fillers.empty(); ++f) {
    uint32_t op = fillers[rng_.below(fillers.size())];
    ObjectPlan::Fill fill{op, {}};
    const std::vector<SlotType>& ps = api_.operations()[op].params;
    for (size_t i = 1; i < ps.size(); ++i)
      fill.args.push_back(
          ps[i].is_object()
              ? Input{true, 0,
                      depth < kMaxBuildDepth && buildable(ps[i].cls, depth + 1) ? build(plan, ps[i].cls, 0, 0, true, depth + 1) : -1}
              : fill_literal(ps[i]));
    if (std::any_of(fill.args.begin(), fill.args.end(), [](const Input& in) { return in.object && in.object_index < 0; })) continue;
    o.fills.push_back(std::move(fill));
  }
  plan.objects.push_back(std::move(o));
  return static_cast<int>(plan.objects.size() - 1);
}

// HeuriGenJ §5.1's range R: the smallest positive size among the method's container inputs
// (the receiver's included), from a run that builds each and asks its size(); 0 when all are
// empty; without containers, one of the class's constants or a random positive value.
int64_t MethodSearch::size_bound(const Plan& plan, TestRunner& runner, uint64_t& executions) {
  std::vector<FlatSequence> probes;
  for (size_t k = 0; k < mut_.params.size(); ++k) {
    const SlotType& p = mut_.params[k];
    if (!p.is_object() || facts_.size_op[p.cls] < 0) continue;
    PlanWriter w(api_, plan);
    int v = w.object(plan.inputs[k].object_index, static_cast<int>(k));
    w.call(static_cast<uint32_t>(facts_.size_op[p.cls]), {v});
    probes.push_back(std::move(w.sequence()));
  }
  int64_t r = -1;
  bool any_empty = false;
  for (const TestOutcome& o : runner.run(probes)) {
    ++executions;
    if (!o.feasible || !o.has_result) continue;
    if (o.result.i > 0) r = r < 0 ? o.result.i : std::min(r, o.result.i);
    any_empty = any_empty || o.result.i == 0;
  }
  if (r < 0 && any_empty) r = 0;
  if (r < 0) {  // no container: Algorithm 1's fallbacks
    const std::vector<uint32_t>& cs = facts_.constants[mut_.owner];
    std::vector<int64_t> positive;
    for (uint32_t c : cs)
      if (facts_.ints[c] > 0) positive.push_back(facts_.ints[c]);
    r = positive.empty() ? 1 + static_cast<int64_t>(rng_.below(64)) : positive[rng_.below(positive.size())];
  }
  return last_bound_ = r;
}

void MethodSearch::draw_literals(Plan& plan, int64_t bound) {
  std::vector<size_t> indices;
  for (size_t k = 0; k < mut_.params.size(); ++k) {
    const SlotType& p = mut_.params[k];
    if (p.is_object()) continue;
    if (p.literal != LiteralKind::Int || !heuristics_)
      plan.inputs[k] = {false, uniform(p.literal), -1};
    else if (knobs_.ints[k].mode == IntMode::Bounded)
      indices.push_back(k);
    else
      plan.inputs[k] = {false, free_int(mut_.owner, knobs_.ints[k]), -1};
  }
  if (!indices.empty()) bounded_indices(plan, indices, bound);
}

// Eq. 1-4: non-negative, summing below R, non-decreasing (from/to, pos/count).
void MethodSearch::bounded_indices(Plan& plan, const std::vector<size_t>& ints, int64_t r) {
  int64_t room = std::max<int64_t>(r - 1, 0), prev = 0;
  for (size_t i = 0; i < ints.size(); ++i) {
    int64_t hi = std::max(prev, room / static_cast<int64_t>(ints.size() - i));
    uint32_t idx = int_in(prev, hi);
    if (knobs_.ints[ints[i]].nonzero && facts_.ints[idx] == 0) idx = int_in(1, std::max<int64_t>(hi, 1));
    prev = facts_.ints[idx];
    room = std::max<int64_t>(room - prev, 0);
    plan.inputs[ints[i]] = {false, idx, -1};
  }
}

// The class's constants first (half the time, when it has some), else any value of the
// domain; small: [0, 8]; nonzero: never 0.
uint32_t MethodSearch::free_int(ClassId owner, IntKnob knob) {
  if (knob.mode == IntMode::Small) return int_in(knob.nonzero ? 1 : 0, kSmallLimit);
  const std::vector<uint32_t>& cs = facts_.constants[owner];
  for (int t = 0; t < 8; ++t) {
    uint32_t idx = !cs.empty() && rng_.chance(0.5) ? cs[rng_.below(cs.size())] : static_cast<uint32_t>(rng_.below(facts_.ints.size()));
    if (!knob.nonzero || facts_.ints[idx] != 0) return idx;
  }
  return int_in(1, kSmallLimit);
}

// A value of the domain in [lo, hi] (the nearest one when none is).
uint32_t MethodSearch::int_in(int64_t lo, int64_t hi) {
  auto b = std::lower_bound(facts_.ints.begin(), facts_.ints.end(), lo);
  auto e = std::upper_bound(facts_.ints.begin(), facts_.ints.end(), hi);
  if (b >= e) return static_cast<uint32_t>(std::min<size_t>(b - facts_.ints.begin(), facts_.ints.size() - 1));
  return static_cast<uint32_t>((b - facts_.ints.begin()) + static_cast<long>(rng_.below(static_cast<uint64_t>(e - b))));
}

uint32_t MethodSearch::uniform(LiteralKind k) {
  size_t n = domain_.of(k).size();
  return n == 0 ? 0 : static_cast<uint32_t>(rng_.below(n));
}

Input MethodSearch::creator_literal(const SlotType& p, ClassId cls, bool small) {
  if (p.literal != LiteralKind::Int || !heuristics_) return {false, uniform(p.literal), -1};
  return {false, free_int(cls, {small ? IntMode::Small : IntMode::Free, false}), -1};
}

// Builder arguments: small non-negative integers (an element, a count, a position at the end).
Input MethodSearch::fill_literal(const SlotType& p) {
  if (p.literal != LiteralKind::Int) return {false, uniform(p.literal), -1};
  return {false, heuristics_ ? int_in(0, kSmallLimit) : uniform(LiteralKind::Int), -1};
}

}  // namespace objgen::params::search
