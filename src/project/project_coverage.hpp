// `objgen project --coverage`: how much of each class's code its suites run, measured by gcovr.
// The project's sources are compiled again with --coverage -O0 (OUT/.coverage/objects); each
// class's suites are compiled against them and run, the counts cleared before each class so its
// figures are its suites' alone; gcovr then writes the class's summary and its annotated sources.
// "The class's code": its header, and every project source its suites ran a line of (which
// sources define a class's members is observed, not read from file names).
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "project/project_runs.hpp"

namespace objgen::project {

// Sets each tested class's coverage figures and page (under `pages_dir`/coverage/<class>/);
// returns notes: gcovr missing, a suite that did not compile.
std::vector<std::string> measure_coverage(const ProjectOptions& options, ProjectOutcome& outcome, const std::string& pages_dir,
                                          const std::atomic<bool>* interrupted, const std::function<void(const std::string&)>& say);

}  // namespace objgen::project
