// The HTML pages of a run or a project: each class's page named after it, a command's
// --report-json turned into the class's figures, sampled states and params' members, and the
// index's row per class.
#include "emit/html_report.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace objgen {
namespace {

TEST(HtmlPages, APagesNameIsTheClassAsAnIdentifierAndNeverTheIndex) {
  EXPECT_EQ(emit::html_page_name("ns::Box<int>"), "ns__Box_int_.html");
  EXPECT_EQ(emit::html_page_name("Box"), "Box.html");
  EXPECT_EQ(emit::html_page_name("index"), "index_class.html");
}

TEST(HtmlPages, AnExhaustiveReportGivesTheStatesWithinItsScopeWithThousandsSeparated) {
  emit::HtmlClass c{.name = "ns::Box"};
  emit::add_command_report(c, "exhaustive", {{"structures", 1234567u}, {"scope", 3u}});
  ASSERT_EQ(c.figures.size(), 1u);
  EXPECT_EQ(c.figures[0], (std::pair<std::string, std::string>{"exhaustive: states within scope 3", "1,234,567"}));
  emit::HtmlClass small{.name = "ns::Box"};
  emit::add_command_report(small, "exhaustive", {{"structures", 999u}, {"scope", 1u}});
  EXPECT_EQ(small.figures[0].second, "999");
}

TEST(HtmlPages, ARandomReportGivesItsStatesAndCalls) {
  emit::HtmlClass c{.name = "ns::Box"};
  emit::add_command_report(c, "random", {{"target_states", 1000u}, {"calls", 25u}, {"structures", 5u}, {"scope", 2u}});
  EXPECT_EQ(c.figures, (std::vector<std::pair<std::string, std::string>>{{"random: states", "1,000"}, {"random: calls", "25"}}));
}

// Counts are unsigned as objgen's reports write them (and as JSON reads them back).
TEST(HtmlPages, FiguresThatAreNotCountsAreLeftOut) {
  emit::HtmlClass c{.name = "ns::Box"};
  emit::add_command_report(c, "exhaustive", {{"structures", -1}, {"scope", 3u}});
  emit::add_command_report(c, "exhaustive", {{"structures", "12"}, {"scope", 3u}});
  emit::add_command_report(c, "exhaustive", {{"structures", 12u}});
  emit::add_command_report(c, "random", {{"target_states", 1.5}});
  EXPECT_TRUE(c.figures.empty());
}

TEST(HtmlPages, TheFirstReportWithStateSamplesGivesTheClassItsSamples) {
  emit::HtmlClass c{.name = "ns::Box"};
  nlohmann::json first{{"state_samples",
                        {{{"state", 0},
                          {"calls", {"auto v0 = std::make_shared<ns::Box>();", "v0->put(1);"}},
                          {"observers", {{{"call", "v0->size()"}, {"value", "1"}}, "not an object"}}}}}};
  emit::add_command_report(c, "exhaustive", first);
  ASSERT_EQ(c.samples.size(), 1u);
  EXPECT_EQ(c.samples[0].calls, (std::vector<std::string>{"auto v0 = std::make_shared<ns::Box>();", "v0->put(1);"}));
  EXPECT_EQ(c.samples[0].observers, (std::vector<std::pair<std::string, std::string>>{{"v0->size()", "1"}}));
  nlohmann::json second{{"state_samples", {{{"calls", {"other"}}}}}};
  emit::add_command_report(c, "random", second);
  ASSERT_EQ(c.samples.size(), 1u) << "samples already drawn are kept";
  EXPECT_EQ(c.samples[0].calls.size(), 2u);
}

TEST(HtmlPages, AParamsReportGivesEachMemberWithItsInputs) {
  emit::HtmlClass c{.name = "ns::Box"};
  nlohmann::json report{{"methods",
                         {{{"method", "Box::take()"}, {"status", "repaired"}, {"tries", 3}, {"inputs", "v0->take();"}},
                          {{"method", "Box::at(int)"}, {"status", "gave up"}}}}};
  emit::add_command_report(c, "params", report);
  ASSERT_EQ(c.members.size(), 2u);
  EXPECT_EQ(c.members[0].signature, "Box::take()");
  EXPECT_EQ(c.members[0].status, "repaired");
  EXPECT_EQ(c.members[0].tries, 3u);
  EXPECT_EQ(c.members[0].inputs, "v0->take();");
  EXPECT_EQ(c.members[1].tries, 0u);
  EXPECT_EQ(c.members[1].inputs, "");
  emit::HtmlClass other{.name = "ns::Box"};
  emit::add_command_report(other, "random", report);
  EXPECT_TRUE(other.members.empty()) << "only params' methods are members with inputs";
}

TEST(HtmlPages, TheIndexHasARowPerClassWithItsFirstFigureAndLinksOnlyToPagesThatExist) {
  emit::HtmlClass tested{.name = "ns::Box", .header = "/p/include/box.hpp", .line = 4, .figures = {{"exhaustive: states", "1,234"}}};
  tested.coverage_summary = "lines 50.0 %";
  emit::HtmlClass failed{.name = "ns::Bad<int>", .header = "bad.hpp", .status = "failed", .why = "no <constructor>"};
  std::vector<emit::HtmlFile> files = emit::html_pages({.title = "project & more", .source_root = "/p", .classes = {tested, failed}});
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].path, "index.html");
  EXPECT_EQ(files[1].path, "ns__Box.html");
  EXPECT_EQ(files[2].path, "ns__Bad_int_.html");
  const std::string& index = files[0].content;
  EXPECT_NE(index.find("<h1>project &amp; more</h1>"), std::string::npos) << index;
  EXPECT_NE(index.find("<p>2 class(es), 0 bug(s), 0 likely precondition(s).</p>"), std::string::npos) << index;
  EXPECT_NE(index.find("<tr><td><a href=\"ns__Box.html\">ns::Box</a></td><td>include/box.hpp:4</td><td>tested</td><td "
                       "class=num>1,234</td><td class=\"num\">0</td><td class=num>0</td><td class=num>lines 50.0 %</td></tr>"),
            std::string::npos)
      << index;
  EXPECT_NE(index.find("<td>failed<br><small>no &lt;constructor&gt;</small></td>"), std::string::npos) << index;
}

}  // namespace
}  // namespace objgen
