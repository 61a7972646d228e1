// Findings as the commands report them: minimized in test workers, printed, in the JSON report and
// in the failures suite (shared by random and exhaustive).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>
#include <vector>

#include "emit/check_results.hpp"
#include "emit/gtest_writer.hpp"
#include "gen/minimize/delta_debugging.hpp"
#include "gen/oracles/contracts.hpp"
#include "heap/found_states.hpp"

namespace objgen::cli {

struct ReportedFinding {
  SequenceFinding finding;
  std::optional<minimize::Minimized> minimized;
  // A finding about one object of the failing call (exhaustive's engine): the invariant of the
  // object in this slot broke, or copying it failed (in_copy).
  int slot = -1;
  bool in_copy = false;
  bool reproducible = true;  // false: it died only after other calls in the same worker
  // Why its sequence, run alone in a fresh process as its emitted test runs it, did not show the
  // fault ("": it did, or it was not replayed): such a finding is listed apart, never in a suite.
  std::string unconfirmed;
  const FlatSequence& sequence() const { return minimized && minimized->reproduced ? minimized->sequence : finding.sequence; }
};

// The --contracts list, or a UsageError naming the unknown contract.
contracts::ContractSet parse_contracts_option(const std::string& spec);

// Minimizes each finding's sequence (those of at most kMaxTestCalls calls).
// enumerations: literal arguments index into their slot's values (exhaustive, random), not their
// kind's (evolve).
// deadline: the command's time budget; findings not reached by then keep their sequence, as found.
void minimize_findings(const Api& api, const LiteralDomain& domain, std::vector<ReportedFinding>& findings, double call_timeout,
                       size_t worker_memory_limit, bool quiet, bool enumerations = true,
                       std::chrono::steady_clock::time_point deadline = {});
// "  contract in Op: message (N hits) [12 -> 3 calls, 1-minimal]" per confirmed finding, then
// the ones not confirmed apart, each with "not confirmed: <reason>", on stdout.
void print_findings(const Api& api, const std::vector<ReportedFinding>& findings);
// The contracts checked on states (failures and the invariant aside: checked by running) as checks
// of the run's results.
void add_contract_checks(const contracts::ContractSet& enabled, emit::CheckResults& results);
// The results that are findings set_apart_preconditions listed (`preconditions`, its list: the
// same kind, operation, message and calls) marked as likely preconditions, with why.
void mark_preconditions(const nlohmann::json& preconditions, emit::CheckResults& results);
// The finding as a record of the run's results (emit/check_results.hpp): unconfirmed ones so marked.
emit::ResultRecord finding_record(const Api& api, const LiteralDomain& domain, const ReportedFinding& f);
nlohmann::json finding_json(const Api& api, const LiteralDomain& domain, const ReportedFinding& f);
// The findings not confirmed, as the report lists them apart ("unconfirmed").
nlohmann::json unconfirmed_json(const Api& api, const LiteralDomain& domain, const std::vector<ReportedFinding>& findings);

// Replays each finding alone in a fresh worker, as its emitted test runs it (a broken invariant
// re-checked on the object it broke on, a failed copy copied again: check operations are added to
// api), and records in `unconfirmed` why one did not show its fault.
struct ConfirmSettings {
  double call_timeout = 1.0;
  size_t worker_memory_limit = 0;
  bool enumerations = true;  // literal arguments index into their slot's values
};
void confirm_findings(Api& api, const LiteralDomain& domain, std::vector<ReportedFinding>& findings, const ConfirmSettings& settings);
// The confirmed findings with a sequence, as a failures suite prints them.
std::vector<emit::SuiteFinding> suite_findings_of(const std::vector<ReportedFinding>& findings);

// Decides for each finding whether it is likely a precondition violation (exec/finding_blame.hpp)
// and records why in it; prints those apart on stdout and returns them for the JSON report.
// Unless `keep_preconditions`, they leave `findings` (the failures suite holds bugs only).
// states: the run's states, the other receivers a failing member is tried on.
struct PreconditionCheck {
  double call_timeout = 1.0;
  size_t worker_memory_limit = 0;
  bool keep_preconditions = false;  // --emit-preconditions
  bool quiet = false;
  bool enumerations = true;                                    // literal arguments index into their slot's values (evolve's: by kind)
  const std::vector<SequenceFinding>* run_findings = nullptr;  // see minimize::BlameOptions
  std::chrono::steady_clock::time_point deadline{};            // of the findings' minimization (evolve --budget); none by default
};
// For each finding, why it is likely a precondition violation, or "" for a bug.
std::vector<std::string> precondition_evidence(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                               const std::vector<FlatSequence>& states, const PreconditionCheck& check);
nlohmann::json set_apart_preconditions(const Api& api, const LiteralDomain& domain, std::vector<emit::SuiteFinding>& findings,
                                       const std::vector<FlatSequence>& states, const PreconditionCheck& check);
// A few of the target's states of a run (the last found: the largest), flattened.
std::vector<FlatSequence> probe_states(const Api& api, const FoundStates& found);

}  // namespace objgen::cli
