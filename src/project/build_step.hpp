// `objgen project --build-step`, what CMake's objgen_add_tests runs while building: a build must
// name a rule's outputs before the rule runs, so every class gets the same four suite files
// whatever was found (a failures suite without a test when nothing failed), and a depfile tells
// the build which headers to watch, so editing one regenerates the suites.
#pragma once

#include <string>
#include <vector>

#include "project/project_runs.hpp"

namespace objgen::project {

// The four suite files --build-step promises for a class, absolute:
// OUT/<slug>/<slug>_{states,failures,random_states,random_failures}_test.cpp.
std::vector<std::string> build_step_suites(const std::string& out_dir, const std::string& class_name);

// Writes the promised suites the run did not (a failures suite where nothing failed) and each
// class's depfile, OUT/<slug>/objgen.d (its suites depend on its header and the project headers
// that includes); returns, for each class that could not be tested, why.
std::vector<std::string> write_build_step_files(const ProjectOptions& options, const ProjectOutcome& outcome);

}  // namespace objgen::project
