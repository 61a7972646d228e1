// The first lines of every emitted suite: the exact command that compiles it. A suite includes
// the class's header and links its implementation, so it needs what objgen's harness needed (the
// flags after --, those of -p's compile_commands.json, the libraries objgen added), and the
// user should not have to guess them.
#pragma once

#include <string>
#include <vector>

namespace objgen::emit {

struct SuiteBuild {
  bool known = false;                      // false for a --harness built elsewhere
  std::vector<std::string> compile_flags;  // -I, -isystem, -D, -U, -std, -include ... (paths absolute)
  std::vector<std::string> link_args;      // sources, objects, libraries, -l, -L, -Wl, (paths absolute)
};

// "// Compile with: c++ -std=c++20 ... FILE ... -lgtest_main -lgtest -pthread -o NAME\n", run in the
// suite's folder: FILE the file name of `path` (where the suite is written), the test libraries as given.
// -lgtest_main comes first: a suite with no test names nothing of libgtest itself, and a linker that
// drops unneeded libraries (Debian's --as-needed) would drop -lgtest before gtest_main asks for it.
// `build`: what the subject was built with (cli's Subject::suites).
std::string suite_build_comment(const SuiteBuild& build, const std::string& file,
                                const std::string& test_libraries = "-lgtest_main -lgtest -pthread");

// The user's flags (after -- and from -p) split into a SuiteBuild: relative paths made absolute,
// -std below C++20 replaced (the suites use C++20), a folder of each shared library as an rpath
// so the test finds it when it runs.
SuiteBuild suite_build_from_flags(const std::vector<std::string>& flags, const std::vector<std::string>& added_libraries);

// The header as suites include it, so that a suite committed to a repository compiles on another
// machine (-I pointed at its copy of the headers): relative to the longest include directory of
// the build's flags that holds it (as the project includes it), else by its file name with its
// folder added to the build's -I. A header not given by an absolute path is returned as it is.
std::string portable_include(const std::string& header, SuiteBuild& build);

}  // namespace objgen::emit
