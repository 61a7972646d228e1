// What `objgen project` knows of a project from its build directory: where its sources are (the
// compile database's translation units under the source root), and which headers are its own
// (under its -I directories or beside its sources, never in the build directory or in -isystem
// ones, which CMake uses for other projects' targets).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "scan/compile_db.hpp"

namespace objgen::project {

struct ProjectError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ProjectLayout {
  std::string build_dir;                    // absolute
  std::string source_root;                  // CMakeCache.txt's CMAKE_HOME_DIRECTORY, else the sources' common folder
  std::vector<scan::CompileEntry> sources;  // C++ translation units under the source root
  std::vector<std::string> headers;         // the project's own, absolute, sorted
};

// Throws ProjectError (a database that cannot be read, or holds no source of the project, or of
// `target` when one is named: then only that CMake target's translation units are the project's).
ProjectLayout read_project(const std::string& build_dir, const std::string& target = "");

// The CMake target whose object an entry makes (CMakeFiles/<target>.dir/...), "" when the database
// does not say (another build system).
std::string cmake_target_of(const scan::CompileEntry& entry);

// An ECMAScript (and Python) regular expression matching exactly `text`.
std::string regex_literal(const std::string& text);

// Whether path lies in dir (both absolute and normal).
bool is_within(const std::string& path, const std::string& dir);

}  // namespace objgen::project
