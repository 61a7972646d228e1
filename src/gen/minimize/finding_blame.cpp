#include "gen/minimize/finding_blame.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "gen/evolve/test_runner.hpp"

namespace objgen::minimize {
namespace {

// How libraries report a failed check of their own: assert() ("Assertion `x' failed"),
// libstdc++'s _GLIBCXX_ASSERTIONS and Boost through assert ("Assertion 'x' failed"), Abseil and
// glog ("Check failed:").
bool library_assertion(std::string_view message) {
  constexpr std::array<std::string_view, 3> markers{"Assertion `", "Assertion '", "Check failed:"};
  for (std::string_view m : markers)
    if (message.find(m) != std::string_view::npos) return true;
  return false;
}

// Faults a broken precondition produces: a bad access, an abort, heap damage, a hang. Not a
// signal the call raised on purpose, an exit, a fork or a thread.
bool precondition_like(const SequenceFinding& f) {
  if (f.kind == Outcome::Timeout) return true;
  if (f.kind != Outcome::Crash) return false;
  for (std::string_view s : {"SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT", "heap damage"})
    if (std::string_view(f.message).rfind(s, 0) == 0) return true;
  return false;
}

// The call that made `value`, or null.
const FlatCall* maker(const FlatSequence& seq, int64_t value) {
  for (const FlatCall& c : seq.calls)
    if (!c.produced.empty() && c.produced.back() == value) return &c;
  return nullptr;
}

// `value` is as its constructor made it: made by a constructor or factory and given to no call
// since, before the last, that could change it.
bool as_constructed(const Api& api, const FlatSequence& seq, int64_t value) {
  const FlatCall* made = maker(seq, value);
  if (!made) return false;
  OpKind kind = api.operations()[made->op].kind;
  if (kind != OpKind::Constructor && kind != OpKind::StaticFactory) return false;
  for (size_t i = 0; i + 1 < seq.calls.size(); ++i) {
    const FlatCall& c = seq.calls[i];
    const Operation& op = api.operations()[c.op];
    for (size_t k = 0; k < c.args.size() && k < op.params.size(); ++k)
      if (c.args[k] == value && (op.params[k].may_modify() || op.params[k].consumed())) return false;
  }
  return true;
}

// The failing call, with the same literal arguments, on the state `state` builds; empty when
// the call takes another object besides its receiver or the state is of another class.
FlatSequence on_other_receiver(const Api& api, const FlatCall& failing, const FlatSequence& state) {
  const Operation& op = api.operations()[failing.op];
  const FlatCall* made = maker(state, state.result_value);
  if (!made || state.calls.size() < 2 || api.operations()[made->op].result.cls != op.params[0].cls) return {};
  for (size_t k = 1; k < failing.args.size(); ++k)
    if (failing.args[k] >= 0) return {};
  return call_on_state(api, state, failing.op, failing.args);
}

// Some of the probes return normally: the member works on states the run built, not on this one.
bool works_elsewhere(evolve::TestRunner& runner, const std::vector<FlatSequence>& probes) {
  if (probes.empty()) return false;
  for (const evolve::TestOutcome& r : runner.run(probes))
    if (r.feasible && r.outcome == Outcome::Normal) return true;
  return false;
}

// The finding's last call with other values of its literal arguments (one argument varied at a
// time, at most kVariedValues values each).
std::vector<FlatSequence> other_arguments(const Api& api, const LiteralDomain& domain, const FlatSequence& seq) {
  constexpr size_t kVariedValues = 4;
  std::vector<FlatSequence> out;
  const FlatCall& last = seq.calls.back();
  const Operation& op = api.operations()[last.op];
  for (size_t k = 0; k < last.args.size() && k < op.params.size(); ++k) {
    if (last.args[k] >= 0) continue;
    size_t values = std::min(domain.of(op.params[k]).size(), kVariedValues);
    for (size_t v = 0; v < values; ++v) {
      int64_t arg = -1 - static_cast<int64_t>(v);
      if (arg == last.args[k]) continue;
      out.push_back(seq);
      out.back().calls.back().args[k] = arg;
    }
  }
  return out;
}

// A count no call can afford: from 2^24 (16 million elements, as the parameter sees the value).
constexpr uint64_t kHugeCount = uint64_t{1} << 24;

// The call ran out of time or memory: what a count beyond the call's means does.
bool resource_failure(const SequenceFinding& f) {
  return f.kind == Outcome::Timeout ||
         (f.kind == Outcome::Crash && f.message.find("over the worker's memory limit") != std::string::npos);
}

// The value as the parameter receives it: a negative literal reaches an unsigned count as a huge one.
uint64_t magnitude_seen(const SlotType& slot, int64_t v) {
  if (slot.is_unsigned) return static_cast<uint64_t>(v);
  return v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}

bool all_normal(evolve::TestRunner& runner, const std::vector<FlatSequence>& tests) {
  if (tests.empty()) return false;
  for (const evolve::TestOutcome& r : runner.run(tests))
    if (!r.feasible || r.outcome != Outcome::Normal) return false;
  return true;
}

// The finding's last call ran out of time or memory given a huge count, and returns normally with
// every other value of that argument the run tried (up to kTried): the evidence, or "".
std::string huge_count_evidence(const Api& api, const LiteralDomain& domain, const SequenceFinding& f,
                                evolve::TestRunner& runner) {
  constexpr size_t kTried = 4;
  const FlatCall& last = f.sequence.calls.back();
  const Operation& op = api.operations()[last.op];
  for (size_t k = 0; k < last.args.size() && k < op.params.size(); ++k) {
    const SlotType& slot = op.params[k];
    if (last.args[k] >= 0 || !slot.is_literal() || slot.literal != LiteralKind::Int || !slot.enum_type.empty()) continue;
    const std::vector<Literal>& values = domain.of(slot);
    size_t index = static_cast<size_t>(-1 - last.args[k]);
    if (index >= values.size() || magnitude_seen(slot, values[index].i) < kHugeCount) continue;
    std::vector<FlatSequence> others;
    std::string tried;
    for (size_t v = 0; v < values.size() && others.size() < kTried; ++v) {
      if (magnitude_seen(slot, values[v].i) >= kHugeCount) continue;
      others.push_back(f.sequence);
      others.back().calls.back().args[k] = -1 - static_cast<int64_t>(v);
      tried += (tried.empty() ? "" : ", ") + std::to_string(values[v].i);
    }
    if (!all_normal(runner, others)) continue;
    std::string seen = slot.is_unsigned && values[index].i < 0
                           ? std::to_string(values[index].i) + " (" + std::to_string(magnitude_seen(slot, values[index].i)) +
                                 " to its unsigned parameter)"
                           : std::to_string(values[index].i);
    return op.name + " given " + seen + " ran out of " +
           (f.kind == Outcome::Timeout ? "time" : "memory") + ", and returns normally given " + tried +
           ": a count beyond what the call can afford, which its caller must not ask for";
  }
  return "";
}

bool all_fail(evolve::TestRunner& runner, const std::vector<FlatSequence>& tests) {
  for (const evolve::TestOutcome& r : runner.run(tests))
    if (r.feasible && r.outcome == Outcome::Normal) return false;
  return true;
}

// The probes' runner, started for the first finding that needs one.
evolve::TestRunner& runner_for(std::unique_ptr<evolve::TestRunner>& runner, const Api& api, const LiteralDomain& domain,
                               const BlameOptions& options) {
  if (!runner) {
    evolve::RunnerOptions ro;
    ro.call_timeout_seconds = options.call_timeout_seconds;
    ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
    ro.enumerations = options.enumerations;
    runner = std::make_unique<evolve::TestRunner>(api, domain, ro);
  }
  return *runner;
}

}  // namespace

FlatSequence call_on_state(const Api& api, FlatSequence state, uint32_t op, std::vector<int64_t> args) {
  int next = 0;
  for (const FlatCall& c : state.calls)
    for (int v : c.produced) next = std::max(next, v + 1);
  FlatCall call{op, std::move(args), std::vector<int>(api.operations()[op].params.size() + 1, -1)};
  call.args[0] = state.result_value;
  call.produced[0] = state.result_value;
  if (api.operations()[op].result.is_object()) call.produced.back() = next;
  state.calls.push_back(std::move(call));
  return state;
}

std::vector<FindingBlame> blame_findings(const Api& api, const LiteralDomain& domain,
                                         const std::vector<SequenceFinding>& findings,
                                         const std::vector<FlatSequence>& states, const BlameOptions& options) {
  std::vector<FindingBlame> out(findings.size());
  std::unique_ptr<evolve::TestRunner> runner;  // runner_for
  for (size_t i = 0; i < findings.size(); ++i) {
    const SequenceFinding& f = findings[i];
    if (f.kind == Outcome::Crash && library_assertion(f.message)) {
      out[i] = {Blame::Precondition, "the library's own assertion failed: it checks what its caller must ensure"};
      continue;
    }
    if (!precondition_like(f) || f.sequence.calls.empty() || (options.interrupted && options.interrupted->load())) continue;
    if (resource_failure(f)) {
      std::string why = huge_count_evidence(api, domain, f, runner_for(runner, api, domain, options));
      if (!why.empty()) {
        out[i] = {Blame::Precondition, why};
        continue;
      }
    }
    const FlatCall& last = f.sequence.calls.back();
    const Operation& op = api.operations()[last.op];
    bool on_object = op.kind == OpKind::Method || op.contract >= 0;  // a contract check calls members on its first
    if (!on_object || last.args.empty() || last.args[0] < 0 || !as_constructed(api, f.sequence, last.args[0]))
      continue;
    std::vector<FlatSequence> probes;
    for (const FlatSequence& s : states) {
      FlatSequence p = on_other_receiver(api, last, s);
      if (!p.calls.empty() && probes.size() < options.probed_states) probes.push_back(std::move(p));
    }
    if (probes.empty()) continue;
    // A member that needs a built state fails on a fresh object whatever its arguments; one that
    // fails for some values only (add(1) whose object then cannot be destroyed) has a bug.
    evolve::TestRunner& run = runner_for(runner, api, domain, options);
    if (all_fail(run, other_arguments(api, domain, f.sequence)) && works_elsewhere(run, probes))
      out[i] = {Blame::Precondition, "on an object as its constructor made it the call fails with every argument "
                                     "tried, and returns normally on states the run built: " + op.name +
                                     " requires a state the sequence never built"};
  }
  return out;
}

}  // namespace objgen::minimize
