// The steps after a strategy's run, the same for every command that writes suites (exhaustive,
// random): the strategy's findings minimized, confirmed (replayed alone in a fresh process: only
// what reproduces is a bug; the rest is listed apart) and printed; regression oracles recorded on the
// states a suite will hold; contracts checked on the states (when the strategy did not while
// running); likely precondition violations set apart; the JSON report and the states and
// failures suites written. A command reads: arguments -> options -> strategy -> this pipeline.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "cli/reference.hpp"
#include "cli/reported_findings.hpp"
#include "cli/run_args.hpp"
#include "gen/oracles/contracts.hpp"
#include "gen/oracles/equal_states.hpp"
#include "heap/found_states.hpp"

namespace objgen::cli {

// Contracts checked on the run's states after it (exhaustive; random checks them while running).
struct ContractsAfterRun {
  contracts::ContractSet enabled;  // failures and the invariant were checked while generating
  size_t max_states = 2000;        // --contract-states: at most this many states, evenly sampled (0: all)
  std::shared_ptr<const std::regex> omit;
};

// The contracts checked on states given as sequences (each rebuilt in a worker), after a run:
// exhaustive's and random's states, evolve's covering tests' receivers. Findings minimized and,
// with `confirm`, confirmed; a line on stderr, the findings on stdout.
struct ContractCheck {
  contracts::ContractSet enabled;  // failures and the invariant are left out: checked while running
  std::shared_ptr<const std::regex> omit;
  ClassId target = 0;
  std::vector<uint32_t> operations;  // the run's: the checks compare their results
  const char* states_what = "states";
  bool enumerations = true;  // literal arguments index into their slot's values (evolve's: by kind)
  bool minimize = true;
  bool confirm = true;
  std::chrono::steady_clock::time_point minimize_deadline{};  // at the latest (minimizing_deadline's cap)
  double call_timeout = 2.0;
  size_t worker_memory_limit = 0;
  bool quiet = false;
};
struct CheckedContracts {
  std::vector<ReportedFinding> findings;
  contracts::ContractSet checked;
  uint64_t checks_run = 0;
};
CheckedContracts check_contracts_on(Api& api, const ContractCheck& check, const LiteralDomain& domain,
                                    const std::vector<FlatSequence>& states);

// Within the run's deadline, minimizing leaves time to what follows it: replaying the findings
// (hangs side by side, each waiting out its limit; the others a moment each) and probing them for
// preconditions; half the time left at most; never past `cap` when one is given (evolve's budget).
// {} when there is neither.
std::chrono::steady_clock::time_point minimizing_deadline(const std::vector<ReportedFinding>& findings, double call_timeout,
                                                          std::chrono::steady_clock::time_point cap = {});

// The run's settings the steps read, from the command's options.
struct PostRunSettings {
  std::string command;  // "exhaustive", "random": the reports' name for the run
  const OutputArgs& outputs;
  const FindingArgs& findings;
  double call_timeout = 2.0;
  size_t worker_memory_limit = 0;  // as the run's workers had it
  bool quiet = false;
  std::string include;           // the suites' #include: the subject's header
  std::string suite_name;        // the suites' file and suite stem ("ncl", "sll_random")
  emit::SuiteBuild suite_build;  // the suites' compile line (Subject::suites)
  std::string states_what;       // the states suite's headline
  // The report's key listing the strategy's findings ("findings"); empty when the strategy's
  // report lists them itself (exhaustive's "failures").
  std::string findings_key;
  bool print_findings = true;  // false: the command printed them with its result line
  std::optional<ContractsAfterRun> contracts;
  // With --reference-header/--reference-include: the run's states compared with the reference.
  struct Reference {
    const ReferenceArgs& args;
    const SubjectArgs& subject;
    int scope;
    const LiteralSpec& literals;
  };
  std::optional<Reference> reference;
};

// What the run found: its states, and its findings in the order it reports them.
struct PostRunInput {
  const FoundStates& found;
  std::vector<ReportedFinding> findings;
  bool minimize = true;  // false: the strategy's findings are kept as found (exhaustive's engine)
  // What the operations `--builders auto` left out broke (each finding in its own domain): moved
  // into the run's domain, minimized, confirmed and reported like the strategy's own.
  std::vector<SequenceFinding> ruled_out;
};

// What the steps wrote: the suites' files (the report's is the command's --report-json).
struct PostRunOutput {
  std::vector<std::string> written;
};

// What grouping the states under the class's operator== needs from the command.
struct EqualStatesSettings {
  bool keep_representations = false;
  double call_timeout = 2.0;
  size_t worker_memory_limit = 0;
  bool isolate = true;
  bool quiet = false;
};

// Where the class has operator==, states it calls equal (both ways) are one, unless
// --keep-representations: found.chosen points at each group's first state (held by `groups`,
// which must outlive found), stderr says how many representations made how many states, and the
// report gets "equal_states". Returns the number of states (grouped or not).
size_t merge_equal_states(const Api& api, const EqualStatesSettings& s, FoundStates& found, oracles::EqualStates& groups,
                          nlohmann::json& report);

// Runs the steps, adding their parts to `report` before writing it. Contract checks are added to
// api as operations.
PostRunOutput run_post_run(Api& api, const PostRunSettings& settings, PostRunInput input, nlohmann::json& report);

}  // namespace objgen::cli
