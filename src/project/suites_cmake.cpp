#include "project/suites_cmake.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "emit/code_writer.hpp"
#include "io/atomic_file.hpp"

namespace objgen::project {

namespace fs = std::filesystem;

namespace {

// The include directories and definitions of the suite's own compile command (its first line),
// paths under the source root written relative to OBJGEN_PROJECT_SOURCE_DIR.
std::vector<std::string> suite_flags(const std::string& suite, const std::string& source_root) {
  std::vector<std::string> flags;
  for (const std::string& word : suite_compile_flags(suite))
    if (word.rfind("-I", 0) == 0 && is_within(word.substr(2), source_root))
      flags.push_back("-I${OBJGEN_PROJECT_SOURCE_DIR}/" + fs::path(word.substr(2)).lexically_relative(source_root).string());
    else if (word.rfind("-std=", 0) != 0)
      flags.push_back(word);
  return flags;
}

std::string target_name(const std::string& suite) {
  return "objgen_" + emit::c_identifier(fs::path(suite).parent_path().filename().string() + "_" + fs::path(suite).stem().string());
}

}  // namespace

std::vector<std::string> suite_compile_flags(const std::string& suite) {
  std::optional<std::string> text = read_whole_file(suite);
  std::vector<std::string> flags;
  if (!text) return flags;
  std::string first = text->substr(0, text->find('\n'));
  size_t at = 0;
  while (at < first.size()) {
    size_t end = first.find(' ', at);
    if (end == std::string::npos) end = first.size();
    std::string word = first.substr(at, end - at);
    at = end + 1;
    if (word.rfind("-I", 0) == 0 || word.rfind("-D", 0) == 0 || word.rfind("-std=", 0) == 0) flags.push_back(word);
  }
  return flags;
}

std::vector<std::string> cmake_targets(const ProjectLayout& layout) {
  std::vector<std::string> out;
  for (const scan::CompileEntry& e : layout.sources) {
    std::string t = cmake_target_of(e);
    if (!t.empty() && std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  }
  return out;
}

std::string suites_cmake(const ProjectOutcome& outcome, const std::string& out_dir) {
  const std::string& root = outcome.layout.source_root;
  std::string text = fmt::format(R"(# Written by `objgen project` for {root}: the GoogleTest suites of its classes.
# In the project, after its targets: add_subdirectory(<this directory> objgen-suites), then ctest.
# Alone: cmake -S <this directory> -B build (the suites link the -fPIC archive objgen compiled).
# `ctest -LE objgen_bugs` leaves out the failures suites, which fail while their bugs are there.
cmake_minimum_required(VERSION 3.16)
if(NOT DEFINED PROJECT_NAME)
  project(objgen_suites LANGUAGES CXX)
  enable_testing()
endif()
find_package(GTest REQUIRED)
include(GoogleTest)
if(NOT DEFINED OBJGEN_PROJECT_SOURCE_DIR)
  set(OBJGEN_PROJECT_SOURCE_DIR "{root}")
endif()
set(objgen_libraries)
foreach(t IN ITEMS {targets})
  if(TARGET ${{t}})
    get_target_property(objgen_type ${{t}} TYPE)
    if(objgen_type MATCHES "LIBRARY$")
      list(APPEND objgen_libraries ${{t}})
    endif()
  endif()
endforeach()
if(NOT objgen_libraries AND EXISTS "{archive}")
  add_library(objgen_project_code STATIC IMPORTED)
  set_target_properties(objgen_project_code PROPERTIES IMPORTED_LOCATION "{archive}")
  set(objgen_libraries objgen_project_code)
endif()
)",
                                 fmt::arg("root", root), fmt::arg("targets", fmt::join(cmake_targets(outcome.layout), " ")),
                                 fmt::arg("archive", outcome.archive));
  for (const ClassOutcome& c : outcome.classes)
    for (const std::string& suite : c.suites) {
      std::string name = target_name(suite);
      std::vector<std::string> flags = suite_flags(fmt::format("{}/{}", out_dir, suite), root);
      text += fmt::format("\n# {}\nadd_executable({} {})\ntarget_compile_features({} PRIVATE cxx_std_20)\n", c.name, name, suite, name);
      if (!flags.empty()) text += fmt::format("target_compile_options({} PRIVATE {})\n", name, fmt::join(flags, " "));
      text += fmt::format("target_link_libraries({} PRIVATE GTest::gtest_main GTest::gtest ${{objgen_libraries}})\n", name);
      bool bugs = suite.find("_failures_test") != std::string::npos;
      text += fmt::format("gtest_discover_tests({} DISCOVERY_TIMEOUT 60{})\n", name, bugs ? " PROPERTIES LABELS objgen_bugs" : "");
    }
  return text;
}

}  // namespace objgen::project
