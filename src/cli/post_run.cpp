#include "cli/post_run.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cli/cli_common.hpp"
#include "cli/suite_oracles.hpp"
#include "emit/gtest_writer.hpp"
#include "gen/oracles/contract_runner.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cli {

namespace {

// The contracts checked on (a sample of) the states; their findings minimized and printed.
std::vector<ReportedFinding> check_contracts(Api& api, const PostRunSettings& s, const FoundStates& found, nlohmann::json& report) {
  contracts::ContractSet enabled = s.contracts->enabled;
  enabled.on[static_cast<size_t>(contracts::Contract::Failures)] = false;
  enabled.on[static_cast<size_t>(contracts::Contract::Invariant)] = false;
  std::vector<uint32_t> operations(found.operations.begin(), found.operations.end());
  std::vector<uint32_t> checks = contracts::add_contract_operations(api, found.target, {enabled, s.contracts->omit, 8, operations});
  Replayer replayer(api, found.store, found.domain);
  std::vector<FlatSequence> states;
  for (uint32_t st : emit::emitted_states(found, s.contracts->max_states)) states.push_back(replayer.flatten(st));
  contracts::StateCheckOptions co;
  co.call_timeout_seconds = s.call_timeout;
  co.worker_memory_limit_bytes = s.worker_memory_limit;
  co.interrupted = &g_interrupted;
  catch_interrupts(true);
  contracts::StateCheckResult checked = contracts::check_states(api, found.domain, states, checks, co);
  std::vector<ReportedFinding> findings;
  for (SequenceFinding& f : checked.findings) findings.push_back({std::move(f), std::nullopt});
  if (s.findings.minimize && !g_interrupted.load())
    minimize_findings(api, found.domain, findings, s.call_timeout, s.worker_memory_limit, s.quiet);
  confirm_findings(api, found.domain, findings, {s.call_timeout, s.worker_memory_limit});
  catch_interrupts(false);
  if (!s.quiet)
    std::fprintf(stderr, "objgen: contracts (%s): %llu checks on %zu states, %zu broken\n", enabled.names().c_str(),
                 static_cast<unsigned long long>(checked.checks_run), states.size(), findings.size());
  print_findings(api, findings);
  nlohmann::json list = nlohmann::json::array();
  for (const ReportedFinding& f : findings) list.push_back(finding_json(api, found.domain, f));
  report["contracts"] = {{"checked", enabled.names()}, {"states", states.size()}, {"checks_run", checked.checks_run}, {"findings", list}};
  return findings;
}

// The strategy's findings minimized (unless kept as found), confirmed and printed; in the report
// under the settings' key.
void report_strategy_findings(Api& api, const PostRunSettings& s, PostRunInput& in, nlohmann::json& report) {
  catch_interrupts(true);
  if (in.minimize && s.findings.minimize && !g_interrupted.load())
    minimize_findings(api, in.found.domain, in.findings, s.call_timeout, s.worker_memory_limit, s.quiet);
  confirm_findings(api, in.found.domain, in.findings, {s.call_timeout, s.worker_memory_limit});
  catch_interrupts(false);
  if (s.print_findings) print_findings(api, in.findings);
  if (s.findings_key.empty()) return;
  nlohmann::json list = nlohmann::json::array();
  for (const ReportedFinding& f : in.findings) list.push_back(finding_json(api, in.found.domain, f));
  report[s.findings_key] = list;
}

// The states suite and, when something failed, the failures suite, in --emit-gtest.
std::vector<std::string> write_suites(const Api& api, const PostRunSettings& s, const FoundStates& found,
                                      const std::vector<emit::SuiteFinding>& failing, const oracles::OracleResult* observed) {
  const OutputArgs& out = s.outputs;
  unsigned alarm = static_cast<unsigned>(std::max(1.0, std::ceil(s.call_timeout * 2)));
  emit::GtestSuiteOptions g{s.include, s.suite_name, out.gtest_inline_limit, alarm, out.gtest_max_states};
  std::vector<std::string> written{emit::write_states_suite(api, found, g, out.emit_gtest, observed, s.states_what)};
  std::string failures = emit::write_failures_suite(api, found.domain, failing, g, out.emit_gtest, s.worker_memory_limit);
  if (!failures.empty()) written.push_back(failures);
  for (const auto& file : written)
    if (!s.quiet) std::fprintf(stderr, "objgen: wrote %s\n", file.c_str());
  size_t emitted = emit::emitted_states(found, out.gtest_max_states).size(), all = found.target_states().size();
  if (emitted < all)
    std::fprintf(stderr, "objgen: the states suite holds %zu of the %zu states, evenly sampled (--gtest-max-states)\n", emitted, all);
  return written;
}

}  // namespace

PostRunOutput run_post_run(Api& api, const PostRunSettings& s, PostRunInput in, nlohmann::json& report) {
  const FoundStates& found = in.found;
  const OutputArgs& out = s.outputs;
  report_strategy_findings(api, s, in, report);
  std::optional<oracles::OracleResult> observed;
  if (!out.emit_gtest.empty() && out.oracles && !g_interrupted.load()) {
    observed = record_oracles(
        api, found, {out.gtest_max_states, out.gtest_inline_limit, out.oracle_states, s.call_timeout, s.worker_memory_limit, s.quiet});
    report["oracles"] = oracle_report(api, *observed);
  }
  std::vector<ReportedFinding> broken;
  if (s.contracts && !g_interrupted.load()) broken = check_contracts(api, s, found, report);
  std::vector<emit::SuiteFinding> failing = suite_findings_of(in.findings);
  for (emit::SuiteFinding& f : suite_findings_of(broken)) failing.push_back(std::move(f));
  report["unconfirmed"] = unconfirmed_json(api, found.domain, in.findings);
  for (nlohmann::json& f : unconfirmed_json(api, found.domain, broken)) report["unconfirmed"].push_back(std::move(f));
  report["preconditions"] = set_apart_preconditions(api, found.domain, failing, probe_states(api, found),
                                                    {s.call_timeout, s.worker_memory_limit, s.findings.emit_preconditions, s.quiet});
  if (s.reference && !g_interrupted.load()) {
    emit::GtestSuiteOptions g{s.include, s.suite_name, out.gtest_inline_limit, 1, out.gtest_max_states};
    report.update(check_against_reference(api, found, s.reference->args,
                                          {s.reference->subject, s.reference->scope, s.reference->literals, s.call_timeout,
                                           s.worker_memory_limit, s.findings.minimize, s.quiet, &g, out.emit_gtest}));
  }
  if (!out.report_json.empty()) write_file_atomically(out.report_json, report.dump(2) + "\n");
  PostRunOutput result;
  if (!out.emit_gtest.empty()) result.written = write_suites(api, s, found, failing, observed ? &*observed : nullptr);
  return result;
}

}  // namespace objgen::cli
