// The run's results in one shape (emit/check_results) and the formats written from them: the
// SARIF log (emit/sarif_log), the JUnit file (emit/junit_report) and the HTML pages
// (emit/html_report).
#include <gtest/gtest.h>

#include <string>

#include "emit/check_results.hpp"
#include "emit/html_report.hpp"
#include "emit/junit_report.hpp"
#include "emit/sarif_log.hpp"
#include "objgen/objgen.hpp"

namespace tally {
struct Tally {
  int total = 0;
  void add(int k) { total += k; }
  bool ok() const { return total >= 0; }
};
}  // namespace tally
OBJGEN_FIELDS(tally::Tally, total)

namespace objgen {
namespace {

struct Registered {
  Api api;
  ClassId id = 0;
  LiteralDomain domain = LiteralDomain::defaults(2);
  Registered() {
    api.add_class<tally::Tally>()
        .class_at("/src/project/include/tally.hpp", 3)
        .constructor<>()
        .declared_at("/src/project/include/tally.hpp", 5)
        .method("add", &tally::Tally::add)
        .declared_at("/src/project/include/tally.hpp", 7)
        .invariant(&tally::Tally::ok, "ok");
    id = class_id<tally::Tally>();
  }
  uint32_t op(const std::string& name) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    throw std::logic_error(name);
  }
  // Tally(); add(literal 1); add(literal 1): the last call fails.
  FlatSequence sequence() const {
    FlatSequence s;
    s.calls.push_back({op("Tally"), {}});
    s.calls.push_back({op("add"), {0, -2}});
    s.calls.push_back({op("add"), {0, -2}});
    return s;
  }
};

emit::CheckResults sample(const Registered& r) {
  emit::CheckResults results = emit::check_results(r.api, "exhaustive", r.id, "tally.hpp");
  results.results.push_back(
      emit::result_record(r.api, r.domain, Outcome::InvariantBroken, r.op("add"), "ok() returned false 2", 3, r.sequence()));
  emit::ResultRecord apart =
      emit::result_record(r.api, r.domain, Outcome::Crash, r.op("add"), "SIGSEGV <in> \"add\" & co", 1, r.sequence());
  apart.verdict = emit::Verdict::Precondition;
  apart.why = "add(-1) on an empty tally";
  results.results.push_back(apart);
  return results;
}

TEST(CheckResults, RecordsWhereEachCalledMemberIsDeclared) {
  Registered r;
  emit::CheckResults results = sample(r);
  EXPECT_EQ(results.checks, (std::vector<std::string>{"calls", "invariant"}));
  const emit::ResultRecord& f = results.results[0];
  EXPECT_EQ(f.check, "invariant");
  EXPECT_EQ(f.kind, "invariant");
  EXPECT_EQ(f.at.file, "/src/project/include/tally.hpp");
  EXPECT_EQ(f.at.line, 7u);
  ASSERT_EQ(f.calls.size(), 3u);
  EXPECT_EQ(f.calls[0].at.line, 5u);
  EXPECT_EQ(f.calls[2].at.line, 7u);
  EXPECT_NE(f.calls[2].statement.find("add("), std::string::npos);
  EXPECT_EQ(results.results[1].check, "calls");
}

TEST(CheckResults, SurviveTheReportAndRejectADamagedOne) {
  Registered r;
  emit::CheckResults results = sample(r);
  nlohmann::json j = emit::results_json(results);
  emit::CheckResults back = emit::results_from_json(j);
  EXPECT_EQ(emit::results_json(back), j);
  nlohmann::json damaged = j;
  damaged["results"][0]["verdict"] = "maybe";
  EXPECT_THROW(emit::results_from_json(damaged), std::runtime_error);
  damaged = j;
  damaged["results"][1].erase("calls");
  EXPECT_THROW(emit::results_from_json(damaged), std::runtime_error);
  damaged = j;
  damaged["results"][0]["at"]["line"] = "seven";
  EXPECT_THROW(emit::results_from_json(damaged), std::runtime_error);
}

TEST(SarifLog, NamesFilesUnderTheRootRelativelyAndPreconditionsAsNotes) {
  Registered r;
  nlohmann::json log = emit::sarif_log({sample(r)}, {.source_root = "/src/project", .tool_version = "1.2.3"});
  EXPECT_EQ(log["version"], "2.1.0");
  const nlohmann::json& run = log["runs"][0];
  EXPECT_EQ(run["originalUriBaseIds"]["SRCROOT"]["uri"], "file:///src/project/");
  EXPECT_EQ(run["tool"]["driver"]["version"], "1.2.3");
  ASSERT_EQ(run["results"].size(), 2u);
  const nlohmann::json& bug = run["results"][0];
  EXPECT_EQ(bug["level"], "error");
  EXPECT_EQ(bug["ruleId"], "invariant");
  EXPECT_EQ(run["tool"]["driver"]["rules"][bug["ruleIndex"].get<size_t>()]["id"], "invariant");
  const nlohmann::json& where = bug["locations"][0]["physicalLocation"];
  EXPECT_EQ(where["artifactLocation"]["uri"], "include/tally.hpp");
  EXPECT_EQ(where["artifactLocation"]["uriBaseId"], "SRCROOT");
  EXPECT_EQ(where["region"]["startLine"], 7);
  const nlohmann::json& steps = bug["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0]["location"]["physicalLocation"]["region"]["startLine"], 5);
  EXPECT_EQ(run["results"][1]["level"], "note");
  EXPECT_NE(run["results"][1]["message"]["text"].get<std::string>().find("precondition"), std::string::npos);
}

TEST(SarifLog, FingerprintsIgnoreNumbersAndFilesOutsideTheRootAreAbsolute) {
  Registered r;
  emit::CheckResults a = sample(r), b = sample(r);
  b.results[0].message = "ok() returned false 9";
  nlohmann::json la = emit::sarif_log({a}, {.source_root = "/elsewhere"}), lb = emit::sarif_log({b}, {.source_root = "/elsewhere"});
  EXPECT_EQ(la["runs"][0]["results"][0]["partialFingerprints"], lb["runs"][0]["results"][0]["partialFingerprints"]);
  EXPECT_NE(la["runs"][0]["results"][0]["partialFingerprints"], la["runs"][0]["results"][1]["partialFingerprints"]);
  EXPECT_EQ(la["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "file:///src/project/include/tally.hpp");
  EXPECT_EQ(emit::uri_path("/a b/c#d%.hpp"), "/a%20b/c%23d%25.hpp");
}

TEST(JunitReport, OneCasePerCheckFailingOnBugsOnly) {
  Registered r;
  std::string xml = emit::junit_xml({sample(r)});
  EXPECT_NE(xml.find("<testsuites name=\"objgen\" tests=\"2\" failures=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"invariant\">\n      <failure"), std::string::npos) << xml;
  // The precondition is told in the calls check's output, escaped, and does not fail it.
  EXPECT_NE(xml.find("<system-out>crash in Tally::add(int): SIGSEGV &lt;in&gt; &quot;add&quot; &amp; co"), std::string::npos) << xml;
}

TEST(JunitReport, TextIsValidXmlWhateverTheCodeUnderTestWrote) {
  EXPECT_EQ(emit::xml_text("a\x01"
                           "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(emit::xml_text("\xC3\xA9\xFF"), "\xC3\xA9\xEF\xBF\xBD");                  // é kept, a stray byte replaced
  EXPECT_EQ(emit::xml_text("\xE0\x80\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // an overlong '/' is not UTF-8
  EXPECT_EQ(emit::xml_text("\t<'>\n"), "\t&lt;&apos;&gt;\n");
}

const emit::HtmlFile& page_named(const std::vector<emit::HtmlFile>& files, const std::string& name) {
  for (const emit::HtmlFile& f : files)
    if (f.path == name) return f;
  throw std::logic_error("no page " + name);
}

TEST(HtmlReport, EachFindingOnceWithItsReproducerHostileTextEscaped) {
  Registered r;
  emit::CheckResults random = sample(r);
  random.command = "random";
  random.results[0].message = "ok() returned false 7";  // the same bug, other numbers
  emit::HtmlClass c{.name = "tally::Tally", .header = "/src/project/include/tally.hpp", .line = 3, .results = {sample(r), random}};
  c.samples.push_back({{"auto v0 = std::make_shared<tally::Tally>();"}, {{"v0->total()", "0"}}});
  std::vector<emit::HtmlFile> files = emit::html_pages({.title = "t", .source_root = "/src/project", .classes = {c}});
  ASSERT_EQ(files.size(), 2u);
  const std::string& page = page_named(files, "tally__Tally.html").content;
  EXPECT_NE(page.find("Bugs (1)"), std::string::npos) << page;
  EXPECT_NE(page.find("Likely preconditions (calls the class may forbid; not counted as bugs) (1)"), std::string::npos);
  EXPECT_NE(page.find("include/tally.hpp:7"), std::string::npos) << "the member's line, relative to the project";
  EXPECT_EQ(page.find("/src/project/include"), std::string::npos);
  EXPECT_NE(page.find("v0-&gt;add(1);"), std::string::npos) << "the reproducer's calls";
  EXPECT_NE(page.find("SIGSEGV &lt;in&gt; &quot;add&quot; &amp; co"), std::string::npos);
  EXPECT_EQ(page.find("<in>"), std::string::npos) << "text of the code under test is never markup";
  EXPECT_NE(page.find("<div class=field>v0-&gt;total() = 0</div>"), std::string::npos) << "the sampled state drawn";
  EXPECT_NE(page_named(files, "index.html").content.find("<a href=\"tally__Tally.html\">"), std::string::npos);
}

TEST(HtmlReport, ASkippedClassIsListedWithWhyAndHasNoPage) {
  emit::HtmlClass skipped{.name = "ns::Box", .header = "box.hpp", .line = 4, .status = "skipped", .why = "a class template"};
  std::vector<emit::HtmlFile> files = emit::html_pages({.title = "t", .classes = {skipped}});
  ASSERT_EQ(files.size(), 1u);
  EXPECT_NE(files[0].content.find("a class template"), std::string::npos);
  EXPECT_EQ(files[0].content.find("href=\"ns__Box.html\""), std::string::npos);
}

TEST(HtmlReport, ParamsMembersWithTheirInputsAndNoEmptySections) {
  emit::HtmlClass c{.name = "ns::Stack", .header = "stack.hpp", .line = 2};
  nlohmann::json report{{"methods",
                         {{{"method", "Stack::pop()"}, {"status", "repaired"}, {"tries", 3}, {"inputs", "v0->push(1);\nv0->pop();"}},
                          {{"method", "Stack::at(int)"}, {"status", "failed"}, {"tries", 9}, {"inputs", ""}}}}};
  emit::add_command_report(c, "params", report);
  c.plots.push_back("<svg><polyline points=\"0,0 1,1\"/></svg>");
  const std::string page = page_named(emit::html_pages({.title = "t", .classes = {c}}), "ns__Stack.html").content;
  EXPECT_NE(page.find("<td>Stack::pop()</td><td class=\"ok\">repaired</td><td class=num>3</td>"), std::string::npos) << page;
  EXPECT_NE(page.find("<td class=\"bug\">failed</td>"), std::string::npos);
  EXPECT_NE(page.find("v0-&gt;push(1);"), std::string::npos);
  EXPECT_NE(page.find("<polyline"), std::string::npos) << "the benchmark sweeps' plot";
  EXPECT_EQ(page.find("id=states"), std::string::npos) << "no states: no empty section";
  EXPECT_EQ(page.find("id=checks"), std::string::npos) << "no checks ran: no empty table";
}

}  // namespace
}  // namespace objgen
