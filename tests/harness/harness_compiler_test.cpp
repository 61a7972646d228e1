// The toolchain's answers a harness build asks for: which user flags leave a precompiled
// objgen.hpp valid, whether Clang refused one, and which file it is for which compiler.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "harness/harness_compiler.hpp"

namespace objgen {
namespace {

TEST(HarnessCompiler, OnlySearchPathsLeaveTheHeaderAsPrecompiled) {
  EXPECT_TRUE(only_search_paths({}));
  EXPECT_TRUE(only_search_paths({"-I/x", "-I", "/y", "-isystem", "/z", "-iquote/q", "-idirafter", "/d"}));
  EXPECT_FALSE(only_search_paths({"-I/x", "-DNDEBUG"}));
  EXPECT_FALSE(only_search_paths({"-std=c++23"}));
  EXPECT_FALSE(only_search_paths({"-include", "config.h"}));
  EXPECT_FALSE(only_search_paths({"-U_FORTIFY_SOURCE"}));
  // The value after a separate -I is a directory, whatever it looks like.
  EXPECT_TRUE(only_search_paths({"-I", "-DNOT_A_MACRO"}));
}

std::string log_file(const std::string& text) {
  std::string path = testing::TempDir() + "/harness_compiler_test_build.log";
  std::ofstream(path) << text;
  return path;
}

TEST(HarnessCompiler, ARefusedPrecompiledHeaderIsToldFromTheLastCommandOnly) {
  EXPECT_TRUE(refused_precompiled_header(
      log_file("$ clang++ -include-pch /b/objgen.hpp.pch/trace.pch harness.cpp\n"
               "fatal error: file '/i/objgen/api.hpp' has been modified since the precompiled header '/b/trace.pch' was built\n")));
  EXPECT_TRUE(refused_precompiled_header(
      log_file("$ clang++ -O1 x.cpp\nerror: __OPTIMIZE__ predefined macro was enabled in PCH file but is currently disabled\n")));
  // An error of the harness's own code is not a refusal, nor is one of an earlier command.
  EXPECT_FALSE(refused_precompiled_header(log_file("$ clang++ harness.cpp\nharness.cpp:4:1: error: unknown type name 'X'\n")));
  EXPECT_FALSE(
      refused_precompiled_header(log_file("$ clang++ a.cpp\nPCH file built from a different branch\n"
                                          "$ clang++ b.cpp\nb.cpp:1:1: error: expected unqualified-id\n")));
  EXPECT_FALSE(refused_precompiled_header(testing::TempDir() + "/no_such_build.log"));
}

TEST(HarnessCompiler, ClangsPrecompiledHeaderIsOnlyForTheClangItWasBuiltWith) {
  HarnessToolchain t = harness_toolchain();
  t.coverage_compiler = "/usr/bin/some-other-clang++";
  EXPECT_EQ(clang_harness_pch(t, "trace"), "");
  t = harness_toolchain();
  t.include_dirs = {testing::TempDir() + "/no_objgen_headers_here"};
  EXPECT_EQ(clang_harness_pch(t, "coverage"), "");
}

}  // namespace
}  // namespace objgen
