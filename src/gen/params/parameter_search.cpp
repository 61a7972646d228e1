#include "gen/params/parameter_search.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <set>

#include "model/rng.hpp"

namespace objgen::params {
namespace {

constexpr int kMaxBuildDepth = 3;   // objects inside objects an argument may need
constexpr uint32_t kMaxFills = 32;  // builder calls that make a receiver non-empty
constexpr uint32_t kInitialFills = 3;
constexpr int64_t kSmallLimit = 8;  // "smaller sizes": values in [0, 8]

// How one parameter of a call gets its value.
struct Input {
  bool object = false;
  uint32_t literal = 0;   // index into the domain's values of the parameter's kind
  int object_index = -1;  // into Plan::objects
};

struct ObjectPlan {
  uint32_t creator = 0;
  std::vector<Input> args;
  struct Fill {
    uint32_t op;
    std::vector<Input> args;  // the receiver not included
  };
  std::vector<Fill> fills;
};

struct Plan {
  std::vector<ObjectPlan> objects;
  std::vector<Input> inputs;  // the method's parameters, receiver first for a member
};

// Which part of a try a call belongs to: building method parameter `slot`'s object (its
// creator, or a builder call on it), or the method itself.
struct CallRole {
  int slot = -1;  // -1: the method
  bool fill = false;
};

// A plan as straight-line calls; value numbers follow TestRunner's (one per object result).
class PlanWriter {
 public:
  PlanWriter(const Api& api, const Plan& plan) : api_(api), plan_(plan), value_of_(plan.objects.size(), -1) {}

  int object(int index, int slot) {
    if (value_of_[index] >= 0) return value_of_[index];
    const ObjectPlan& o = plan_.objects[static_cast<size_t>(index)];
    FlatCall c{o.creator, arguments(o.args, slot), {}};
    int v = push(std::move(c), {slot, false});
    for (const ObjectPlan::Fill& f : o.fills) {
      FlatCall fc{f.op, {v}, {}};
      for (int64_t a : arguments(f.args, slot)) fc.args.push_back(a);
      push(std::move(fc), {slot, true});
    }
    return value_of_[index] = v;
  }

  void method(uint32_t op) {
    FlatCall c{op, {}, {}};
    for (size_t k = 0; k < plan_.inputs.size(); ++k) c.args.push_back(argument(plan_.inputs[k], static_cast<int>(k)));
    push(std::move(c), {-1, false});
  }

  void call(uint32_t op, std::vector<int64_t> args) { push(FlatCall{op, std::move(args), {}}, {-1, false}); }

  FlatSequence& sequence() { return seq_; }
  const std::vector<CallRole>& roles() const { return roles_; }

 private:
  int64_t argument(const Input& in, int slot) { return in.object ? object(in.object_index, slot) : -1 - static_cast<int64_t>(in.literal); }
  std::vector<int64_t> arguments(const std::vector<Input>& inputs, int slot) {
    std::vector<int64_t> out;
    for (const Input& in : inputs) out.push_back(argument(in, slot));
    return out;
  }
  int push(FlatCall c, CallRole role) {
    const Operation& op = api_.operations()[c.op];
    for (size_t i = 0; i < op.params.size(); ++i) c.produced.push_back(op.params[i].is_object() ? static_cast<int>(c.args[i]) : -1);
    int result = op.result.is_object() ? next_value_++ : -1;
    seq_.calls.push_back(std::move(c));
    roles_.push_back(role);
    return result;
  }

  const Api& api_;
  const Plan& plan_;
  std::vector<int> value_of_;
  FlatSequence seq_;
  std::vector<CallRole> roles_;
  int next_value_ = 0;
};

// What the search knows of the API, computed once for all methods.
struct ApiFacts {
  std::vector<std::vector<uint32_t>> creators;  // per class: constructors and factories, simplest first
  std::vector<std::vector<uint32_t>> fillers;   // per class: builder calls that add state
  // Per operation, as a builder call in the tries so far: how often it ran, how often it failed
  // (set(pos) on an empty bitset): one that keeps failing is no longer chosen.
  std::vector<uint32_t> fill_ran, fill_failed;
  std::vector<int> size_op;                      // per class: a const size()/length() member, or -1
  std::vector<std::vector<uint32_t>> constants;  // per class: domain indices of its constants
  std::vector<int64_t> ints;                     // the domain's integers, in domain order (sorted)
};

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

// The knobs repairs turn, per method.
struct ObjectKnob {
  uint32_t rank = 0;   // which creator, simplest first
  uint32_t fills = 0;  // builder calls after it
  bool small_args = false;
};
enum class IntMode : uint8_t { Free, Bounded, Small };
struct IntKnob {
  IntMode mode = IntMode::Free;
  bool nonzero = false;
};
struct Knobs {
  std::vector<ObjectKnob> objects;  // per method parameter (used for object ones)
  std::vector<IntKnob> ints;        // per method parameter (used for integer ones)
  uint32_t crash_repairs = 0;
};

class MethodSearch {
 public:
  MethodSearch(const Api& api, const LiteralDomain& domain, ApiFacts& facts, uint32_t mut, bool heuristics, uint64_t seed)
      : api_(api), domain_(domain), facts_(facts), mut_(api.operations()[mut]), mut_index_(mut), heuristics_(heuristics), rng_(seed) {
    knobs_.objects.resize(mut_.params.size());
    knobs_.ints.resize(mut_.params.size());
    if (!heuristics_) return;
    bool container = false;
    for (size_t k = 0; k < mut_.params.size(); ++k) {
      const SlotType& p = mut_.params[k];
      if (!p.is_object()) continue;
      knobs_.objects[k].fills = facts_.fillers[p.cls].empty() ? 0 : kInitialFills;  // non-empty objects first
      container = container || facts_.size_op[p.cls] >= 0;
    }
    for (IntKnob& k : knobs_.ints) k.mode = container ? IntMode::Bounded : IntMode::Free;  // HeuriGenJ Algorithm 1
  }

  // Why the method cannot be called at all, or "".
  std::string unbuildable() const {
    if (mut_.params.size() > kMaxCallParams) return "more than " + std::to_string(kMaxCallParams) + " parameters (the test worker's limit)";
    for (const SlotType& p : mut_.params)
      if (p.is_object() && !buildable(p.cls, 0)) return "no way to build " + class_name(p.cls) + " in the API";
    return "";
  }

  // More inputs that run, drawn as the knobs that made the found one run say (no repairs): up to
  // `wanted`, within `wanted * tries` draws in all.
  void more_samples(MethodParams& m, uint32_t wanted, uint32_t tries, TestRunner& runner, uint64_t& executions,
                    const std::atomic<bool>* interrupted, const std::function<bool()>& time_left) {
    auto known = [&](const FlatSequence& seq) {
      return seq.calls == m.attempts.back().sequence.calls ||
             std::any_of(m.samples.begin(), m.samples.end(), [&](const FlatSequence& s) { return s.calls == seq.calls; });
    };
    for (uint32_t t = 0; m.samples.size() < wanted && t < wanted * tries && !(interrupted && interrupted->load()) && time_left(); ++t) {
      Attempt a = attempt(runner, executions);
      if (a.outcome == Outcome::Normal && !a.in_setup && !known(a.sequence)) m.samples.push_back(std::move(a.sequence));
    }
  }

  // Values the tries give these parameters until one reaches the method (domain indices;
  // nullopt: drawn as usual).
  void start_from(std::vector<std::optional<uint32_t>> values) { first_values_ = std::move(values); }

  MethodParams run(uint32_t tries, TestRunner& runner, uint64_t& executions, const std::atomic<bool>* interrupted) {
    MethodParams out;
    out.op = mut_index_;
    for (uint32_t t = 0; t < tries && !(interrupted && interrupted->load()); ++t) {
      Attempt a = attempt(runner, executions);
      bool ok = a.outcome == Outcome::Normal && !a.in_setup;
      if (!ok && heuristics_) a.repair = repair(a);
      out.attempts.push_back(std::move(a));
      if (ok) {
        out.status = t == 0 ? Status::Normal : Status::Repaired;
        return out;
      }
    }
    if (out.attempts.empty()) {
      out.why = "interrupted";
      return out;
    }
    out.status = Status::GaveUp;
    const Attempt& last = out.attempts.back();
    out.why = std::string(cause_name(last.cause)) + (last.in_setup ? " while building an input: " : ": ") + last.message;
    return out;
  }

 private:
  std::string class_name(ClassId cls) const {
    const ClassInfo* info = api_.find_class(cls);
    return info ? info->name : "class #" + std::to_string(cls);
  }

  bool buildable(ClassId cls, int depth) const {
    if (depth > kMaxBuildDepth) return false;
    for (uint32_t c : facts_.creators[cls]) {
      bool all = true;
      for (const SlotType& p : api_.operations()[c].params) all = all && (p.is_literal() || buildable(p.cls, depth + 1));
      if (all) return true;
    }
    return false;
  }

  // The inputs as the knobs say, with fewer builder calls until the test case fits the worker's
  // limit on calls (two receivers of 32 builder calls each would not).
  Plan plan_inputs() {
    for (int shrink = 0;; ++shrink) {
      Plan plan;
      plan.inputs.resize(mut_.params.size());
      for (size_t k = 0; k < mut_.params.size(); ++k)
        if (mut_.params[k].is_object()) {
          const ObjectKnob& kn = knobs_.objects[k];
          plan.inputs[k] = {true, 0, build(plan, mut_.params[k].cls, kn.rank, kn.fills, kn.small_args, 0)};
        }
      PlanWriter w(api_, plan);
      w.method(mut_index_);
      if (w.sequence().calls.size() <= kMaxTestCalls || shrink == 8) return plan;
      for (ObjectKnob& k : knobs_.objects) k.fills /= 2;
    }
  }

  Attempt attempt(TestRunner& runner, uint64_t& executions) {
    Plan plan = plan_inputs();
    int64_t bound = any_int(IntMode::Bounded, all_slots()) ? size_bound(plan, runner, executions) : 0;
    draw_literals(plan, bound);
    for (size_t k = 0; k < first_values_.size() && k < plan.inputs.size(); ++k)
      if (first_values_[k] && mut_.params[k].is_literal() && *first_values_[k] < domain_.of(mut_.params[k].literal).size())
        plan.inputs[k] = {false, *first_values_[k], -1};
    PlanWriter w(api_, plan);
    w.method(mut_index_);
    Attempt a;
    a.sequence = std::move(w.sequence());
    roles_ = w.roles();
    TestOutcome o = runner.run({a.sequence})[0];
    ++executions;
    size_t length = a.sequence.calls.size();
    bool method_ran = o.feasible || o.failed_at == length;
    a.outcome = o.outcome;
    a.message = o.message;
    a.in_setup = !method_ran;
    if (method_ran) first_values_.clear();  // they had their try
    if (a.in_setup) failed_role_ = o.failed_at >= 1 && o.failed_at <= roles_.size() ? roles_[o.failed_at - 1] : CallRole{};
    size_t ran_calls = method_ran ? length : o.failed_at == 0 ? 0 : o.failed_at - 1;
    for (size_t i = 0; i < length; ++i)
      if (roles_[i].fill) {
        if (i < ran_calls)
          ++facts_.fill_ran[a.sequence.calls[i].op];
        else if (i == ran_calls)
          ++facts_.fill_failed[a.sequence.calls[i].op];
      }
    a.cause = o.feasible && o.outcome == Outcome::Normal ? Cause::None : classify_failure(o.outcome, o.message);
    a.receiver_unchanged = mut_.kind == OpKind::Method && (o.probed_mask & 1u) && !(o.changed_mask & 1u);
    if (!a.in_setup && a.cause != Cause::None) a.blamed = blamed_parameters(a.message, mut_.param_names, int_arguments(a.sequence));
    if (!a.in_setup && a.cause == Cause::Index && last_bound_ == 0 && any_int(IntMode::Bounded, targets(a.blamed)))
      a.cause = Cause::EmptyState;
    return a;
  }

  // A new object of cls in the plan: its creator by rank, arguments, then `fills` builder calls.
  int build(Plan& plan, ClassId cls, uint32_t rank, uint32_t fills, bool small, int depth) {
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
  int64_t size_bound(const Plan& plan, TestRunner& runner, uint64_t& executions) {
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

  void draw_literals(Plan& plan, int64_t bound) {
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

  bool is_int(size_t k) const { return mut_.params[k].is_literal() && mut_.params[k].literal == LiteralKind::Int; }

  std::vector<uint32_t> all_slots() const {
    std::vector<uint32_t> all(mut_.params.size());
    for (uint32_t k = 0; k < all.size(); ++k) all[k] = k;
    return all;
  }

  // What a repair changes: the blamed parameters, or all of them when the failure blamed none.
  std::vector<uint32_t> targets(const std::vector<uint32_t>& blamed) const { return blamed.empty() ? all_slots() : blamed; }

  bool any_int(IntMode mode, const std::vector<uint32_t>& slots) const {
    return std::any_of(slots.begin(), slots.end(), [&](uint32_t k) { return is_int(k) && knobs_.ints[k].mode == mode; });
  }

  // Sets the integer parameters among `slots` to `mode`; false when there were none to change.
  bool set_ints(const std::vector<uint32_t>& slots, IntMode mode) {
    bool changed = false;
    for (uint32_t k : slots)
      if (is_int(k) && knobs_.ints[k].mode != mode) {
        knobs_.ints[k].mode = mode;
        changed = true;
      }
    return changed;
  }

  // The integer arguments of the method's call in `seq` (the last call), per slot.
  std::vector<std::optional<int64_t>> int_arguments(const FlatSequence& seq) const {
    std::vector<std::optional<int64_t>> out(mut_.params.size());
    const FlatCall& c = seq.calls.back();
    for (size_t k = 0; k < out.size() && k < c.args.size(); ++k)
      if (is_int(k) && c.args[k] < 0) out[k] = domain_.of(LiteralKind::Int)[static_cast<size_t>(-1 - c.args[k])].i;
    return out;
  }

  // "pos, n: " for a repair of blamed parameters, "" when it changes them all.
  std::string named(const std::vector<uint32_t>& blamed) const {
    std::string out;
    for (uint32_t k : blamed) out += (out.empty() ? "" : ", ") + mut_.parameter_name(k);
    return out.empty() ? "" : out + ": ";
  }

  // Eq. 1-4: non-negative, summing below R, non-decreasing (from/to, pos/count).
  void bounded_indices(Plan& plan, const std::vector<size_t>& ints, int64_t r) {
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
  uint32_t free_int(ClassId owner, IntKnob knob) {
    if (knob.mode == IntMode::Small) return int_in(knob.nonzero ? 1 : 0, kSmallLimit);
    const std::vector<uint32_t>& cs = facts_.constants[owner];
    for (int t = 0; t < 8; ++t) {
      uint32_t idx = !cs.empty() && rng_.chance(0.5) ? cs[rng_.below(cs.size())] : static_cast<uint32_t>(rng_.below(facts_.ints.size()));
      if (!knob.nonzero || facts_.ints[idx] != 0) return idx;
    }
    return int_in(1, kSmallLimit);
  }

  // A value of the domain in [lo, hi] (the nearest one when none is).
  uint32_t int_in(int64_t lo, int64_t hi) {
    auto b = std::lower_bound(facts_.ints.begin(), facts_.ints.end(), lo);
    auto e = std::upper_bound(facts_.ints.begin(), facts_.ints.end(), hi);
    if (b >= e) return static_cast<uint32_t>(std::min<size_t>(b - facts_.ints.begin(), facts_.ints.size() - 1));
    return static_cast<uint32_t>((b - facts_.ints.begin()) + static_cast<long>(rng_.below(static_cast<uint64_t>(e - b))));
  }

  uint32_t uniform(LiteralKind k) {
    size_t n = domain_.of(k).size();
    return n == 0 ? 0 : static_cast<uint32_t>(rng_.below(n));
  }

  Input creator_literal(const SlotType& p, ClassId cls, bool small) {
    if (p.literal != LiteralKind::Int || !heuristics_) return {false, uniform(p.literal), -1};
    return {false, free_int(cls, {small ? IntMode::Small : IntMode::Free, false}), -1};
  }

  // Builder arguments: small non-negative integers (an element, a count, a position at the end).
  Input fill_literal(const SlotType& p) {
    if (p.literal != LiteralKind::Int) return {false, uniform(p.literal), -1};
    return {false, heuristics_ ? int_in(0, kSmallLimit) : uniform(LiteralKind::Int), -1};
  }

  // The cause's repair, applied to the knobs of the parameters the failure blamed (all of them
  // when it blamed none); says what it changed.
  std::string repair(const Attempt& a) {
    if (a.in_setup) return repair_input(failed_role_);
    std::vector<uint32_t> slots = targets(a.blamed);
    std::string who = named(a.blamed);
    switch (a.cause) {
      case Cause::Index:
        if (set_ints(slots, IntMode::Bounded)) return who + "integers as indices: non-negative, summing below the smallest size";
        return grow_inputs(slots, who + "larger inputs, so more indices are in range");
      case Cause::EmptyState:
        return grow_inputs(slots, who + "non-empty inputs");
      case Cause::Size:
      case Cause::Hang:
      case Cause::Overflow:
        for (uint32_t k : slots) knobs_.objects[k].small_args = true;
        if (set_ints(slots, IntMode::Small)) return who + "smaller integers (0 to 8)";
        return shrink_inputs(slots, who);
      case Cause::DivideByZero:
        for (uint32_t k : slots) knobs_.ints[k].nonzero = true;
        return who + "no zero integers";
      case Cause::Value:
        if (rng_.chance(0.5)) set_ints(slots, IntMode::Free);
        return next_creators(slots, who + "other values (the class's constants, then any)");
      case Cause::Crash:
        return repair_crash(slots, who);
      case Cause::None:
        break;
    }
    return "";
  }

  // A crash says nothing of its cause: the repairs in turn, indices, non-empty inputs, small
  // values (those on integers only when the blamed parameters have some).
  std::string repair_crash(const std::vector<uint32_t>& slots, const std::string& who) {
    for (int step = 0; step < 3; ++step) switch (knobs_.crash_repairs++ % 3) {
        case 0:
          if (set_ints(slots, IntMode::Bounded)) return who + "integers as indices (after a crash)";
          break;
        case 1:
          return grow_inputs(slots, who + "non-empty inputs (after a crash)");
        default:
          if (set_ints(slots, IntMode::Small)) return who + "smaller integers (after a crash)";
          break;
      }
    return grow_inputs(slots, who + "non-empty inputs (after a crash)");
  }

  std::string repair_input(CallRole role) {
    if (role.slot < 0 || static_cast<size_t>(role.slot) >= knobs_.objects.size()) return "";
    ObjectKnob& k = knobs_.objects[static_cast<size_t>(role.slot)];
    std::string what = "input " + std::to_string(role.slot);
    if (role.fill) {
      k.fills /= 2;
      return what + ": fewer builder calls (" + std::to_string(k.fills) + ")";
    }
    const auto& creators = facts_.creators[mut_.params[static_cast<size_t>(role.slot)].cls];
    if (k.rank + 1 < creators.size()) {
      ++k.rank;
      return what + ": the next simplest creator, " + api_.operations()[creators[k.rank]].signature();
    }
    k.small_args = true;
    return what + ": smaller arguments for its creator";
  }

  // More builder calls on the object parameters among `slots` (all of them when none is one).
  std::string grow_inputs(const std::vector<uint32_t>& slots, const std::string& why) {
    std::vector<uint32_t> objects = object_slots(slots);
    bool grown = false;
    for (uint32_t k : objects)
      if (!facts_.fillers[mut_.params[k].cls].empty()) {
        ObjectKnob& kn = knobs_.objects[k];
        kn.fills = std::min(kMaxFills, std::max<uint32_t>(kInitialFills, kn.fills * 2));
        grown = true;
      }
    if (grown) return why + ": more builder calls";
    return next_creators(objects, why + ": other creators");
  }

  std::string shrink_inputs(const std::vector<uint32_t>& slots, const std::string& who) {
    for (uint32_t k : object_slots(slots)) knobs_.objects[k].fills /= 2;
    return who + "smaller integers, fewer builder calls";
  }

  std::string next_creators(const std::vector<uint32_t>& slots, const std::string& why) {
    for (uint32_t k : object_slots(slots)) {
      size_t n = facts_.creators[mut_.params[k].cls].size();
      if (n > 1) knobs_.objects[k].rank = (knobs_.objects[k].rank + 1) % static_cast<uint32_t>(n);
    }
    return why;
  }

  // The object parameters among `slots`, or all of them when there are none (a blamed index
  // grows the container it indexes).
  std::vector<uint32_t> object_slots(const std::vector<uint32_t>& slots) const {
    std::vector<uint32_t> objects;
    for (uint32_t k : slots)
      if (mut_.params[k].is_object()) objects.push_back(k);
    if (objects.empty())
      for (uint32_t k = 0; k < mut_.params.size(); ++k)
        if (mut_.params[k].is_object()) objects.push_back(k);
    return objects;
  }

  const Api& api_;
  const LiteralDomain& domain_;
  ApiFacts& facts_;
  const Operation& mut_;
  uint32_t mut_index_;
  bool heuristics_;
  Rng rng_;
  Knobs knobs_;
  std::vector<CallRole> roles_;
  CallRole failed_role_;
  int64_t last_bound_ = -1;
  std::vector<std::optional<uint32_t>> first_values_;
};

uint64_t mix(uint64_t seed, const std::string& text) {
  uint64_t h = seed ^ 0x9e3779b97f4a7c15ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// The repository's inputs for op, run once: they may no longer run (the code changed).
std::optional<Attempt> rerun_stored(const ParamsOptions& options, uint32_t op, TestRunner& runner, uint64_t& executions) {
  if (!options.stored_inputs) return std::nullopt;
  std::optional<FlatSequence> seq = options.stored_inputs(op);
  if (!seq) return std::nullopt;
  TestOutcome o = runner.run({*seq})[0];
  ++executions;
  Attempt a;
  a.sequence = std::move(*seq);
  a.outcome = o.outcome;
  a.message = o.message;
  a.in_setup = !o.feasible && o.failed_at != a.sequence.calls.size();
  a.cause = o.feasible && o.outcome == Outcome::Normal ? Cause::None : classify_failure(o.outcome, o.message);
  a.receiver_unchanged = (o.probed_mask & 1u) && !(o.changed_mask & 1u);  // used for members only
  return a;
}

// The found call repeated on its receiver until the test case is full: the worker stops at the
// first call that does not run normally, which says how many did.
// True when a repeated call failed and the worker lived on (an exception past a precondition):
// what it left behind should not reach the next method.
bool measure_repeats(MethodParams& m, TestRunner& runner, uint64_t& executions) {
  FlatSequence seq = m.attempts.back().sequence;
  size_t setup = seq.calls.size() - 1;
  if (setup + 2 > kMaxTestCalls) return false;
  FlatCall call = seq.calls.back();
  while (seq.calls.size() < kMaxTestCalls) seq.calls.push_back(call);
  TestOutcome o = runner.run({seq})[0];
  ++executions;
  m.repeat_limit = static_cast<int>(seq.calls.size() - setup);
  if (o.feasible)
    m.repeatable = o.outcome == Outcome::Normal ? m.repeat_limit : m.repeat_limit - 1;
  else if (o.failed_at > setup)
    m.repeatable = static_cast<int>(o.failed_at - setup - 1);
  bool died = o.outcome == Outcome::Crash || o.outcome == Outcome::Timeout || o.outcome == Outcome::OutOfMemory;
  return !(o.feasible && o.outcome == Outcome::Normal) && !died;
}

}  // namespace

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

const char* status_name(Status s) {
  switch (s) {
    case Status::Normal:
      return "normal";
    case Status::Repaired:
      return "repaired";
    case Status::Reused:
      return "reused";
    case Status::GaveUp:
      return "gave up";
    case Status::Unbuildable:
      return "unbuildable";
    case Status::NotTried:
      return "not tried";
  }
  return "?";
}

size_t ParamsResult::ran() const {
  return static_cast<size_t>(std::count_if(methods.begin(), methods.end(), [](const MethodParams& m) { return m.ran(); }));
}

LiteralDomain params_domain(const Api& api) {
  std::set<int64_t> ints{-1000, -100, -10, -2, -1, 100, 127, 128, 255, 256, 500, 1000, 1024, 4096, 10000, 65536, 1 << 20, INT_MAX, INT_MIN};
  for (int64_t v = 0; v <= 64; ++v) ints.insert(v);
  for (const ClassInfo& info : api.classes())
    for (const auto& [name, value] : info.constants)
      for (int64_t d : {-1, 0, 1})
        if ((d < 0 && value > LLONG_MIN) || (d > 0 && value < LLONG_MAX) || d == 0) ints.insert(value + d);
  std::string spec;
  for (int64_t v : ints) spec += (spec.empty() ? "" : ",") + std::to_string(v);
  LiteralDomain d = LiteralDomain::defaults(1);
  d.set_ints(spec);
  d.set_doubles("-100,-1,0,0.5,1,2,3.25,100,1000000");
  d.set_chars("a,z,A,0");
  d.set_bools("false,true");
  d.set_strings("'',a,abc,hello world,0123456789");
  return d;
}

ParamsResult find_parameters(const Api& api, const std::vector<uint32_t>& methods, const LiteralDomain& domain, TestRunner& runner,
                             const ParamsOptions& options) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  ApiFacts facts = learn_api(api, domain, options.builders);
  if (options.fill_ran.size() == facts.fill_ran.size() && options.fill_failed.size() == facts.fill_failed.size()) {
    facts.fill_ran = options.fill_ran;
    facts.fill_failed = options.fill_failed;
  }
  ParamsResult result;
  for (size_t i = 0; i < methods.size(); ++i) {
    uint32_t op = methods[i];
    MethodParams m;
    m.op = op;
    MethodSearch search(api, domain, facts, op, options.heuristics, mix(options.seed, api.operations()[op].signature()));
    if (options.time_limit_seconds > 0 && elapsed() >= options.time_limit_seconds) {
      m.why = "the time limit came first";
    } else if (std::string why = search.unbuildable(); !why.empty()) {
      m.status = Status::Unbuildable;
      m.why = why;
    } else if (std::optional<Attempt> again = rerun_stored(options, op, runner, result.executions); again && again->cause == Cause::None) {
      m.status = Status::Reused;
      m.attempts.push_back(std::move(*again));
    } else if (options.interrupted && options.interrupted->load()) {
      m.why = "interrupted";
    } else {
      if (!again && options.stored_values) search.start_from(options.stored_values(op));  // nothing stored for this signature
      m = search.run(options.tries, runner, result.executions, options.interrupted);
      for (const Attempt& a : m.attempts)
        if (a.cause != Cause::None) {
          CauseTally& t = result.causes[static_cast<size_t>(a.cause)];
          ++t.seen;
          t.handled += m.ran();
        }
    }
    if (m.ran() && options.samples > 1 && options.heuristics) {
      auto time_left = [&] { return options.time_limit_seconds <= 0 || elapsed() < options.time_limit_seconds; };
      search.more_samples(m, options.samples - 1, options.tries, runner, result.executions, options.interrupted, time_left);
    }
    if (m.ran() && api.operations()[op].kind == OpKind::Method && measure_repeats(m, runner, result.executions))
      runner.restart_worker();  // the repeats went past the method's preconditions: no damage carries over
    result.methods.push_back(std::move(m));
    if (options.progress) options.progress(i + 1, methods.size());
  }
  result.seconds = elapsed();
  result.fill_ran = std::move(facts.fill_ran);
  result.fill_failed = std::move(facts.fill_failed);
  return result;
}

}  // namespace objgen::params
