#include "cli/suite_oracles.hpp"

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>

#include "cli/cli_common.hpp"
#include "cli/reported_findings.hpp"
#include "gen/minimize/finding_blame.hpp"
#include "emit/gtest_writer.hpp"

namespace objgen::cli {

namespace {

void blame_observer_findings(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& states, const OracleSettings& a,
                             std::vector<oracles::ObserverFinding>& findings) {
  std::vector<SequenceFinding> evidence;
  evidence.reserve(findings.size());
  for (const oracles::ObserverFinding& f : findings)
    evidence.push_back({f.outcome,
                        f.op,
                        f.message,
                        minimize::call_on_state(api, states[f.state], f.op,  // each literal argument its first value
                                                std::vector<int64_t>(api.operations()[f.op].params.size(), -1)),
                        {},
                        1});
  std::vector<FlatSequence> others(states.size() > 16 ? states.end() - 16 : states.begin(), states.end());
  std::vector<std::string> why = precondition_evidence(api, domain, evidence, others, {a.call_timeout, a.worker_memory_limit, false, true});
  for (size_t i = 0; i < findings.size(); ++i) findings[i].precondition = why[i];
}

// One line per member, outcome and message, naming every emitted state it happened on: the same
// division by zero on forty states is one thing for the reader to check, not forty.
void print_observer_findings(const Api& api, const std::vector<oracles::ObserverFinding>& findings) {
  std::vector<bool> printed(findings.size(), false);
  for (size_t i = 0; i < findings.size(); ++i) {
    if (printed[i]) continue;
    const oracles::ObserverFinding& f = findings[i];
    std::vector<size_t> states;
    for (size_t j = i; j < findings.size(); ++j) {
      const oracles::ObserverFinding& g = findings[j];
      if (printed[j] || g.op != f.op || g.outcome != f.outcome || g.message != f.message || g.precondition != f.precondition) continue;
      printed[j] = true;
      states.push_back(g.state);
    }
    std::fprintf(stdout, "  %s in %s called on emitted state%s %s: %s%s\n", outcome_name(f.outcome),
                 api.operations()[f.op].signature().c_str(), states.size() > 1 ? "s" : "",
                 fmt::format("{}", fmt::join(states, ", ")).c_str(), f.message.c_str(),
                 f.precondition.empty() ? "" : (" [likely a precondition violation: " + f.precondition + "]").c_str());
  }
}

}  // namespace

oracles::OracleResult record_oracles(const Api& api, const FoundStates& found, const OracleSettings& a) {
  Replayer replayer(api, found.store, found.domain);
  std::vector<FlatSequence> states;
  for (uint32_t s : emit::emitted_states(api, found, a.max_states)) states.push_back(replayer.flatten(s));
  oracles::OracleOptions o;
  o.methods = oracles::members_to_check(api, found.target);
  o.method_states = a.oracle_states;
  o.calls_and_equality = states.size() <= a.inline_limit;
  o.call_timeout_seconds = a.call_timeout;
  o.worker_memory_limit_bytes = a.worker_memory_limit;
  o.interrupted = &g_interrupted;
  if (!a.quiet && isatty(STDERR_FILENO))
    o.progress = [](size_t done, size_t total) { std::fprintf(stderr, "\robjgen: regression oracles %zu/%zu", done, total); };
  catch_interrupts(true);
  oracles::OracleResult r = oracles::observe_states(api, found.domain, found.target, states, o);
  catch_interrupts(false);
  if (!a.quiet)
    std::fprintf(stderr, "%sobjgen: regression oracles: %llu values on %zu states (%llu flaky, dropped), %.1f s\n", o.progress ? "\n" : "",
                 static_cast<unsigned long long>(r.values), states.size(), static_cast<unsigned long long>(r.flaky), r.seconds);
  if (r.observed_states < states.size())
    std::fprintf(stderr, "objgen: the regression oracles observed the first %zu of the %zu states (a bound on the calls held at once)\n",
                 r.observed_states, states.size());
  blame_observer_findings(api, found.domain, states, a, r.findings);
  print_observer_findings(api, r.findings);
  return r;
}

nlohmann::json oracle_report(const Api& api, const oracles::OracleResult& observed) {
  nlohmann::json findings = nlohmann::json::array();
  for (const oracles::ObserverFinding& f : observed.findings)
    findings.push_back({{"kind", outcome_name(f.outcome)},
                        {"operation", api.operations()[f.op].signature()},
                        {"emitted_state", f.state},
                        {"message", f.message},
                        {"precondition", f.precondition}});
  return {{"values", observed.values},         {"flaky", observed.flaky},
          {"executions", observed.executions}, {"observed_states", observed.observed_states},
          {"states", observed.states.size()},  {"seconds", observed.seconds},
          {"observer_findings", findings}};
}

}  // namespace objgen::cli
