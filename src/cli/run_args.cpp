#include "cli/run_args.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include <unistd.h>

#include "cli/cli_common.hpp"
#include "cli/reported_findings.hpp"
#include "exec/child_process.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cli {

static size_t default_own_memory_limit() {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<size_t>(pages) * static_cast<size_t>(page) / 2;
}

size_t RunArgs::memory_limit_bytes() const {
  return memory_limit.empty() ? default_own_memory_limit() : parse_size(memory_limit, "--memory-limit");
}

size_t RunArgs::worker_memory_limit_bytes() const {
  // The workers' default is the limit given for objgen, not objgen's default share of the machine.
  if (!worker_memory_limit.empty()) return parse_size(worker_memory_limit, "--worker-memory-limit");
  return memory_limit.empty() ? 0 : parse_size(memory_limit, "--memory-limit");
}

namespace {

// --threads and --force, --isolation: how many workers, and whether they are processes.
void add_worker_options(CLI::App* cmd, RunArgs& run, const RunOptions& o) {
  if (o.threads) {
    cmd->add_option("--threads", run.threads, o.threads)->check(CLI::Range(1, 1 << 20));
    cmd->add_flag("--force", run.force, "Accept --threads above 4 x the cores");
  }
  if (o.isolation)
    add_choice_option(cmd, "--isolation", run.isolation, kIsolations,
                      "fork: run the code under test in worker processes (survives crashes and hangs); none: threads "
                      "(bundled --example subjects only)");
}

// --misuse and --validation-errors: which exceptions are the caller's mistake, not a finding.
void add_misuse_options(CLI::App* cmd, RunArgs& run, const RunOptions& o) {
  if (o.misuse)
    cmd->add_option("--misuse", run.misuse,
                    "Exception types meaning API misuse (replaces the default std::invalid_argument, "
                    "std::out_of_range, std::length_error, std::domain_error)");
  if (o.misuse)
    cmd->add_option("--also-misuse", run.also_misuse,
                    "Exception types meaning API misuse besides --misuse's (or the default ones), matched by their "
                    "exact type (objgen project passes the project's own exception classes here)");
  if (o.validation_errors)
    add_choice_option(cmd, "--validation-errors", run.validation_errors, kValidationErrors,
                      "A std::exception thrown by a constructor, factory or parser given only literals: misuse (it "
                      "rejected invalid input, the sequence is dropped) or failure (reported)");
}

}  // namespace

void add_run_options(CLI::App* cmd, RunArgs& run, const RunOptions& o) {
  if (o.methods) {
    CLI::Option* methods = cmd->add_option(o.methods_names, run.methods, o.methods);
    if (o.methods_default) methods->default_val(o.methods_default);
  }
  if (o.omit_fields) {
    RunArgs* given = &run;  // the command's arguments outlive the parse
    cmd->add_option("--omit-fields", run.omit_fields, o.omit_fields)->each([given](const std::string&) { given->omit_given = true; });
  }
  if (o.literals) add_literal_options(cmd, run.literals);
  add_worker_options(cmd, run, o);
  cmd->add_option("--call-timeout", run.call_timeout, o.call_timeout)->default_val(o.call_timeout_default);
  cmd->add_option("--load-timeout", run.load_timeout,
                  "A worker loading the code under test (its static initializers) for longer than this has hung; "
                  "two such workers in a row end the run with exit 2 (s; --call-timeout if that is longer)")
      ->default_val(run.load_timeout);
  if (o.memory_limit) cmd->add_option("--memory-limit", run.memory_limit, o.memory_limit);
  CLI::Option* worker_memory = cmd->add_option("--worker-memory-limit", run.worker_memory_limit, o.worker_memory_limit);
  if (o.worker_memory_limit_default) worker_memory->default_val(o.worker_memory_limit_default);
  add_misuse_options(cmd, run, o);
  if (o.seed) {
    CLI::Option* seed = cmd->add_option("--seed", run.seed, o.seed);
    if (o.seed_default) seed->default_val(*o.seed_default);
  }
}

void add_quiet_option(CLI::App* cmd, RunArgs& run) { cmd->add_flag("--quiet,-q", run.quiet, "No progress on stderr"); }

void apply_run_args(const RunArgs& run) {
  const SubjectArgs& s = run.subject;
  if (run.isolation == Isolation::None && (s.example.empty() || s.coverage || s.checks || s.trace_loads))
    throw UsageError(
        "--isolation none runs the code under test in objgen's own process, which objgen does only for "
        "its bundled examples: use --isolation fork (the default) for --header and --harness subjects");
  if (!(run.call_timeout > 0)) throw UsageError("--call-timeout must be > 0");
  if (!(run.load_timeout > 0)) throw UsageError("--load-timeout must be > 0");
  run.worker_memory_limit_bytes();
  set_worker_load_seconds(run.load_timeout);
}

void apply_misuse_options(const RunArgs& run, Api& api) {
  set_misuse(api, run.misuse);
  for (const std::string& name : run.also_misuse) api.misuse().add_name(name);
  api.misuse().creators_validate = run.validation_errors == ValidationErrors::Misuse;
}

void add_output_options(CLI::App* cmd, OutputArgs& out, const OutputOptions& o) {
  cmd->add_option("--report-json", out.report_json, "Write a JSON report here");
  cmd->add_option("--sarif", out.sarif,
                  "Write the findings here as a SARIF 2.1.0 log (code scanning, editors): each at its member's line, its "
                  "calls as a code flow; files under the current directory named relative to it")
      ->type_name("FILE");
  cmd->add_option("--junit", out.junit, "Write the run's checks here as JUnit XML (one test case per check, failing on a bug)")
      ->type_name("FILE");
  cmd->add_option("--html", out.html,
                  "Write the run as static HTML pages here (index.html): findings with their reproducers, likely "
                  "preconditions apart, a sample of the states, the checks")
      ->type_name("DIR");
  if (o.emit_gtest) cmd->add_option("--emit-gtest", out.emit_gtest, o.emit_gtest)->type_name("DIR");
  if (!o.gtest_max_states) return;
  cmd->add_option("--suite-name", out.suite_name,
                  "The suites' file stem and GoogleTest suite name (default: the class's name in snake_case), so a build "
                  "can name the files before they exist")
      ->check([](const std::string& s) {
        bool ok = !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0])) &&
                  std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
        return ok ? std::string() : "must be a C identifier (letters, digits, _)";
      });
  cmd->add_option("--gtest-inline-limit", out.gtest_inline_limit,
                  "Up to this many states get one readable TEST each; more use a replay table")
      ->default_val(64);
  cmd->add_option("--gtest-max-states", out.gtest_max_states, o.gtest_max_states)->default_val(o.gtest_max_states_default);
  add_choice_option(cmd, "--oracles", out.oracles, kOnOff,
                    "on: the emitted tests also check what the calls and the target's observers returned (values equal in "
                    "two runs in separate processes); off: they rebuild states and check the invariant only");
  cmd->add_option("--oracle-states", out.oracle_states,
                  "With --oracles on: on this many states (evenly spaced) every member of the class is also called, its "
                  "value or exception and the observers after it checked, one TEST each (0: none)")
      ->default_val(16);
}

void add_representations_option(CLI::App* cmd, OutputArgs& out) {
  cmd->add_flag("--keep-representations", out.keep_representations,
                "Count, check and emit states the class's operator== calls equal apart, as their canonical forms differ "
                "(by default they are one state: the first found)");
}

void require_writable_outputs(const OutputArgs& out) {
  require_writable_file(out.report_json);
  require_writable_file(out.sarif);
  require_writable_file(out.junit);
  require_writable_directory("--html", out.html);
  require_writable_directory("--emit-gtest", out.emit_gtest);
}

contracts::ContractSet FindingArgs::enabled_contracts() const { return parse_contracts_option(contracts); }

void add_finding_options(CLI::App* cmd, FindingArgs& f) {
  std::string help = "Contracts checked on every new state: all (default), none, or a list (a,b; -a removes):";
  for (size_t c = 0; c < contracts::kContractCount; ++c)
    help += fmt::format(" {} ({});", contracts::contract_name(static_cast<contracts::Contract>(c)),
                        contracts::contract_description(static_cast<contracts::Contract>(c)));
  cmd->add_option("--contracts", f.contracts, help)->default_val("all");
  add_choice_option(cmd, "--minimize", f.minimize, kOnOff, "on: shrink every finding's sequence in test workers (delta debugging)");
  cmd->add_flag("--emit-preconditions", f.emit_preconditions,
                "Put likely precondition violations (a library assertion; a crash on an object no call changed since "
                "its constructor) in the failures suite too; by default they are listed apart as the caller's");
}

}  // namespace objgen::cli
