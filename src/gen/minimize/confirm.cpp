#include "gen/minimize/confirm.hpp"

#include <fmt/format.h>

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

}  // namespace

std::vector<std::string> confirm_findings(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                          const ConfirmOptions& options) {
  std::vector<std::string> out(findings.size());
  RunnerOptions ro;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  ro.enumerations = options.enumerations;
  std::optional<TestRunner> runner;
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
    if (!runner) runner.emplace(api, domain, ro);
    // A fresh worker for each: what an earlier replay left behind must not decide this one.
    runner->restart_worker();
    out[i] = verdict(api, f, runner->run({f.sequence})[0]);
  }
  return out;
}

FlatSequence followed_by_check(const FlatSequence& sequence, uint32_t check, int value) {
  FlatSequence out = sequence;
  out.calls.push_back(FlatCall{check, {value}, {value, -1}});
  return out;
}

}  // namespace objgen::minimize
