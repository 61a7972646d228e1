// The JUnit XML file CI dashboards read: a testsuite per class, a testcase per check that ran,
// failing only on bugs (each with its reproducer), notes in the case's output; and text made
// valid XML whatever bytes the code under test wrote.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/junit_report.hpp"

namespace objgen {
namespace {

emit::ResultRecord junit_record(const std::string& check, const std::string& kind, const std::string& message) {
  emit::ResultRecord r;
  r.check = check;
  r.kind = kind;
  r.operation = "Box::grow(int)";
  r.at = {"/p/box.hpp", 12};
  r.message = message;
  r.hits = 2;
  r.calls.push_back({"v0->grow(1);", "Box::grow(int)", {}});
  return r;
}

emit::CheckResults junit_class(const std::string& target, std::vector<std::string> checks, std::vector<emit::ResultRecord> results) {
  emit::CheckResults c;
  c.command = "random";
  c.target = target;
  c.checks = std::move(checks);
  c.results = std::move(results);
  return c;
}

TEST(JunitReport, NoClassesIsAnEmptyButValidFile) {
  EXPECT_EQ(emit::junit_xml({}), std::string("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                             "<testsuites name=\"objgen\" tests=\"0\" failures=\"0\" errors=\"0\">\n</testsuites>\n"));
}

TEST(JunitReport, ChecksThatFoundNothingPass) {
  EXPECT_EQ(emit::junit_xml({junit_class("Box", {"calls", "invariant"}, {})}),
            std::string("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<testsuites name=\"objgen\" tests=\"2\" failures=\"0\" errors=\"0\">\n"
                        "  <testsuite name=\"Box (random)\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
                        "    <testcase classname=\"objgen.random.Box\" name=\"calls\"/>\n"
                        "    <testcase classname=\"objgen.random.Box\" name=\"invariant\"/>\n"
                        "  </testsuite>\n"
                        "</testsuites>\n"));
}

TEST(JunitReport, ABugsFailureHoldsItsRecordAndReproducer) {
  std::string xml = emit::junit_xml({junit_class("Box", {"calls"}, {junit_record("calls", "crash", "boom")})});
  EXPECT_NE(xml.find("    <testcase classname=\"objgen.random.Box\" name=\"calls\">\n"
                     "      <failure message=\"crash in Box::grow(int): boom\" type=\"crash\">crash in Box::grow(int): boom (2 hits)\n"
                     "  declared at /p/box.hpp:12\n"
                     "    v0-&gt;grow(1);\n"
                     "</failure>\n"
                     "    </testcase>\n"),
            std::string::npos)
      << xml;
}

TEST(JunitReport, SeveralBugsOfOneCheckAreOneFailureCountingThem) {
  std::string xml = emit::junit_xml(
      {junit_class("Box", {"calls"}, {junit_record("calls", "crash", "first"), junit_record("calls", "timeout", "second")})});
  EXPECT_NE(xml.find("<failure message=\"2 bugs, the first: crash in Box::grow(int)\" type=\"crash\">"), std::string::npos) << xml;
  EXPECT_NE(xml.find("crash in Box::grow(int): first (2 hits)"), std::string::npos);
  EXPECT_NE(xml.find("timeout in Box::grow(int): second (2 hits)"), std::string::npos);
  EXPECT_NE(xml.find("tests=\"1\" failures=\"1\""), std::string::npos) << "one check, one failure";
}

TEST(JunitReport, ANoteTellsItsVerdictAndWhyWithoutFailing) {
  emit::ResultRecord r = junit_record("calls", "failure", "threw");
  r.verdict = emit::Verdict::Unconfirmed;
  r.why = "not shown again";
  r.at = {};
  std::string xml = emit::junit_xml({junit_class("Box", {"calls"}, {r})});
  EXPECT_EQ(xml.find("<failure"), std::string::npos) << xml;
  EXPECT_NE(xml.find("      <system-out>failure in Box::grow(int): threw (2 hits)\n  unconfirmed: not shown again\n    "
                     "v0-&gt;grow(1);\n</system-out>\n"),
            std::string::npos)
      << xml;
}

// A contract check that found something is a case even when the checks list does not name it.
TEST(JunitReport, AFindingsCheckIsACaseEvenIfNotListed) {
  std::string xml = emit::junit_xml({junit_class("Box", {"calls"}, {junit_record("contract copy-equal", "contract", "differs")})});
  EXPECT_NE(xml.find("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testcase classname=\"objgen.random.Box\" name=\"calls\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<testcase classname=\"objgen.random.Box\" name=\"contract copy-equal\">"), std::string::npos);
}

TEST(JunitReport, TotalsAddUpOverClassesAndNamesAreEscaped) {
  std::string xml = emit::junit_xml({junit_class("Box<int>", {"calls", "invariant"}, {junit_record("invariant", "invariant", "x")}),
                                     junit_class("Shelf", {"calls"}, {junit_record("calls", "crash", "y")})});
  EXPECT_NE(xml.find("<testsuites name=\"objgen\" tests=\"3\" failures=\"2\" errors=\"0\">"), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testsuite name=\"Box&lt;int&gt; (random)\" tests=\"2\" failures=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("classname=\"objgen.random.Box&lt;int&gt;\""), std::string::npos);
}

TEST(XmlText, KeepsWellFormedCharactersOfEveryLength) {
  EXPECT_EQ(emit::xml_text("a\xC3\xA9\xE2\x80\x98\xF0\x9F\x98\x80z"), "a\xC3\xA9\xE2\x80\x98\xF0\x9F\x98\x80z");
  EXPECT_EQ(emit::xml_text("\r\x7F"), "\r\x7F");
}

const std::string kJunitReplacement = "\xEF\xBF\xBD";

// XML has no place for surrogates, U+FFFE/U+FFFF or code points past U+10FFFF: each byte of one
// is replaced.
TEST(XmlText, ReplacesEachByteOfWhatXmlCannotHold) {
  EXPECT_EQ(emit::xml_text("\xED\xA0\x80"), kJunitReplacement + kJunitReplacement + kJunitReplacement);
  EXPECT_EQ(emit::xml_text("\xEF\xBF\xBE"), kJunitReplacement + kJunitReplacement + kJunitReplacement);
  EXPECT_EQ(emit::xml_text("\xF4\x90\x80\x80"), kJunitReplacement + kJunitReplacement + kJunitReplacement + kJunitReplacement);
  EXPECT_EQ(emit::xml_text("\xC0\xAF"), kJunitReplacement + kJunitReplacement) << "an overlong two-byte '/'";
}

TEST(XmlText, ACharacterCutShortAtTheEndIsReplaced) {
  EXPECT_EQ(emit::xml_text("ok\xE2\x80"), "ok" + kJunitReplacement + kJunitReplacement);
  EXPECT_EQ(emit::xml_text("\xC3"), kJunitReplacement);
}

TEST(XmlText, EscapesMarkupInAttributesToo) { EXPECT_EQ(emit::xml_text("a=\"1\" & b"), "a=&quot;1&quot; &amp; b"); }

}  // namespace
}  // namespace objgen
