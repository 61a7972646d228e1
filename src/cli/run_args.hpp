// The options the objgen commands share, in three groups: the run's (the subject, which of its
// operations run, how and for how long a call may run), the outputs' (the report, the GoogleTest
// suites and their oracles) and the findings' (contracts, minimizing, preconditions set apart).
// Each group is registered by one function, with one help text per option, and checked by one; a
// command's Args derives from the groups it uses and adds its own options. What differs between
// commands (a default, the wording of an option whose meaning differs) the command passes when it
// registers the group; an option left without help is not the command's.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/choice_option.hpp"
#include "cli/subject.hpp"
#include "gen/oracles/contracts.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::cli {

enum class Isolation { Fork, None };  // fork: worker processes; none: threads in objgen's process
inline const Choices<Isolation> kIsolations{{"fork", Isolation::Fork}, {"none", Isolation::None}};
// What a std::exception from a creator given only literals is: misuse (rejected input) or a failure.
enum class ValidationErrors { Misuse, Failure };
inline const Choices<ValidationErrors> kValidationErrors{{"misuse", ValidationErrors::Misuse}, {"failure", ValidationErrors::Failure}};
inline const Choices<bool> kOnOff{{"on", true}, {"off", false}};

struct RunArgs {
  SubjectArgs subject;
  std::string methods;
  std::string omit_fields;
  bool omit_given = false;
  LiteralSpec literals;
  int threads = 0;  // 0: all cores
  bool force = false;
  Isolation isolation = Isolation::Fork;
  double call_timeout = 2.0;
  double load_timeout = 20.0;       // kDefaultWorkerLoadSeconds (exec/child_process.hpp)
  std::string memory_limit;         // objgen's own (exhaustive, builders)
  std::string worker_memory_limit;  // "": --memory-limit
  std::vector<std::string> misuse;
  std::vector<std::string> also_misuse;  // --also-misuse: added to the misuse types, replacing none
  ValidationErrors validation_errors = ValidationErrors::Misuse;
  uint64_t seed = 0;
  bool quiet = false;

  bool isolate() const { return isolation == Isolation::Fork; }
  // --omit-fields when given, else the class's own pattern.
  const std::string& omit_fields_of(const ClassInfo& target) const { return omit_given ? omit_fields : target.omit_fields; }
  // --memory-limit, or by default half the machine's memory: a run over millions of states stops
  // with a consistent partial result before it takes the machine.
  size_t memory_limit_bytes() const;
  // --worker-memory-limit, or else --memory-limit.
  size_t worker_memory_limit_bytes() const;
};

// What a command says about the run's options (the subject's are added apart, first).
struct RunOptions {
  const char* methods_names = "--methods";
  const char* methods = nullptr;
  const char* methods_default = nullptr;
  const char* omit_fields = nullptr;
  bool literals = false;          // --ints, --doubles, --chars, --bools, --strings
  const char* threads = nullptr;  // with --force
  bool isolation = false;
  const char* call_timeout = "A call running longer than this is a hang finding (s)";
  double call_timeout_default = 2.0;
  const char* memory_limit = nullptr;
  const char* worker_memory_limit = "Memory the code under test may add to a worker; past it std::bad_alloc is an out-of-memory finding";
  const char* worker_memory_limit_default = nullptr;
  bool misuse = false;
  bool validation_errors = false;
  const char* seed = nullptr;
  std::optional<uint64_t> seed_default = 0;  // nullopt: none shown (the run does not use it)
};
void add_run_options(CLI::App* cmd, RunArgs& run, const RunOptions& options);
// -q,--quiet, every command's last option.
void add_quiet_option(CLI::App* cmd, RunArgs& run);
// Checks the run's options that can be checked before the subject is loaded (--isolation none for
// this subject, --call-timeout, --load-timeout, the memory limits; UsageError), then sets the one
// every supervisor of the process reads: the workers' load limit.
void apply_run_args(const RunArgs& run);
// The misuse exceptions and what validation errors are, for the registered API.
void apply_misuse_options(const RunArgs& run, Api& api);

struct OutputArgs {
  std::string report_json;
  std::string sarif;  // --sarif FILE: the findings as a SARIF 2.1.0 log
  std::string junit;  // --junit FILE: the checks as JUnit XML
  std::string html;   // --html DIR: the run as static pages
  std::string emit_gtest;
  std::string suite_name;  // --suite-name: the suites' file stem and GoogleTest name ("" = the class's)
  size_t gtest_inline_limit = 64;
  size_t gtest_max_states = 1000;
  bool oracles = true;
  size_t oracle_states = 16;
  bool keep_representations = false;  // states the class's operator== calls equal stay apart
};

// What a command says about the outputs; with gtest_max_states, the states suite's knobs too
// (--gtest-inline-limit, --gtest-max-states, --oracles, --oracle-states).
struct OutputOptions {
  const char* emit_gtest = nullptr;
  const char* gtest_max_states = nullptr;
  size_t gtest_max_states_default = 1000;
};
void add_output_options(CLI::App* cmd, OutputArgs& out, const OutputOptions& options);
// --keep-representations, for the commands that group states under the class's operator==.
void add_representations_option(CLI::App* cmd, OutputArgs& out);
// A UsageError unless the report's file and the suites' directory can be written.
void require_writable_outputs(const OutputArgs& out);

struct FindingArgs {
  std::string contracts = "all";
  bool minimize = true;
  bool emit_preconditions = false;  // failures suites hold likely precondition violations too
  // The --contracts list, or a UsageError naming the unknown contract.
  contracts::ContractSet enabled_contracts() const;
};
// --contracts (each contract named and described), --minimize, --emit-preconditions.
void add_finding_options(CLI::App* cmd, FindingArgs& findings);

}  // namespace objgen::cli
