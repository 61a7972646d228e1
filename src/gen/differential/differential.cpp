#include "gen/differential/differential.hpp"

#include <algorithm>
#include <chrono>
#include <array>
#include <map>
#include <set>
#include <stdexcept>

#include "gen/differential/sides.hpp"
#include "gen/oracles/regression_oracles.hpp"

namespace objgen::differential {

using detail::compare;
using detail::Comparison;
using detail::make_difference;
using detail::PairedOutcomes;
using detail::run_both;
using detail::Runners;
using detail::Verdict;

namespace {

constexpr size_t kChunk = 2048;  // test cases per batch on each side

// A member call on the receiver `value` with a literal argument tuple: indices into the domain's
// values of each parameter's slot.
struct MemberCall {
  uint32_t op;
  std::vector<uint32_t> literals;
  FlatCall on(int value) const {
    FlatCall c{op, {value}, {value}};
    for (uint32_t l : literals) {
      c.args.push_back(-1 - static_cast<int64_t>(l));
      c.produced.push_back(-1);
    }
    return c;
  }
};

// A method on the target's receiver (not taken away) whose other parameters are literals.
bool on_receiver_with_literals(const Operation& o, ClassId target) {
  if (o.kind != OpKind::Method || !o.emittable || o.through.derived() || o.contract >= 0 || o.params.empty()) return false;
  if (!o.params[0].is_object() || o.params[0].cls != target || o.params[0].consumed()) return false;
  return std::all_of(o.params.begin() + 1, o.params.end(), [](const SlotType& p) { return p.is_literal(); });
}

// At most `limit` argument tuples of op, evenly spread over all of them (mixed radix).
std::vector<MemberCall> calls_of(const Operation& o, uint32_t op, const LiteralDomain& domain, size_t limit) {
  std::vector<size_t> radix;
  size_t all = 1;
  for (size_t k = 1; k < o.params.size(); ++k) {
    radix.push_back(domain.of(o.params[k]).size());
    all = radix.back() == 0 ? 0 : std::min<size_t>(all * radix.back(), size_t{1} << 40);
  }
  std::vector<MemberCall> out;
  size_t count = std::min(all, limit);
  for (size_t j = 0; j < count; ++j) {
    size_t index = j * all / count;
    MemberCall c{op, {}};
    for (size_t r : radix) {
      c.literals.push_back(static_cast<uint32_t>(index % r));
      index /= r;
    }
    out.push_back(std::move(c));
  }
  return out;
}

// What each state is extended with and observed by, on the class's side, where the reference has
// the same member.
struct Plan {
  std::vector<MemberCall> extensions, observations;
  std::vector<uint32_t> extension_ops, observer_ops;
};

Plan plan_calls(const Side& s, const FoundStates& found, const OperationMatch& match, size_t tuples) {
  Plan p;
  const auto& ops = s.api.operations();
  auto matched = [&](uint32_t k) { return match.to_reference[k] >= 0; };
  for (uint32_t k : found.operations)
    if (k < ops.size() && on_receiver_with_literals(ops[k], s.target) && matched(k)) {
      p.extension_ops.push_back(k);
      for (MemberCall& c : calls_of(ops[k], k, s.domain, tuples)) p.extensions.push_back(std::move(c));
    }
  for (uint32_t k = 0; k < ops.size(); ++k)
    if (on_receiver_with_literals(ops[k], s.target) && ops[k].is_const && ops[k].result.is_literal() && matched(k)) {
      p.observer_ops.push_back(k);
      for (MemberCall& c : calls_of(ops[k], k, s.domain, tuples)) p.observations.push_back(std::move(c));
    }
  return p;
}

// The states to start from: all, or evenly sampled so that their own checks take at most half
// the budget (the rest goes to the pairs of states found from them).
std::vector<uint32_t> states_to_check(const FoundStates& found, const Plan& plan, size_t max_tests) {
  const std::vector<uint32_t>& all = found.target_states();
  size_t per_state = 1 + plan.extensions.size() + plan.observations.size();
  size_t fit = std::max<size_t>(1, max_tests / 2 / std::max<size_t>(1, per_state));
  if (all.size() <= fit) return all;
  std::vector<uint32_t> out;
  for (size_t i = 0; i < fit; ++i) out.push_back(all[i * all.size() / fit]);
  return out;
}

// A state of the class and of the reference side by side, as their canonical forms' fingerprints.
using PairState = std::array<uint64_t, 4>;
PairState pair_of(const TestOutcome& a, const TestOutcome& b) { return {a.state.lo, a.state.hi, b.state.lo, b.state.hi}; }
std::pair<uint64_t, uint64_t> subject_of(const PairState& p) { return {p[0], p[1]}; }

// Test cases run in order that check one thing: the first difference among them counts. `node`:
// its first test case's sequence leads to a state worth extending when that pair is new.
struct Probe {
  size_t first_test, tests;
  bool node = false;
  bool observed_seed = false;  // a found state with a const member called on it: the state is without it
};

// Breadth-first over pairs of states, not states of the class alone: where the class's state
// is the same after two sequences and the reference's is not (an LRU cache that forgot which
// entry was used last), both pairs are extended, and the difference shows one call later.
// Pairs are kept to class states the strategy found (its scope).
class Explorer {
 public:
  Explorer(const Side& s, const Side& r, const OperationMatch& m, const DifferentialOptions& o, const Plan& plan,
           DifferentialResult& result)
      : s_(s), r_(r), match_(m), options_(o), plan_(plan), result_(result), runners_(s, r, o, 0, true) {}

  // The found states: their pairs, and their observers compared.
  void seed(const std::vector<FlatSequence>& states) {
    seeding_ = true;
    for (const FlatSequence& seq : states) {
      if (seq.result_value < 0 || seq.calls.size() + 2 > kMaxTestCalls) continue;
      // Its state is the object at result_value, which its last call may have made (a
      // constructor) or been called on (a member), or made from another (`C with(int) const`):
      // ending the test case with a const member on it fingerprints that object.
      add_call(seq, plan_.observations.empty() ? nullptr : &plan_.observations.front(), true);
      if (tests_.size() >= kChunk) flush();
    }
    flush();
    seeding_ = false;
    observe_new_pairs();
  }

  // Each state of the level extended by every call; the next level is the new pairs, whose
  // observers are compared. A pair seen before needs no observers again: the canonical states
  // decide what they return (that is what state matching assumes), so only the call's own result
  // can differ.
  bool expand() {
    std::vector<FlatSequence> level = std::move(next_);
    next_.clear();
    for (const FlatSequence& seq : level) {
      if (budget_spent() || interrupted()) break;
      if (seq.calls.size() + 2 > kMaxTestCalls) continue;
      for (const MemberCall& e : plan_.extensions) add_call(seq, &e);
      if (tests_.size() >= kChunk) flush();
    }
    flush();
    observe_new_pairs();
    return !next_.empty() && !budget_spent() && !interrupted();
  }

  // A reference that ran none of the found states (its worker does not start, or it crashes on
  // everything) would have every test case blamed on it, one restart each: say why and stop. One
  // that refuses some states (a constructor that aborts on a capacity of 0) is only skipped there.
  void require_reference_ran() const {
    if (reference_ran_ == 0 && !reference_death_.empty())
      throw std::runtime_error("the reference ran none of the class's states: " + reference_death_);
  }
  std::vector<Difference> take() { return std::move(found_); }
  size_t pairs() const { return seen_.size(); }

 private:
  bool budget_spent() const { return result_.tests >= options_.max_tests; }
  bool interrupted() const { return options_.interrupted && options_.interrupted->load(); }

  // The state (or the state and one more call): its result compared, its pair fingerprinted.
  void add_call(const FlatSequence& seq, const MemberCall* extension, bool observed_seed = false) {
    FlatSequence extended = seq;
    if (extension) extended.calls.push_back(extension->on(seq.result_value));
    probes_.push_back({tests_.size(), 1, true, observed_seed && extension});
    tests_.push_back(std::move(extended));
  }

  // Every observer on each state that reached a new pair.
  void observe_new_pairs() {
    std::vector<FlatSequence> nodes = std::move(to_observe_);
    to_observe_.clear();
    for (const FlatSequence& seq : nodes) {
      if (budget_spent() || interrupted()) break;
      if (seq.calls.size() + 1 > kMaxTestCalls || plan_.observations.empty()) continue;
      Probe p{tests_.size(), plan_.observations.size(), false};
      for (const MemberCall& o : plan_.observations) {
        FlatSequence t = seq;
        t.calls.push_back(o.on(seq.result_value));
        tests_.push_back(std::move(t));
      }
      probes_.push_back(p);
      if (tests_.size() >= kChunk) flush();
    }
    flush();
  }

  void flush() {
    if (tests_.empty()) return;
    PairedOutcomes out = run_both(runners_, s_, r_, match_, tests_);
    result_.tests += tests_.size();
    for (const std::optional<TestOutcome>& o : out.reference) {
      if (o && o->feasible && o->outcome == Outcome::Normal) ++reference_ran_;
      if (o && (o->outcome == Outcome::Crash || o->outcome == Outcome::Timeout) && reference_death_.empty()) reference_death_ = o->message;
    }
    for (const Probe& p : probes_) {
      judge(p, out);
      if (!p.node) continue;
      FlatSequence node = tests_[p.first_test];
      if (p.observed_seed) node.calls.pop_back();
      visit(node, out.subject[p.first_test], out.reference[p.first_test]);
    }
    tests_.clear();
    probes_.clear();
  }

  // A state reached with a new pair is extended next (seeds: every pair, and the class's state
  // joins the scope).
  void visit(const FlatSequence& seq, const TestOutcome& a, const std::optional<TestOutcome>& b) {
    if (!b || !a.has_state || !b->has_state || !a.feasible || !b->feasible) return;
    PairState p = pair_of(a, *b);
    if (seeding_) scope_.insert(subject_of(p));
    if (!scope_.count(subject_of(p)) || !seen_.insert(p).second) return;
    next_.push_back(seq);
    to_observe_.push_back(seq);
  }

  void judge(const Probe& p, const PairedOutcomes& out) {
    for (size_t t = p.first_test; t < p.first_test + p.tests && t < out.subject.size(); ++t) {
      if (!out.reference[t]) {
        ++result_.untranslatable;
        continue;
      }
      Comparison c = compare(out.subject[t], *out.reference[t]);
      if (c.verdict == Verdict::Refused) ++result_.refused_by_reference;
      if (c.verdict == Verdict::Same) ++result_.compared;
      if (c.verdict != Verdict::Differs) continue;
      ++result_.compared;
      detail::add_to_bucket(found_, bucket_, make_difference(s_, tests_[t], out.subject[t], *out.reference[t], c.threw));
      return;
    }
  }

  const Side &s_, &r_;
  const OperationMatch& match_;
  const DifferentialOptions& options_;
  const Plan& plan_;
  DifferentialResult& result_;
  Runners runners_;
  bool seeding_ = false;
  uint64_t reference_ran_ = 0;
  std::string reference_death_;
  std::vector<FlatSequence> tests_, next_, to_observe_;
  std::vector<Probe> probes_;
  std::set<PairState> seen_;
  std::set<std::pair<uint64_t, uint64_t>> scope_;
  std::vector<Difference> found_;
  std::map<uint32_t, size_t> bucket_;
};

}  // namespace

std::string call_text(const Side& side, const FlatCall& call) {
  const Operation& o = side.api.operations()[call.op];
  std::string out = o.kind == OpKind::Constructor ? short_class_name(side.target_name) : o.name;
  out += "(";
  size_t first = o.kind == OpKind::Method ? 1 : 0;
  for (size_t k = first; k < call.args.size() && k < o.params.size(); ++k) {
    out += k > first ? ", " : "";
    int64_t a = call.args[k];
    out += a >= 0 ? "v" + std::to_string(a) : side.domain.cpp(o.params[k], static_cast<size_t>(-1 - a));
  }
  return out + ")";
}

DifferentialResult find_differences(const Side& subject, const FoundStates& found, const Side& reference, const OperationMatch& match,
                                    const DifferentialOptions& options) {
  auto start = std::chrono::steady_clock::now();
  DifferentialResult result;
  Plan plan = plan_calls(subject, found, match, options.max_argument_tuples);
  result.extensions = plan.extension_ops;
  result.observers = plan.observer_ops;
  std::vector<uint32_t> chosen = states_to_check(found, plan, options.max_tests);
  result.states = found.target_states().size();
  result.states_checked = chosen.size();
  Replayer replayer(subject.api, found.store, found.domain);
  std::vector<FlatSequence> states;
  states.reserve(chosen.size());
  for (uint32_t id : chosen)
    if (replayer.flat_calls(id, kMaxFlattenedCalls + 1) <= kMaxFlattenedCalls) states.push_back(replayer.flatten(id));
  result.states_checked = states.size();  // those short enough to replay
  Explorer explorer(subject, reference, match, options, plan, result);
  explorer.seed(states);
  explorer.require_reference_ran();
  for (int depth = 0; depth < options.max_depth && explorer.expand(); ++depth)
    if (options.progress) options.progress(static_cast<size_t>(depth) + 1, explorer.pairs());
  result.pairs = explorer.pairs();
  std::vector<Difference> differences = explorer.take();
  detail::minimize_and_confirm(subject, reference, match, options, differences, result.unconfirmed);
  result.differences = std::move(differences);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace objgen::differential
