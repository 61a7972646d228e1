#include "gen/minimize/confirm.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "exec/run_deadline.hpp"
#include "exec/test_runner.hpp"

namespace objgen::minimize {

namespace {

// Why the replay r of finding f is not the finding ("" when it is).
std::string verdict(const Api& api, const SequenceFinding& f, const TestOutcome& r) {
  const size_t n = f.sequence.calls.size();
  const uint32_t at = r.feasible ? r.length : r.failed_at;
  if (at == n && r.length == n && r.outcome == f.kind && f.sequence.calls.back().op == f.op) return "";
  if (!r.feasible && r.failed_at == 0) return "its sequence cannot be replayed: " + r.message;
  std::string said = r.message.empty() ? "" : ": " + r.message;
  if (at == n && r.outcome == Outcome::Normal) return "its replay in a fresh process returned normally";
  if (at == n)
    return fmt::format("its replay in a fresh process ended with {} instead of {}{}", outcome_name(r.outcome), outcome_name(f.kind), said);
  std::string op = at >= 1 && at <= n ? api.operations()[f.sequence.calls[at - 1].op].signature() : "?";
  return fmt::format("its replay in a fresh process ended earlier, with {} in call {} of {} ({}){}", outcome_name(r.outcome), at, n, op,
                     said);
}

// A timeout is replayed with this limit: a call that only ran slow (a loaded machine, a large but
// finite count) returns within it, a hang does not.
double patient_timeout(double call_timeout) { return std::max(4 * call_timeout, call_timeout + 1.0); }

constexpr const char* kNotReplayedInTime = "not replayed: objgen's time limit (--time-limit, --budget) ended first";

}  // namespace

std::vector<std::string> confirm_findings(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                          const ConfirmOptions& options, std::vector<std::string>* shown) {
  std::vector<std::string> out(findings.size());
  if (shown) shown->assign(findings.size(), "");
  RunnerOptions ro;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  ro.enumerations = options.enumerations;
  auto judge = [&](size_t i, const TestOutcome& replay, double limit) {
    const SequenceFinding& f = findings[i];
    if (replay.stopped) {
      out[i] = kNotReplayedInTime;
      return;
    }
    out[i] = verdict(api, f, replay);
    if (shown && out[i].empty()) (*shown)[i] = replay.message;
    if (f.kind == Outcome::Timeout && replay.outcome == Outcome::Normal && replay.feasible && replay.length == f.sequence.calls.size())
      out[i] = fmt::format("its replay in a fresh process returned within {:g} s (the limit was {:g} s): a slow call, not a hang", limit,
                           options.call_timeout_seconds);
  };
  std::optional<TestRunner> runner;
  std::vector<size_t> hangs;
  for (size_t i = 0; i < findings.size(); ++i) {
    const SequenceFinding& f = findings[i];
    if (f.sequence.calls.empty()) {
      out[i] = "no sequence shows it alone: it died only after other calls in the same worker";
    } else if (options.interrupted && options.interrupted->load()) {
      out[i] = "not replayed: interrupted";
    } else if (f.kind == Outcome::Timeout) {
      hangs.push_back(i);  // side by side below
    } else {
      if (!runner) runner.emplace(api, domain, ro);
      // A fresh worker for each: what an earlier replay left behind must not decide this one.
      runner->restart_worker();
      judge(i, runner->run({f.sequence})[0], options.call_timeout_seconds);
    }
  }
  if (hangs.empty()) return out;
  // Each hang waits out its whole limit: side by side they wait once. The limit is patient, and no
  // longer than the run's time left: a replay cut shorter than one call's timeout proves nothing.
  RunnerOptions patient = ro;
  patient.call_timeout_seconds = std::min(patient_timeout(options.call_timeout_seconds), seconds_before_run_deadline() - 0.2);
  if (patient.call_timeout_seconds < options.call_timeout_seconds || (options.interrupted && options.interrupted->load())) {
    for (size_t i : hangs) out[i] = options.interrupted && options.interrupted->load() ? "not replayed: interrupted" : kNotReplayedInTime;
    return out;
  }
  std::vector<FlatSequence> replays;
  replays.reserve(hangs.size());
  for (size_t i : hangs) replays.push_back(findings[i].sequence);
  constexpr size_t kHangsAtOnce = 16;
  std::vector<TestOutcome> outcomes = TestRunner::run_each_apart(api, domain, patient, replays, kHangsAtOnce);
  for (size_t k = 0; k < hangs.size(); ++k) judge(hangs[k], outcomes[k], patient.call_timeout_seconds);
  return out;
}

FlatSequence followed_by_check(const FlatSequence& sequence, uint32_t check, int value) {
  FlatSequence out = sequence;
  out.calls.push_back(FlatCall{check, {value}, {value, -1}});
  return out;
}

}  // namespace objgen::minimize
