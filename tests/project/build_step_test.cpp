// `objgen project --build-step`: the four suite files promised per class, the empty failures
// suites written when nothing failed, the depfile naming each class's headers, and the problems.
#include "project/build_step.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace build_step_test {

namespace fs = std::filesystem;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class BuildStep : public ::testing::Test {
 protected:
  void SetUp() override {
    // A space in the output directory: the depfile must escape it.
    std::string pattern = (fs::temp_directory_path() / "objgen build_step_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    options_.out_dir = pattern;
  }
  void TearDown() override { fs::remove_all(options_.out_dir); }

  // The suites objgen wrote for a class: the ones of `written` (indices into build_step_suites).
  std::vector<std::string> write_suites(const std::string& class_name, std::vector<size_t> written) const {
    std::vector<std::string> suites = objgen::project::build_step_suites(options_.out_dir, class_name);
    fs::create_directories(fs::path(suites.front()).parent_path());
    for (size_t i : written) std::ofstream(suites[i]) << "// a suite objgen wrote\n";
    return suites;
  }

  static objgen::project::ClassOutcome class_outcome(const std::string& name, const std::string& status) {
    objgen::project::ClassOutcome c;
    c.name = name;
    c.status = status;
    return c;
  }

  objgen::project::ProjectOptions options_;
};

TEST_F(BuildStep, FourSuitesUnderTheClasssSlug) {
  EXPECT_EQ(objgen::project::build_step_suites("/out", "tally::Counter<int>"),
            (std::vector<std::string>{"/out/tally__Counter_int_/tally__Counter_int__states_test.cpp",
                                      "/out/tally__Counter_int_/tally__Counter_int__failures_test.cpp",
                                      "/out/tally__Counter_int_/tally__Counter_int__random_states_test.cpp",
                                      "/out/tally__Counter_int_/tally__Counter_int__random_failures_test.cpp"}));
}

TEST_F(BuildStep, AClassThatWasNotTestedIsAProblemAndGetsNoFiles) {
  objgen::project::ProjectOutcome outcome;
  objgen::project::ClassOutcome c = class_outcome("tally::Shape", "skipped");
  c.why = "abstract";
  outcome.classes.push_back(c);
  std::vector<std::string> problems = objgen::project::write_build_step_files(options_, outcome);
  EXPECT_EQ(problems, std::vector<std::string>{"tally::Shape was not tested (skipped): abstract"});
  EXPECT_FALSE(fs::exists(options_.out_dir + "/tally__Shape"));
}

TEST_F(BuildStep, MissingFailuresSuitesAreWrittenWithoutATestAndSayWhichGeneration) {
  std::vector<std::string> suites = write_suites("tally::Counter", {0, 2});  // both states suites, no failure
  objgen::project::ProjectOutcome outcome;
  outcome.classes.push_back(class_outcome("tally::Counter", "tested"));
  EXPECT_TRUE(objgen::project::write_build_step_files(options_, outcome).empty());
  std::string exhaustive = read(suites[1]), random = read(suites[3]);
  EXPECT_NE(exhaustive.find("bounded-exhaustive generation found no failure of tally::Counter"), std::string::npos) << exhaustive;
  EXPECT_NE(random.find("random generation found no failure of tally::Counter"), std::string::npos) << random;
  EXPECT_EQ(exhaustive.find("TEST("), std::string::npos);
  EXPECT_EQ(read(suites[0]), "// a suite objgen wrote\n");  // what objgen wrote is left alone
}

TEST_F(BuildStep, AMissingStatesSuiteIsAProblemNamingTheFile) {
  std::vector<std::string> suites = write_suites("C", {1, 2, 3});
  objgen::project::ProjectOutcome outcome;
  outcome.classes.push_back(class_outcome("C", "tested"));
  std::vector<std::string> problems = objgen::project::write_build_step_files(options_, outcome);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("C: objgen wrote no " + suites[0]), std::string::npos) << problems[0];
  EXPECT_FALSE(fs::exists(suites[0]));  // never made up: only failures suites may be empty
}

TEST_F(BuildStep, TheDepfileNamesTheSuitesAndTheHeadersWithMakesEscapes) {
  std::vector<std::string> suites = write_suites("C", {0, 1, 2, 3});
  objgen::project::ProjectOutcome outcome;
  objgen::project::ClassOutcome c = class_outcome("C", "tested");
  c.depends = {"/src/c.hpp", "/src/odd dir/#1$cost.hpp"};
  outcome.classes.push_back(c);
  ASSERT_TRUE(objgen::project::write_build_step_files(options_, outcome).empty());
  std::string escaped_out;  // the output directory's space escaped
  for (char ch : options_.out_dir) escaped_out += ch == ' ' ? std::string("\\ ") : std::string(1, ch);
  std::string expected;
  for (const char* kind : {"states", "failures", "random_states", "random_failures"})
    expected += escaped_out + "/C/C_" + kind + "_test.cpp ";
  expected += ": \\\n  /src/c.hpp \\\n  /src/odd\\ dir/\\#1$$cost.hpp\n";
  EXPECT_EQ(read(options_.out_dir + "/C/objgen.d"), expected);
}

TEST_F(BuildStep, ReusedResultsMakeTheSuitesNewerSoMakeDoesNotRunTheRuleAgain) {
  std::vector<std::string> suites = write_suites("C", {0, 1, 2, 3});
  auto old = fs::file_time_type::clock::now() - std::chrono::hours(24);
  for (const std::string& s : suites) fs::last_write_time(s, old);
  objgen::project::ProjectOutcome outcome;
  outcome.classes.push_back(class_outcome("C", "reused"));
  ASSERT_TRUE(objgen::project::write_build_step_files(options_, outcome).empty());
  for (const std::string& s : suites) EXPECT_GT(fs::last_write_time(s), old + std::chrono::hours(23)) << s;
  EXPECT_TRUE(fs::exists(options_.out_dir + "/C/objgen.d"));
}

TEST_F(BuildStep, ATestedClassKeepsTheTimesOfItsSuites) {
  std::vector<std::string> suites = write_suites("C", {0, 1, 2, 3});
  auto old = fs::file_time_type::clock::now() - std::chrono::hours(24);
  for (const std::string& s : suites) fs::last_write_time(s, old);
  objgen::project::ProjectOutcome outcome;
  outcome.classes.push_back(class_outcome("C", "tested"));
  ASSERT_TRUE(objgen::project::write_build_step_files(options_, outcome).empty());
  for (const std::string& s : suites) EXPECT_EQ(fs::last_write_time(s), old) << s;
}

}  // namespace build_step_test
