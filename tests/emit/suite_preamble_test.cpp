// The compile command emitted suites start with: the user's flags split into what compiles and
// what links, paths made absolute, a -std below C++20 replaced, rpaths for library folders.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "emit/suite_preamble.hpp"

namespace objgen {
namespace {

std::string abs(const std::string& p) { return std::filesystem::absolute(p).lexically_normal().string(); }

TEST(SuitePreamble, SplitsTheUsersFlags) {
  emit::SuiteBuild b = emit::suite_build_from_flags(
      {"-Iinclude", "-isystem", "third", "-std=gnu++17", "-DNDEBUG", "build/libtally.so", "-L", "deps", "-lfoo", "src/extra.cpp"},
      {"/usr/lib/x86_64-linux-gnu/libabsl_hash.so"});
  EXPECT_EQ(b.compile_flags, (std::vector<std::string>{"-std=c++20", "-I" + abs("include"), "-isystem" + abs("third"), "-DNDEBUG"}));
  EXPECT_EQ(b.link_args, (std::vector<std::string>{abs("build/libtally.so"), "-L" + abs("deps"), "-lfoo", abs("src/extra.cpp"),
                                                   "/usr/lib/x86_64-linux-gnu/libabsl_hash.so", "-Wl,-rpath," + abs("build"),
                                                   "-Wl,-rpath," + abs("deps")}));
}

TEST(SuitePreamble, KeepsACxx20OrLaterStd) {
  emit::SuiteBuild b = emit::suite_build_from_flags({"-std=c++23"}, {});
  EXPECT_EQ(b.compile_flags, (std::vector<std::string>{"-std=c++23"}));
}

TEST(SuitePreamble, TheCommentIsOneShellCommand) {
  EXPECT_EQ(emit::suite_build_comment(emit::suite_build_from_flags({"-DNAME=a b"}, {}), "out/x_states_test.cpp"),
            "// Compile with: c++ -std=c++20 '-DNAME=a b' x_states_test.cpp -lgtest_main -lgtest -pthread -o x_states_test\n");
  EXPECT_NE(emit::suite_build_comment(emit::SuiteBuild{}, "x.cpp").find("the harness was built with"), std::string::npos);
}

TEST(SuitePreamble, IncludesTheHeaderAsTheProjectDoes) {
  emit::SuiteBuild b = emit::suite_build_from_flags({"-I/p/include", "-I/p", "-isystem", "/usr/include"}, {});
  EXPECT_EQ(emit::portable_include("/p/include/tally/counter.hpp", b), "tally/counter.hpp");  // the longest directory
  EXPECT_EQ(emit::portable_include("/p/src/../include/x.hpp", b), "x.hpp");
  EXPECT_EQ(emit::portable_include("/usr/include/boost/rational.hpp", b), "boost/rational.hpp");
  EXPECT_EQ(b.compile_flags.size(), 4u);  // nothing added: each is under a directory already given
}

TEST(SuitePreamble, ElseByItsNameWithItsFolderOnTheIncludePath) {
  emit::SuiteBuild b = emit::suite_build_from_flags({"-I/p/include"}, {});
  EXPECT_EQ(emit::portable_include("/q/lib/list.hpp", b), "list.hpp");
  EXPECT_EQ(emit::portable_include("/q/lib/list.hpp", b), "list.hpp");
  EXPECT_EQ(std::count(b.compile_flags.begin(), b.compile_flags.end(), "-I/q/lib"), 1);  // once
  EXPECT_EQ(emit::portable_include("list.hpp", b), "list.hpp");                          // not absolute: as given
  EXPECT_EQ(emit::portable_include("<boost/rational.hpp>", b), "<boost/rational.hpp>");
  emit::SuiteBuild unknown;
  EXPECT_EQ(emit::portable_include("/q/lib/list.hpp", unknown), "/q/lib/list.hpp");  // no build to add -I to
}

}  // namespace
}  // namespace objgen
