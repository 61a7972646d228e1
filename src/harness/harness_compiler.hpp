// Compiling a harness into a shared object objgen can load: the compiler command, running it,
// and reading the dependency files it writes (the cache checks them on the next run).
#pragma once

#include <atomic>
#include <string>
#include <vector>

namespace objgen {

// How this objgen compiles harnesses: the compiler it was built with (ABI must match; $OBJGEN_CXX
// overrides) and where objgen's own headers are (the source tree, or <prefix>/include once
// installed).
struct HarnessToolchain {
  std::string compiler;
  std::vector<std::string> include_dirs;
  // Coverage builds need Clang's SanitizerCoverage: clang++-14 found at configure time
  // ($OBJGEN_COVERAGE_CXX overrides); its libstdc++ ABI is the same as objgen's.
  std::string coverage_compiler;
};
HarnessToolchain harness_toolchain();

// The user's arguments after `--` split in two: what compiles (-I, -D, -std, ...: Clang's scan
// gets these too) and what is linked or compiled beside the harness (sources, objects,
// libraries, -l, -L, -Wl,).
struct SplitFlags {
  std::vector<std::string> compile;
  std::vector<std::string> link;
};
SplitFlags split_user_flags(const std::vector<std::string>& args);
bool is_source_file(const std::string& arg);

// Runs argv (argv[0] looked up in PATH) with stdout and stderr going to log_path; returns the
// exit status (or 128 + signal, or 127 when it could not start).
// When *interrupted becomes true the tool (and what it started) is killed.
int run_tool(const std::vector<std::string>& argv, const std::string& log_path, const std::atomic<bool>* interrupted = nullptr);

// Whether the compiler takes this flag (asked once per compiler and flag, then remembered).
bool compiler_accepts(const std::string& compiler, const std::string& flag);
// Whether `compiler -fuse-ld=lld` links (LLVM's linker, which links ThinLTO objects); answered once.
bool links_with_lld(const std::string& compiler);

// objgen.hpp precompiled by the configured Clang for one kind of its harness builds ("coverage"
// or "trace", cmake/harness_pch.cmake), or "" when there is none: an installed objgen, another
// Clang ($OBJGEN_COVERAGE_CXX), a build without it.
std::string clang_harness_pch(const HarnessToolchain& t, const std::string& kind);
// Whether a compile with these flags of the user's reads objgen.hpp as its precompiled form was
// read: search paths only (a -D, -U or -std may change what objgen's headers mean).
bool only_search_paths(const std::vector<std::string>& flags);
// Whether the build log's last command failed because Clang refused a precompiled header (a
// header changed since it was built, other options).
bool refused_precompiled_header(const std::string& log_path);

// The prerequisites listed in a make-style dependency file (-MD -MF), absolute.
std::vector<std::string> read_depfile(const std::string& path);

// The error lines of a compiler log (file:line:col: error: ...), at most max_lines of them.
std::vector<std::string> compiler_errors(const std::string& log_path, size_t max_lines);
// The types whose values objgen's linearizer was asked to read and cannot (its static assertion
// "this field type cannot be canonicalized", after GCC's "In instantiation of ... put(const T&)
// [with T = X]"), as GCC spells them, each once: an element type of a class read through its own
// iteration, or a field's type, that no description covers.
std::vector<std::string> unreadable_types(const std::string& log_path);

}  // namespace objgen
