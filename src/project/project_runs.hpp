// `objgen project`: every testable class of a project's own headers through objgen's pipeline
// (bounded-exhaustive generation at a small scope, then random generation for a few seconds; each
// with contracts, oracles, confirmation and preconditions), each class in objgen processes of its
// own, several at once, within a total time limit; results reused while nothing they depend on
// changed; one SARIF log, one JUnit file and one summary for the whole project.
#pragma once

#include <atomic>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "emit/check_results.hpp"
#include "project/project_layout.hpp"

namespace objgen::project {

struct ProjectOptions {
  std::string build_dir;
  std::string out_dir = "objgen-project";
  std::string classes = ".*";            // ECMAScript regex on the qualified name
  std::vector<std::string> class_names;  // --class: exact qualified names; one the project lacks is an error
  std::string target;                    // --target: only this CMake target's sources and the headers they see
  double time_limit = 600;               // the whole run, seconds
  double class_seconds = 30;             // each class: two thirds exhaustive, one third random
  int scope = 3;
  int jobs = 1;
  uint64_t seed = 1;
  // Only the classes whose header, or a project header it includes, changed since this git
  // revision (a changed source of the project's: every class); the others are "unchanged", with
  // their last results when there are some.
  std::string changed_since;
  std::string sarif, junit, report_json, html;
  std::string objgen;  // this program, run for each class
  bool quiet = false;
  bool coverage = false;  // --coverage: each class's suites run under gcovr (project_coverage.hpp)
  // --build-step (objgen_add_tests): each class's four suites under names a build knows before the
  // run (OUT/<slug>/<slug>_{,random_}{states,failures}_test.cpp, a failures suite without a test
  // when there is no failure), OUT/<slug>/objgen.d naming what they depend on, and a class that
  // could not be tested is an error; several build steps share OUT, so none writes its summary.
  bool build_step = false;
};

struct ClassOutcome {
  std::string name, header;  // header relative to the source root
  unsigned line = 0;
  std::string status;  // "tested", "reused", "unchanged", "skipped", "failed", "not reached"
  std::string why;     // skipped or failed: why
  double seconds = 0;
  uint64_t states = 0;
  size_t bugs = 0, preconditions = 0, unconfirmed = 0;
  std::vector<std::string> suites;   // relative to the output directory
  std::vector<std::string> depends;  // its header and the project headers it includes, absolute
  std::string coverage_summary;      // --coverage: "lines 92.0 % (34 of 37), branches ..."
  std::string coverage_page;         // gcovr's annotated sources, absolute
  std::vector<emit::CheckResults> results;
};

struct ProjectOutcome {
  ProjectLayout layout;
  std::string archive;  // the project's code as -fPIC objects ("" when none compiled)
  std::vector<ClassOutcome> classes;
  std::vector<std::string> notes;  // sources left out of the library, headers that do not parse
  bool interrupted = false;
};

// Throws ProjectError when the project cannot be read.
ProjectOutcome run_project(const ProjectOptions& options, const std::atomic<bool>* interrupted);

// The outputs that cover the whole project: the SARIF log, the JUnit file, the summary.
void write_project_outputs(const ProjectOptions& options, const ProjectOutcome& outcome);
nlohmann::json project_summary(const ProjectOutcome& outcome);

}  // namespace objgen::project
