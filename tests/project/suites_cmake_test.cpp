// The CMakeLists.txt `objgen project` writes for its suites: the flags taken from each suite's
// first line, the project's CMake targets, and one test executable per suite.
#include "project/suites_cmake.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace suites_cmake_test {

namespace fs = std::filesystem;

class SuitesCmake : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_suites_cmake_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    out_ = pattern;
  }
  void TearDown() override { fs::remove_all(out_); }

  void write_suite(const std::string& relative, const std::string& first_line) const {
    fs::create_directories(fs::path(out_ + "/" + relative).parent_path());
    std::ofstream(out_ + "/" + relative) << first_line << "\n#include <gtest/gtest.h>\nTEST(A, B) {}\n";
  }

  static objgen::scan::CompileEntry object_of(const std::string& target) {
    objgen::scan::CompileEntry e;
    e.output = "CMakeFiles/" + target + ".dir/x.cpp.o";
    return e;
  }

  std::string out_;
};

TEST_F(SuitesCmake, TheFirstLinesIncludeDefineAndStandardWordsAreTheCompileFlags) {
  write_suite("s_test.cpp", "// g++ -std=c++20 -O1 -I/p/include -DNDEBUG -Wall -UFOO s_test.cpp -lgtest");
  EXPECT_EQ(objgen::project::suite_compile_flags(out_ + "/s_test.cpp"),
            (std::vector<std::string>{"-std=c++20", "-I/p/include", "-DNDEBUG"}));  // not -O1, -Wall, -U, files
}

TEST_F(SuitesCmake, AMissingSuiteHasNoFlags) { EXPECT_TRUE(objgen::project::suite_compile_flags(out_ + "/none_test.cpp").empty()); }

TEST_F(SuitesCmake, TheTargetsAreListedOnceEachInTheDatabasesOrder) {
  objgen::project::ProjectLayout layout;
  for (const char* t : {"shelf", "tool", "shelf"}) {
    objgen::scan::CompileEntry e;
    e.output = std::string("CMakeFiles/") + t + ".dir/x.cpp.o";
    layout.sources.push_back(e);
  }
  layout.sources.push_back({"/p/y.cpp", "/p/build", {"c++", "-c", "y.cpp", "-o", "obj/y.o"}, ""});  // no target: left out
  EXPECT_EQ(objgen::project::cmake_targets(layout), (std::vector<std::string>{"shelf", "tool"}));
}

TEST_F(SuitesCmake, EachSuiteIsAnExecutableWithItsFlagsUnderTheSourceRootMadeRelative) {
  write_suite("tally__Counter/tally__Counter_states_test.cpp",
              "// g++ -std=c++20 -I/home/me/tally/include -I/opt/boost -DTALLY_CHECKED tally__Counter_states_test.cpp");
  objgen::project::ProjectOutcome outcome;
  outcome.layout.source_root = "/home/me/tally";
  outcome.layout.sources = {object_of("tally"), object_of("tally_cli")};
  outcome.archive = "/out/libproject.a";
  objgen::project::ClassOutcome c;
  c.name = "tally::Counter";
  c.suites = {"tally__Counter/tally__Counter_states_test.cpp"};
  outcome.classes.push_back(c);
  std::string text = objgen::project::suites_cmake(outcome, out_);
  EXPECT_NE(text.find("set(OBJGEN_PROJECT_SOURCE_DIR \"/home/me/tally\")"), std::string::npos) << text;
  EXPECT_NE(text.find("foreach(t IN ITEMS tally tally_cli)"), std::string::npos) << text;
  EXPECT_NE(text.find("IMPORTED_LOCATION \"/out/libproject.a\""), std::string::npos) << text;
  const std::string target = "objgen_tally__Counter_tally__Counter_states_test";
  EXPECT_NE(text.find("# tally::Counter\nadd_executable(" + target + " tally__Counter/tally__Counter_states_test.cpp)"), std::string::npos)
      << text;
  // The project's include directory through the variable (the suites may be configured elsewhere),
  // another one as it is; the standard is CMake's to set (cxx_std_20), not a flag.
  EXPECT_NE(text.find("target_compile_options(" + target + " PRIVATE -I${OBJGEN_PROJECT_SOURCE_DIR}/include -I/opt/boost -DTALLY_CHECKED)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("target_compile_features(" + target + " PRIVATE cxx_std_20)"), std::string::npos) << text;
  EXPECT_NE(text.find("gtest_discover_tests(" + target + " DISCOVERY_TIMEOUT 60)\n"), std::string::npos) << text;
}

TEST_F(SuitesCmake, FailuresSuitesCarryTheBugsLabelAndASuiteWithoutFlagsGetsNoOptions) {
  write_suite("c/c_failures_test.cpp", "// a first line with no flag at all");
  objgen::project::ProjectOutcome outcome;
  outcome.layout.source_root = "/p";
  objgen::project::ClassOutcome c;
  c.name = "C";
  c.suites = {"c/c_failures_test.cpp"};
  outcome.classes.push_back(c);
  std::string text = objgen::project::suites_cmake(outcome, out_);
  EXPECT_NE(text.find("gtest_discover_tests(objgen_c_c_failures_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS objgen_bugs)"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("target_compile_options(objgen_c_c_failures_test"), std::string::npos) << text;
}

TEST_F(SuitesCmake, AProjectWithoutClassesHasOnlyThePreamble) {
  objgen::project::ProjectOutcome outcome;
  outcome.layout.source_root = "/p";
  std::string text = objgen::project::suites_cmake(outcome, "/nowhere");
  EXPECT_NE(text.find("cmake_minimum_required(VERSION 3.16)"), std::string::npos);
  EXPECT_NE(text.find("find_package(GTest REQUIRED)"), std::string::npos);
  EXPECT_EQ(text.find("add_executable("), std::string::npos);
}

}  // namespace suites_cmake_test
