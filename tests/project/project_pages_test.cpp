// The data of `objgen project --html`: each class's page from its outcome and the reports its runs
// left under OUT/<class>/, with links relative to the pages' directory.
#include "project/project_pages.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace project_pages_test {

namespace fs = std::filesystem;

class ProjectPages : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_project_pages_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    top_ = pattern;
    options_.out_dir = top_ + "/out";
    html_ = top_ + "/html";
    outcome_.layout.source_root = "/home/me/tally";
    outcome_.notes = {"src/broken.cpp: left out of the library"};
  }
  void TearDown() override { fs::remove_all(top_); }

  // OUT/<class slug>/<command>.json
  void write_report(const std::string& slug, const std::string& command, const std::string& text) const {
    fs::create_directories(options_.out_dir + "/" + slug);
    std::ofstream(options_.out_dir + "/" + slug + "/" + command + ".json") << text;
  }

  static objgen::project::ClassOutcome counter() {
    objgen::project::ClassOutcome c;
    c.name = "tally::Counter";
    c.header = "include/tally.hpp";
    c.line = 12;
    c.status = "tested";
    c.seconds = 4.5;
    return c;
  }

  std::string top_, html_;
  objgen::project::ProjectOptions options_;
  objgen::project::ProjectOutcome outcome_;
};

TEST_F(ProjectPages, TheSiteNamesTheProjectAndEveryClassWithItsOutcome) {
  objgen::project::ClassOutcome skipped;
  skipped.name = "tally::Shape";
  skipped.status = "skipped";
  skipped.why = "abstract";
  outcome_.classes = {counter(), skipped};
  objgen::emit::HtmlSite site = objgen::project::project_site(options_, outcome_, html_);
  EXPECT_EQ(site.title, "objgen project: /home/me/tally");
  EXPECT_EQ(site.source_root, "/home/me/tally");
  EXPECT_EQ(site.notes, outcome_.notes);
  ASSERT_EQ(site.classes.size(), 2u);
  EXPECT_EQ(site.classes[0].name, "tally::Counter");
  EXPECT_EQ(site.classes[0].header, "include/tally.hpp");
  EXPECT_EQ(site.classes[0].line, 12u);
  EXPECT_EQ(site.classes[0].status, "tested");
  EXPECT_DOUBLE_EQ(site.classes[0].seconds, 4.5);
  EXPECT_EQ(site.classes[1].status, "skipped");
  EXPECT_EQ(site.classes[1].why, "abstract");
  EXPECT_TRUE(site.classes[1].figures.empty());  // no report: nothing made up
}

TEST_F(ProjectPages, TheFiguresComeFromBothCommandsReports) {
  write_report("tally__Counter", "exhaustive", R"({"structures": 78, "scope": 3})");
  write_report("tally__Counter", "random", R"({"target_states": 40, "calls": 900})");
  outcome_.classes = {counter()};
  objgen::emit::HtmlSite site = objgen::project::project_site(options_, outcome_, html_);
  ASSERT_EQ(site.classes.size(), 1u);
  std::vector<std::pair<std::string, std::string>> expected{
      {"exhaustive: states within scope 3", "78"}, {"random: states", "40"}, {"random: calls", "900"}};
  EXPECT_EQ(site.classes[0].figures, expected);
}

TEST_F(ProjectPages, AReportThatIsNotJsonOrNotAnObjectIsLeftOut) {
  write_report("tally__Counter", "exhaustive", "{ truncated");
  write_report("tally__Counter", "random", "[1, 2, 3]");
  outcome_.classes = {counter()};
  objgen::emit::HtmlSite site = objgen::project::project_site(options_, outcome_, html_);
  ASSERT_EQ(site.classes.size(), 1u);
  EXPECT_TRUE(site.classes[0].figures.empty());
  EXPECT_TRUE(site.classes[0].results.empty());
}

TEST_F(ProjectPages, AReportWhoseResultsCannotBeReadStillGivesItsFigures) {
  // Another objgen's report: its results in a shape this one does not read.
  write_report("tally__Counter", "exhaustive", R"({"structures": 5, "scope": 2, "results": {"command": 7}})");
  outcome_.classes = {counter()};
  objgen::emit::HtmlSite site = objgen::project::project_site(options_, outcome_, html_);
  ASSERT_EQ(site.classes.size(), 1u);
  ASSERT_EQ(site.classes[0].figures.size(), 1u);
  EXPECT_EQ(site.classes[0].figures[0].first, "exhaustive: states within scope 2");
}

TEST_F(ProjectPages, TheResultsAreTheProjectsNotEachReports) {
  write_report("tally__Counter", "exhaustive",
               R"({"results": {"command": "exhaustive", "target": "tally::Counter", "header": "", "checks": ["calls"],
                   "results": []}})");
  objgen::project::ClassOutcome c = counter();
  objgen::emit::CheckResults mine;
  mine.command = "project";
  mine.target = "tally::Counter";
  c.results = {mine};
  outcome_.classes = {c};
  objgen::emit::HtmlSite site = objgen::project::project_site(options_, outcome_, html_);
  ASSERT_EQ(site.classes[0].results.size(), 1u);
  EXPECT_EQ(site.classes[0].results[0].command, "project");
}

TEST_F(ProjectPages, SuitesAndTheCoveragePageAreLinkedRelativeToThePages) {
  objgen::project::ClassOutcome c = counter();
  c.suites = {"tally__Counter/tally__Counter_states_test.cpp"};
  c.coverage_page = top_ + "/out/coverage/index.html";
  c.coverage_summary = "lines 92.0 % (34 of 37)";
  objgen::project::ClassOutcome uncovered = counter();
  uncovered.name = "tally::Other";
  outcome_.classes = {c, uncovered};
  objgen::emit::HtmlSite site = objgen::project::project_site(options_, outcome_, html_);
  ASSERT_EQ(site.classes.size(), 2u);
  EXPECT_EQ(site.classes[0].suites, std::vector<std::string>{"../out/tally__Counter/tally__Counter_states_test.cpp"});
  EXPECT_EQ(site.classes[0].coverage, "../out/coverage/index.html");
  EXPECT_EQ(site.classes[0].coverage_summary, "lines 92.0 % (34 of 37)");
  EXPECT_EQ(site.classes[1].coverage, "");  // no page: no link
}

}  // namespace project_pages_test
