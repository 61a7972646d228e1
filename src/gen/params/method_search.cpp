// One method's search: the plan of a try written as calls, run in the supervised worker, and
// tries until one reaches the method and returns, with a repair after each failure.
#include "gen/params/method_search.hpp"

#include <algorithm>

namespace objgen::params::search {

int PlanWriter::object(int index, int slot) {
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

void PlanWriter::method(uint32_t op) {
  FlatCall c{op, {}, {}};
  for (size_t k = 0; k < plan_.inputs.size(); ++k) c.args.push_back(argument(plan_.inputs[k], static_cast<int>(k)));
  push(std::move(c), {-1, false});
}

std::vector<int64_t> PlanWriter::arguments(const std::vector<Input>& inputs, int slot) {
  std::vector<int64_t> out;
  out.reserve(inputs.size());
  for (const Input& in : inputs) out.push_back(argument(in, slot));
  return out;
}

int PlanWriter::push(FlatCall c, CallRole role) {
  const Operation& op = api_.operations()[c.op];
  for (size_t i = 0; i < op.params.size(); ++i) c.produced.push_back(op.params[i].is_object() ? static_cast<int>(c.args[i]) : -1);
  int result = op.result.is_object() ? next_value_++ : -1;
  seq_.calls.push_back(std::move(c));
  roles_.push_back(role);
  return result;
}

MethodSearch::MethodSearch(const Api& api, const LiteralDomain& domain, ApiFacts& facts, uint32_t mut, bool heuristics, uint64_t seed)
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

std::string MethodSearch::unbuildable() const {
  if (mut_.params.size() > kMaxCallParams) return "more than " + std::to_string(kMaxCallParams) + " parameters (the test worker's limit)";
  for (const SlotType& p : mut_.params)
    if (p.is_object() && !buildable(p.cls, 0)) return "no way to build " + class_name(p.cls) + " in the API";
  return "";
}

void MethodSearch::more_samples(MethodParams& m, uint32_t wanted, uint32_t tries, TestRunner& runner, uint64_t& executions,
                                const std::atomic<bool>* interrupted, const std::function<bool()>& time_left) {
  auto known = [&](const FlatSequence& seq) {
    return seq.calls == m.attempts.back().sequence.calls ||
           std::any_of(m.samples.begin(), m.samples.end(), [&](const FlatSequence& s) { return s.calls == seq.calls; });
  };
  for (uint32_t t = 0; m.samples.size() < wanted && t < wanted * tries && !(interrupted && interrupted->load()) && time_left(); ++t) {
    Attempt a = attempt(runner, executions);
    if (a.stopped) break;
    if (a.outcome == Outcome::Normal && !a.in_setup && !known(a.sequence)) m.samples.push_back(std::move(a.sequence));
  }
}

MethodParams MethodSearch::run(uint32_t tries, TestRunner& runner, uint64_t& executions, const std::atomic<bool>* interrupted) {
  MethodParams out;
  out.op = mut_index_;
  for (uint32_t t = 0; t < tries && !(interrupted && interrupted->load()); ++t) {
    Attempt a = attempt(runner, executions);
    if (a.stopped) break;  // the time limit: the tries so far are what is known
    bool ok = a.outcome == Outcome::Normal && !a.in_setup;
    if (!ok && heuristics_) a.repair = repair(a);
    out.attempts.push_back(std::move(a));
    if (ok) {
      out.status = t == 0 ? Status::Normal : Status::Repaired;
      return out;
    }
  }
  if (out.attempts.empty()) {
    out.why = interrupted && interrupted->load() ? "interrupted" : "the time limit came first";
    return out;
  }
  out.status = Status::GaveUp;
  const Attempt& last = out.attempts.back();
  out.why = std::string(cause_name(last.cause)) + (last.in_setup ? " while building an input: " : ": ") + last.message;
  return out;
}

std::string MethodSearch::class_name(ClassId cls) const {
  const ClassInfo* info = api_.find_class(cls);
  return info ? info->name : "class #" + std::to_string(cls);
}

bool MethodSearch::buildable(ClassId cls, int depth) const {
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
Plan MethodSearch::plan_inputs() {
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

Attempt MethodSearch::attempt(TestRunner& runner, uint64_t& executions) {
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
  if (o.stopped) {
    a.stopped = true;
    a.message = o.message;
    return a;
  }
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

std::vector<uint32_t> MethodSearch::all_slots() const {
  std::vector<uint32_t> all(mut_.params.size());
  for (uint32_t k = 0; k < all.size(); ++k) all[k] = k;
  return all;
}

bool MethodSearch::any_int(IntMode mode, const std::vector<uint32_t>& slots) const {
  return std::any_of(slots.begin(), slots.end(), [&](uint32_t k) { return is_int(k) && knobs_.ints[k].mode == mode; });
}

// The integer arguments of the method's call in `seq` (the last call), per slot.
std::vector<std::optional<int64_t>> MethodSearch::int_arguments(const FlatSequence& seq) const {
  std::vector<std::optional<int64_t>> out(mut_.params.size());
  const FlatCall& c = seq.calls.back();
  for (size_t k = 0; k < out.size() && k < c.args.size(); ++k)
    if (is_int(k) && c.args[k] < 0) out[k] = domain_.of(LiteralKind::Int)[static_cast<size_t>(-1 - c.args[k])].i;
  return out;
}

}  // namespace objgen::params::search
