// A run's report files (cli/run_reports): the JSON report with its results, the SARIF log, the
// JUnit file and the HTML pages, each written only when asked for, with text that is not UTF-8
// replaced rather than thrown on.
#include "cli/run_reports.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "emit/html_report.hpp"
#include "example_api.hpp"

namespace run_reports_test {

namespace fs = std::filesystem;

struct ScratchDir {
  fs::path path;
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "run_reports_test.XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string at(const std::string& name) const { return (path / name).string(); }
  size_t entries() const { return static_cast<size_t>(std::distance(fs::directory_iterator(path), fs::directory_iterator())); }
};

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// An exhaustive run of ncl's checks with one crash in addLast, its message as given.
struct NclRun : objgen::testing::ExampleApi {
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(2);
  objgen::emit::CheckResults results;
  explicit NclRun(const std::string& message) : ExampleApi("ncl") {
    results = objgen::emit::check_results(api, "exhaustive", target, "ncl/node_caching_list.hpp");
    objgen::FlatSequence s;
    s.calls = {objgen::FlatCall{op("NodeCachingList"), {}, {0}}, objgen::FlatCall{op("addLast"), {0, -2}, {0, -1, -1}}};
    s.result_value = 0;
    results.results.push_back(objgen::emit::result_record(api, domain, objgen::Outcome::Crash, op("addLast"), message, 1, s));
  }
};

TEST(RunReports, OnlyTheReportAskedForIsWrittenWithTheResultsInIt) {
  ScratchDir dir;
  NclRun run("SIGSEGV");
  objgen::cli::OutputArgs out;
  out.report_json = dir.at("report.json");
  nlohmann::json report = {{"command", "exhaustive"}, {"scope", 2}};
  objgen::cli::write_run_reports(out, report, run.results);
  EXPECT_EQ(report["results"], objgen::emit::results_json(run.results));
  EXPECT_EQ(dir.entries(), 1u);
  nlohmann::json written = nlohmann::json::parse(read(out.report_json));
  EXPECT_EQ(written, report);
  objgen::emit::CheckResults back = objgen::emit::results_from_json(written["results"]);
  ASSERT_EQ(back.results.size(), 1u);
  EXPECT_EQ(back.results[0].message, "SIGSEGV");
  EXPECT_EQ(back.target, run.results.target);
}

TEST(RunReports, SarifAndJUnitTellTheBug) {
  ScratchDir dir;
  NclRun run("SIGSEGV in addLast");
  objgen::cli::OutputArgs out;
  out.sarif = dir.at("run.sarif");
  out.junit = dir.at("run.xml");
  nlohmann::json report = nlohmann::json::object();
  objgen::cli::write_run_reports(out, report, run.results);
  EXPECT_EQ(dir.entries(), 2u);  // no JSON report nor pages

  nlohmann::json sarif = nlohmann::json::parse(read(out.sarif));
  EXPECT_EQ(sarif["version"], "2.1.0");
  ASSERT_EQ(sarif["runs"].size(), 1u);
  ASSERT_EQ(sarif["runs"][0]["results"].size(), 1u);
  EXPECT_NE(sarif["runs"][0]["results"][0].dump().find("SIGSEGV in addLast"), std::string::npos);

  std::string junit = read(out.junit);
  EXPECT_EQ(junit.rfind("<?xml", 0), 0u);
  EXPECT_NE(junit.find("failures=\"1\""), std::string::npos) << junit;
  EXPECT_NE(junit.find("<failure message=\"crash in NodeCachingList::addLast(int): SIGSEGV in addLast\""), std::string::npos) << junit;
}

TEST(RunReports, TextThatIsNotUtf8IsReplacedNotThrownOn) {
  ScratchDir dir;
  NclRun run("bad byte \xff here");
  objgen::cli::OutputArgs out;
  out.report_json = dir.at("report.json");
  out.sarif = dir.at("run.sarif");
  nlohmann::json report = {{"note", "from the class: \xfe"}};
  ASSERT_NO_THROW(objgen::cli::write_run_reports(out, report, run.results));
  nlohmann::json written = nlohmann::json::parse(read(out.report_json));  // valid UTF-8 now
  std::string message = written["results"]["results"][0]["message"];
  EXPECT_EQ(message, "bad byte \xef\xbf\xbd here");  // U+FFFD
  EXPECT_NO_THROW(nlohmann::json::parse(read(out.sarif)));
}

TEST(RunReports, HtmlPagesShowTheRunsFiguresAndPlots) {
  ScratchDir dir;
  NclRun run("SIGSEGV");
  objgen::cli::OutputArgs out;
  out.html = dir.at("pages");
  nlohmann::json report = {{"scope", 3u}, {"structures", 1234u}, {"seconds", 0.5}};
  const std::string plot = "<svg id=\"run_reports_plot\"></svg>";
  objgen::cli::write_run_reports(out, report, run.results, {plot});
  ASSERT_TRUE(fs::exists(out.html + "/index.html"));
  std::string page = read(out.html + "/" + objgen::emit::html_page_name(run.results.target));
  ASSERT_FALSE(page.empty());
  EXPECT_NE(page.find("exhaustive: states within scope 3"), std::string::npos);
  EXPECT_NE(page.find("1,234"), std::string::npos);
  EXPECT_NE(page.find(plot), std::string::npos);
  EXPECT_NE(page.find("SIGSEGV"), std::string::npos);
}

TEST(RunReports, HtmlAloneIsWrittenOnlyWhenAskedFor) {
  ScratchDir dir;
  NclRun run("SIGSEGV");
  nlohmann::json report = {{"results", objgen::emit::results_json(run.results)}};
  objgen::cli::write_html_report({}, report, run.results, {"<svg></svg>"});
  EXPECT_EQ(dir.entries(), 0u);

  objgen::cli::OutputArgs out;
  out.html = dir.at("later");
  objgen::cli::write_html_report(out, report, run.results, {"<svg id=\"drawn_later\"></svg>"});
  std::string page = read(out.html + "/" + objgen::emit::html_page_name(run.results.target));
  EXPECT_NE(page.find("drawn_later"), std::string::npos);
  EXPECT_TRUE(fs::exists(out.html + "/index.html"));
}

}  // namespace run_reports_test
