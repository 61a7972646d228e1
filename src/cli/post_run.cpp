#include "cli/post_run.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "cli/cli_common.hpp"
#include "cli/run_reports.hpp"
#include "cli/suite_oracles.hpp"
#include "exec/run_deadline.hpp"
#include "exec/sequence.hpp"
#include "emit/state_samples.hpp"
#include "emit/gtest_writer.hpp"
#include "gen/oracles/contract_runner.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cli {

namespace {

// The contracts checked on (a sample of) the states; their findings minimized, confirmed and printed.
std::vector<ReportedFinding> check_contracts(Api& api, const PostRunSettings& s, const FoundStates& found, nlohmann::json& report) {
  ContractCheck check{.enabled = s.contracts->enabled,
                      .omit = s.contracts->omit,
                      .target = found.target,
                      .operations = {found.operations.begin(), found.operations.end()},
                      .minimize = s.findings.minimize,
                      .call_timeout = s.call_timeout,
                      .worker_memory_limit = s.worker_memory_limit,
                      .quiet = s.quiet};
  Replayer replayer(api, found.store, found.domain);
  std::vector<FlatSequence> states;
  for (uint32_t st : emit::emitted_states(api, found, s.contracts->max_states)) states.push_back(replayer.flatten(st));
  CheckedContracts checked = check_contracts_on(api, check, found.domain, states);
  nlohmann::json list = nlohmann::json::array();
  for (const ReportedFinding& f : checked.findings) list.push_back(finding_json(api, found.domain, f));
  report["contracts"] = {
      {"checked", checked.checked.names()}, {"states", states.size()}, {"checks_run", checked.checks_run}, {"findings", list}};
  return std::move(checked.findings);
}

// The strategy's findings minimized (unless kept as found), confirmed and printed; in the report
// under the settings' key.
void report_strategy_findings(Api& api, const PostRunSettings& s, PostRunInput& in, nlohmann::json& report) {
  catch_interrupts(true);
  if (in.minimize && s.findings.minimize && !g_interrupted.load())
    minimize_findings(api, in.found.domain, in.findings, s.call_timeout, s.worker_memory_limit, s.quiet, true,
                      minimizing_deadline(in.findings, s.call_timeout));
  confirm_findings(api, in.found.domain, in.findings, {s.call_timeout, s.worker_memory_limit});
  catch_interrupts(false);
  if (s.print_findings) print_findings(api, in.findings);
  if (s.findings_key.empty()) return;
  nlohmann::json list = nlohmann::json::array();
  for (const ReportedFinding& f : in.findings) list.push_back(finding_json(api, in.found.domain, f));
  report[s.findings_key] = list;
}

// Why a finding of a left-out operation may be a precondition objgen's arguments broke rather than
// a bug: the left-out operations its sequence calls that take literal arguments (objgen chose
// them; a value that must agree with another, like a hash with its key, breaks the class when it
// does not). "" when none does: nothing the caller chose is to blame (a pop() that corrupts).
std::string ruled_out_precondition(const Api& api, const FoundStates& found, const FlatSequence& seq) {
  std::vector<std::string> blamed;
  for (const FlatCall& c : seq.calls) {
    const Operation& op = api.operations()[c.op];
    bool left_out = op.contract < 0 && std::find(found.operations.begin(), found.operations.end(), c.op) == found.operations.end();
    bool takes_literals = std::any_of(op.params.begin(), op.params.end(), [](const SlotType& p) { return p.is_literal(); });
    if (left_out && takes_literals && std::find(blamed.begin(), blamed.end(), op.signature()) == blamed.end())
      blamed.push_back(op.signature());
  }
  if (blamed.empty()) return "";
  return fmt::format(
      "{} takes arguments objgen chose: likely a precondition they broke (values that must agree, like a "
      "hash with its key), not a bug",
      fmt::join(blamed, ", "));
}

// What the operations `--builders auto` left out broke, moved into the run's domain (a finding
// whose literals the run's domain lacks is left out, said on stderr), one per bug (the shortest
// sequence of each bucket, with the hits of all). Kept as found, like exhaustive's: the search
// that found them builds states breadth-first.
std::vector<ReportedFinding> ruled_out_findings(const Api& api, const PostRunInput& in) {
  std::vector<ReportedFinding> findings;
  std::map<std::string, size_t> buckets;
  for (const SequenceFinding& f : in.ruled_out) {
    std::optional<FlatSequence> moved = with_domain(api, f.sequence, f.domain, in.found.domain);
    if (!moved) {
      std::fprintf(stderr,
                   "objgen: a finding of a ruled-out builder uses literals this run does not (--ints and the like); not reported\n");
      continue;
    }
    SequenceFinding here{
        f.kind,          f.op,  f.message + " (states of an operation --builders auto left out of the builders)", std::move(*moved),
        in.found.domain, f.hits};
    auto [at, fresh] = buckets.emplace(finding_bucket(here), findings.size());
    if (!fresh) {
      SequenceFinding& known = findings[at->second].finding;
      known.hits += here.hits;
      if (here.sequence.calls.size() < known.sequence.calls.size()) std::swap(known.sequence, here.sequence);
      continue;
    }
    ReportedFinding r{std::move(here), std::nullopt};
    r.slot = f.slot;
    findings.push_back(std::move(r));
  }
  return findings;
}

// The findings of the operations `--builders auto` left out, confirmed, printed and listed in the
// report ("ruled_out_findings"). They are findings of the run: the method left out may be the
// one with the bug. Those a left-out operation's arguments may explain are set apart as likely
// preconditions (printed, "likely_precondition" in the report, not in the failures suite);
// returns the rest.
std::vector<ReportedFinding> report_ruled_out(Api& api, const PostRunSettings& s, const PostRunInput& in, nlohmann::json& report,
                                              emit::CheckResults& results) {
  std::vector<ReportedFinding> findings = ruled_out_findings(api, in);
  if (findings.empty()) return findings;
  catch_interrupts(true);
  confirm_findings(api, in.found.domain, findings, {s.call_timeout, s.worker_memory_limit});
  catch_interrupts(false);
  std::vector<ReportedFinding> bugs, apart;
  nlohmann::json list = nlohmann::json::array();
  for (ReportedFinding& f : findings) {
    std::string why = ruled_out_precondition(api, in.found, f.sequence());
    nlohmann::json j = finding_json(api, in.found.domain, f);
    if (!why.empty()) j["likely_precondition"] = why;
    list.push_back(std::move(j));
    if (!why.empty()) {
      emit::ResultRecord r = finding_record(api, in.found.domain, f);
      r.verdict = emit::Verdict::Precondition;
      r.why = why;
      results.results.push_back(std::move(r));
    }
    (why.empty() ? bugs : apart).push_back(std::move(f));
  }
  std::printf("found while choosing builders (operations left out of them):\n");
  print_findings(api, bugs);
  for (const ReportedFinding& f : apart)
    std::printf("  likely precondition, %s in %s: %s\n    why: %s\n", outcome_name(f.finding.kind),
                api.operations()[f.finding.op].signature().c_str(), f.finding.message.c_str(),
                ruled_out_precondition(api, in.found, f.sequence()).c_str());
  report["ruled_out_findings"] = list;
  return bugs;
}

// When the run's deadline (exec/run_deadline.hpp) ended the steps early: said on stderr and in the
// report ("cut_by_time_limit"); what each step did not do is in its part (findings not confirmed
// or not probed, contracts on fewer states, no oracles).
void note_time_limit_cut(const PostRunSettings& s, nlohmann::json& report) {
  if (!run_deadline_passed()) return;
  report["cut_by_time_limit"] = true;
  if (!s.quiet)
    std::fprintf(stderr,
                 "objgen: the time limit ended the checks after the run early (findings past it are listed as not confirmed or "
                 "not probed; a longer --time-limit does them)\n");
}

// The states suite and, when something failed, the failures suite, in --emit-gtest.
std::vector<std::string> write_suites(const Api& api, const PostRunSettings& s, const FoundStates& found,
                                      const std::vector<emit::SuiteFinding>& failing, const oracles::OracleResult* observed) {
  const OutputArgs& out = s.outputs;
  unsigned alarm = static_cast<unsigned>(std::max(1.0, std::ceil(s.call_timeout * 2)));
  emit::GtestSuiteOptions g{s.include, s.suite_name, out.gtest_inline_limit, alarm, out.gtest_max_states, s.suite_build};
  std::vector<std::string> written{emit::write_states_suite(api, found, g, out.emit_gtest, observed, s.states_what)};
  std::string failures = emit::write_failures_suite(api, found.domain, failing, g, out.emit_gtest, s.worker_memory_limit);
  if (!failures.empty()) written.push_back(failures);
  for (const auto& file : written)
    if (!s.quiet) std::fprintf(stderr, "objgen: wrote %s\n", file.c_str());
  size_t emitted = emit::emitted_states(api, found, out.gtest_max_states).size(), all = found.target_states().size();
  if (emitted < all)
    std::fprintf(stderr,
                 "objgen: the states suite holds %zu of the %zu states, evenly sampled (--gtest-max-states; a state whose "
                 "calls, each argument rebuilt, would pass %zu is left out)\n",
                 emitted, all, kMaxFlattenedCalls);
  return written;
}

// The run's checks and findings in the one shape every report and log is written from; a finding
// set apart as a likely precondition (in `preconditions`, the report's list) told apart.
void add_results(const Api& api, const LiteralDomain& domain, const std::vector<const std::vector<ReportedFinding>*>& lists,
                 const nlohmann::json& preconditions, emit::CheckResults& results) {
  for (const std::vector<ReportedFinding>* list : lists)
    for (const ReportedFinding& f : *list) results.results.push_back(finding_record(api, domain, f));
  mark_preconditions(preconditions, results);
}

}  // namespace

RunClock::time_point minimizing_deadline(const std::vector<ReportedFinding>& findings, double call_timeout, RunClock::time_point cap) {
  RunClock::time_point end = run_deadline();
  if (end == RunClock::time_point{}) return cap;
  bool hangs = std::any_of(findings.begin(), findings.end(), [](const ReportedFinding& f) { return f.finding.kind == Outcome::Timeout; });
  constexpr double kSecondsPerFinding = 0.2;  // its replay and probes, each a worker's start and a few calls
  double reserve = (hangs ? call_timeout + 0.3 : 0.0) + kSecondsPerFinding * static_cast<double>(findings.size());
  reserve = std::min(reserve, seconds_before_run_deadline() / 2);
  RunClock::time_point leaving_reserve = end - clock_seconds(reserve);
  return cap == RunClock::time_point{} ? leaving_reserve : std::min(cap, leaving_reserve);
}

CheckedContracts check_contracts_on(Api& api, const ContractCheck& c, const LiteralDomain& domain,
                                    const std::vector<FlatSequence>& states) {
  CheckedContracts out;
  out.checked = c.enabled;
  out.checked.on[static_cast<size_t>(contracts::Contract::Failures)] = false;
  out.checked.on[static_cast<size_t>(contracts::Contract::Invariant)] = false;
  std::vector<uint32_t> checks = contracts::add_contract_operations(api, c.target, {out.checked, c.omit, 8, c.operations});
  contracts::StateCheckOptions co;
  co.call_timeout_seconds = c.call_timeout;
  co.worker_memory_limit_bytes = c.worker_memory_limit;
  co.interrupted = &g_interrupted;
  co.enumerations = c.enumerations;
  catch_interrupts(true);
  contracts::StateCheckResult checked = contracts::check_states(api, domain, states, checks, co);
  out.checks_run = checked.checks_run;
  for (SequenceFinding& f : checked.findings) out.findings.push_back({std::move(f), std::nullopt});
  if (c.minimize && !g_interrupted.load())
    minimize_findings(api, domain, out.findings, c.call_timeout, c.worker_memory_limit, c.quiet, c.enumerations,
                      minimizing_deadline(out.findings, c.call_timeout, c.minimize_deadline));
  if (c.confirm) confirm_findings(api, domain, out.findings, {c.call_timeout, c.worker_memory_limit});
  catch_interrupts(false);
  if (!c.quiet)
    std::fprintf(stderr, "objgen: contracts (%s): %llu checks on %zu %s, %zu broken\n", out.checked.names().c_str(),
                 static_cast<unsigned long long>(out.checks_run), states.size(), c.states_what, out.findings.size());
  print_findings(api, out.findings);
  return out;
}

size_t merge_equal_states(const Api& api, const EqualStatesSettings& s, FoundStates& found, oracles::EqualStates& groups,
                          nlohmann::json& report) {
  const size_t representations = found.target_states().size();
  if (s.keep_representations || !class_vtable(found.target).equals || representations < 2 || g_interrupted.load() || run_deadline_passed())
    return representations;
  catch_interrupts(true);
  groups = oracles::group_equal_states(api, found,
                                       {.call_timeout_seconds = s.call_timeout,
                                        .worker_memory_limit_bytes = s.worker_memory_limit,
                                        .isolate = s.isolate,
                                        .interrupted = &g_interrupted});
  catch_interrupts(false);
  nlohmann::json j{{"operator", "operator=="},
                   {"representations", representations},
                   {"grouped", groups.grouped},
                   {"comparisons", groups.comparisons},
                   {"by_hash", groups.by_hash}};
  // Its time beside the run's, which reports compared across runs leave out.
  if (report.contains("timing") && report["timing"].is_object()) report["timing"]["equal_states_seconds"] = groups.seconds;
  if (!groups.grouped) {
    j["why_not"] = groups.why_not;
    report["equal_states"] = j;
    if (!s.quiet)
      std::fprintf(stderr, "objgen: states not grouped under the class's operator== (%s): each canonical form is a state\n",
                   groups.why_not.c_str());
    return representations;
  }
  found.chosen = &groups.representatives;
  j["states"] = groups.representatives.size();
  report["equal_states"] = j;
  if (!s.quiet && groups.representatives.size() < representations)
    std::fprintf(stderr,
                 "objgen: the %zu canonical forms are %zu states under the class's operator== (equal both ways: one state, the "
                 "first found; --keep-representations keeps them apart)\n",
                 representations, groups.representatives.size());
  return groups.representatives.size();
}

PostRunOutput run_post_run(Api& api, const PostRunSettings& s, PostRunInput in, nlohmann::json& report) {
  const FoundStates& found = in.found;
  const OutputArgs& out = s.outputs;
  emit::CheckResults results = emit::check_results(api, s.command, found.target, s.include);
  report_strategy_findings(api, s, in, report);
  std::vector<ReportedFinding> ruled_out = report_ruled_out(api, s, in, report, results);
  std::optional<oracles::OracleResult> observed;
  if (!out.emit_gtest.empty() && out.oracles && !g_interrupted.load() && !run_deadline_passed()) {
    observed = record_oracles(
        api, found, {out.gtest_max_states, out.gtest_inline_limit, out.oracle_states, s.call_timeout, s.worker_memory_limit, s.quiet});
    report["oracles"] = oracle_report(api, *observed);
  }
  // What the HTML pages draw: a few states, with what the observers say of them.
  constexpr size_t kSampledStates = 6;
  report["state_samples"] = emit::state_samples(api, found, observed ? &*observed : nullptr, out.gtest_max_states, kSampledStates);
  // A bug may show in one representation only: the contracts and the reference see every form,
  // not one state per group of states the class's operator== calls equal.
  FoundStates every_form = found;
  every_form.chosen = nullptr;
  std::vector<ReportedFinding> broken;
  if (s.contracts && !g_interrupted.load() && !run_deadline_passed()) {
    broken = check_contracts(api, s, every_form, report);
    add_contract_checks(s.contracts->enabled, results);
  }
  std::vector<emit::SuiteFinding> failing = suite_findings_of(in.findings);
  for (emit::SuiteFinding& f : suite_findings_of(broken)) failing.push_back(std::move(f));
  for (emit::SuiteFinding& f : suite_findings_of(ruled_out)) failing.push_back(std::move(f));
  report["unconfirmed"] = unconfirmed_json(api, found.domain, in.findings);
  for (nlohmann::json& f : unconfirmed_json(api, found.domain, broken)) report["unconfirmed"].push_back(std::move(f));
  for (nlohmann::json& f : unconfirmed_json(api, found.domain, ruled_out)) report["unconfirmed"].push_back(std::move(f));
  report["preconditions"] = set_apart_preconditions(api, found.domain, failing, probe_states(api, found),
                                                    {s.call_timeout, s.worker_memory_limit, s.findings.emit_preconditions, s.quiet});
  add_results(api, found.domain, {&in.findings, &ruled_out, &broken}, report["preconditions"], results);
  if (s.reference && !g_interrupted.load() && !run_deadline_passed()) {
    emit::GtestSuiteOptions g{s.include, s.suite_name, out.gtest_inline_limit, 1, out.gtest_max_states, s.suite_build};
    report.update(check_against_reference(api, every_form, s.reference->args,
                                          {s.reference->subject, s.reference->scope, s.reference->literals, s.call_timeout,
                                           s.worker_memory_limit, s.findings.minimize, s.quiet, &g, out.emit_gtest, &results}));
  }
  note_time_limit_cut(s, report);
  write_run_reports(out, report, results);
  PostRunOutput result;
  if (!out.emit_gtest.empty()) result.written = write_suites(api, s, found, failing, observed ? &*observed : nullptr);
  return result;
}

}  // namespace objgen::cli
