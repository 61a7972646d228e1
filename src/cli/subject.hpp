// The subject every strategy works on: a bundled example (--example), a class named by its
// header (--header/--class: scanned, compiled and cached on first use), or a harness shared
// object built beforehand (--harness, e.g. by objgen_add_harness() in CMake).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "emit/suite_preamble.hpp"
#include "objgen/example.hpp"

namespace objgen::scan {
struct ScanOutcome;
}
namespace objgen::cover {
struct CoverageMap;
}

namespace objgen::cli {

struct SubjectArgs {
  std::string example;
  std::string header;
  std::string class_name;                  // the first --class: the target
  std::vector<std::string> extra_classes;  // further --class: registered beside it
  int class_depth = 3;
  std::string harness;
  std::string compile_db;  // -p: directory of compile_commands.json
  std::string state = "auto";
  std::vector<std::string> flags;          // after --
  std::vector<std::string> template_args;  // --template-args MEMBER=TYPES (cli/type_name_check.hpp)
  bool rebuild = false;
  bool coverage = false;             // build the harness with coverage (--coverage; `evolve` always)
  bool coverage_of_callees = false;  // ...of the functions the class calls too (evolve --coverage-scope)
  bool checks = false;               // with assertions and UBSan (`params`): built from the header, also for --example
  bool asan = false;                 // with checks: AddressSanitizer too (only for asan_harness_library)
  std::string harness_source;        // compile this harness.cpp instead of scanning (the ASan twin's)
  bool trace_loads = false;          // with Clang's trace-loads (`korat`): built from the header, also for --example
  // Found when the subject was resolved (exec/initialising_call): a call the class's objects need
  // before they can be read, which every later build of the subject (the ASan one) makes too.
  std::string initialising_call, initialising_member_left_out;
  // Found then too, when no call helps: fields its objects are read without (an omit pattern).
  std::string unreadable_fields;
};

void add_subject_options(CLI::App* cmd, SubjectArgs& s);

// The subject as resolve_subject loaded it, and what its build left that later steps need. A
// command holds it for its whole run: workers load the harness it names.
struct Subject {
  Example example;
  // With coverage: the loaded harness's coverage map, bound to the runtime where it is loaded.
  std::shared_ptr<const cover::CoverageMap> coverage;
  // A --header (or coverage --example) subject: the harness's cache directory (harness.cpp, the
  // instrumented IR *.cov.ll); "" otherwise.
  std::string build_directory;
  // Libraries the plain build found and linked (the ASan build takes them as given).
  std::vector<std::string> added_libraries;
  // What emitted suites compile with: the subject's flags, sources and libraries (unknown for a
  // --harness built elsewhere).
  emit::SuiteBuild suites;
};

// The subject, loaded; UsageError (exit 2) when it is missing, ambiguous, does not parse or
// does not compile, after printing Clang's or the compiler's diagnostics, or when its objects
// cannot be read (a --harness or --example subject: with what to register instead). A --header
// class whose objects need an initialising call is built again with it (s.initialising_call).
Subject resolve_subject(SubjectArgs& s, bool quiet);

// What code built outside objgen (emitted benchmarks) needs to compile against the subject: the
// include directory of its header, the user's flags after --, and a bundled example's sources.
// Empty for a --harness subject (its header's location is unknown).
std::vector<std::string> subject_build_flags(const SubjectArgs& s);

// Shared with `objgen scan`: prints why a scan failed (diagnostics, closest class names).
void print_scan_failure(const scan::ScanOutcome& outcome, bool verbose);

// The compile flags for a scan: those of -p's database for the header, then the ones after --.
std::vector<std::string> scan_flags(const SubjectArgs& s);

// Implemented only when objgen has scan: scans, compiles (or reuses) and loads the harness
// (and with coverage, binds its coverage map); built again with an initialising call when its
// objects need one, which it sets in s.
Subject build_subject_harness(SubjectArgs& s, bool quiet);
// Implemented only when objgen has scan: compiles (or reuses) the subject's harness with the
// checks and AddressSanitizer, without loading it (objgen-asan-worker does); its path. `built`:
// the subject as resolved (its plain build's harness.cpp and libraries).
std::string build_asan_harness(const SubjectArgs& s, const Subject& built, bool quiet);
// Implemented only when objgen has scan: compiles (or reuses) a reference class's harness
// (differential testing) without loading it and without changing how the subject's suites build.
std::string build_reference_harness(const SubjectArgs& s, bool quiet);
// The subject to build from a header: a bundled --example as its header, include directory and
// sources (it is compiled into objgen without instrumentation or checks); others as they are.
SubjectArgs from_header(const SubjectArgs& s);

}  // namespace objgen::cli
