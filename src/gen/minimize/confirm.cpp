#include "gen/minimize/confirm.hpp"

#include <fmt/format.h>

#include <algorithm>

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

}  // namespace

std::vector<std::string> confirm_findings(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                          const ConfirmOptions& options, std::vector<std::string>* shown) {
  std::vector<std::string> out(findings.size());
  if (shown) shown->assign(findings.size(), "");
  RunnerOptions ro;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  ro.enumerations = options.enumerations;
  RunnerOptions patient = ro;
  patient.call_timeout_seconds = patient_timeout(options.call_timeout_seconds);
  std::optional<TestRunner> runner, patient_runner;
  for (size_t i = 0; i < findings.size(); ++i) {
    const SequenceFinding& f = findings[i];
    if (f.sequence.calls.empty()) {
      out[i] = "no sequence shows it alone: it died only after other calls in the same worker";
      continue;
    }
    if (options.interrupted && options.interrupted->load()) {
      out[i] = "not replayed: interrupted";
      continue;
    }
    std::optional<TestRunner>& r = f.kind == Outcome::Timeout ? patient_runner : runner;
    if (!r) r.emplace(api, domain, f.kind == Outcome::Timeout ? patient : ro);
    // A fresh worker for each: what an earlier replay left behind must not decide this one.
    r->restart_worker();
    TestOutcome replay = r->run({f.sequence})[0];
    out[i] = verdict(api, f, replay);
    if (shown && out[i].empty()) (*shown)[i] = replay.message;
    if (f.kind == Outcome::Timeout && replay.outcome == Outcome::Normal && replay.feasible && replay.length == f.sequence.calls.size())
      out[i] = fmt::format("its replay in a fresh process returned within {:g} s (the limit was {:g} s): a slow call, not a hang",
                           patient.call_timeout_seconds, options.call_timeout_seconds);
  }
  return out;
}

FlatSequence followed_by_check(const FlatSequence& sequence, uint32_t check, int value) {
  FlatSequence out = sequence;
  out.calls.push_back(FlatCall{check, {value}, {value, -1}});
  return out;
}

}  // namespace objgen::minimize
