// The project's compiled code as one archive of position-independent objects, so a harness (a
// shared object) can link any class's members whatever the project's own build chose (CMake builds
// static libraries without -fPIC). Every translation unit of the compile database is compiled
// again with its own command plus -fPIC; the linker then takes from the archive only the objects a
// harness needs (and what they need); a program's main() is left out, or a suite linking the archive
// before GoogleTest's main would run the program instead of its tests. Objects are reused while
// their source and every file it includes keep their contents.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "project/project_layout.hpp"

namespace objgen::project {

struct ProjectLibrary {
  std::string archive;  // "" when no source compiled
  std::string hash;     // of the objects' contents: what a class's results depend on
  size_t compiled = 0, reused = 0;
  std::vector<std::string> failed;    // "src/x.cpp: its first error", left out of the archive
  std::vector<std::string> programs;  // sources that define main(), left out: a suite links main from GoogleTest
};

// Objects and the archive in `cache_dir` (made when missing), each source compiled with its own
// command and `flags`. `jobs` compiles at once.
ProjectLibrary build_project_library(const ProjectLayout& layout, const std::string& cache_dir, int jobs,
                                     const std::atomic<bool>* interrupted, const std::function<void(const std::string&)>& say,
                                     const std::vector<std::string>& flags = {"-fPIC"});

}  // namespace objgen::project
