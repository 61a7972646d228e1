// --reference-header/--reference-class/--reference-include: differential testing of the class
// against a reference class with the same members (the fixed version, or the previous version of
// the library), after a strategy found the class's states (gen/differential). The reference is
// built like the subject (the flags after -- too) and runs only in processes of its own.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <string>

#include "cli/subject.hpp"
#include "emit/check_results.hpp"
#include "emit/gtest_writer.hpp"
#include "heap/found_states.hpp"
#include "model/literal_domain.hpp"

namespace objgen::cli {

struct ReferenceArgs {
  std::string header;      // --reference-header
  std::string class_name;  // --reference-class (default: the subject's class)
  std::string include;     // --reference-include DIR: searched first; the header re-rooted there by default
  size_t max_tests = 300000;
  bool given() const { return !header.empty() || !include.empty() || !class_name.empty(); }
};

void add_reference_options(CLI::App* cmd, ReferenceArgs& r);
// Before the run: the reference built (or taken from the cache) and described, so that a reference
// that is missing, does not compile or does not load stops objgen with a UsageError before the
// strategy runs, not after it.
void check_reference_args(const SubjectArgs& subject, const ReferenceArgs& r, bool quiet);

// What the check needs of the run besides its states.
struct DifferentialSettings {
  const SubjectArgs& subject;
  int scope;
  const LiteralSpec& literals;
  double call_timeout;
  size_t worker_memory_limit;
  bool minimize;
  bool quiet;
  const emit::GtestSuiteOptions* suites = nullptr;  // with --emit-gtest: where the differences suite goes
  std::string emit_dir;
  emit::CheckResults* results = nullptr;  // gets the "reference" check and its differences
};

// Builds and describes the reference, compares the class's states with it, prints the differences
// on stdout (the unconfirmed apart), writes the differences suite, and returns the report's part
// ("differential": the run's figures; "differences", "unconfirmed_differences"). UsageError when
// the reference is missing, does not build, or has none of the class's members.
nlohmann::json check_against_reference(const Api& api, const FoundStates& found, const ReferenceArgs& reference,
                                       const DifferentialSettings& settings);

}  // namespace objgen::cli
