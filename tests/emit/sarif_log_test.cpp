// The SARIF 2.1.0 log that code scanning shows beside the code: one rule per kind of finding,
// each finding a result at its member's declaration with its calls as a code flow, stable
// fingerprints, and likely preconditions and unconfirmed findings as notes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/sarif_log.hpp"

namespace objgen {
namespace {

emit::ResultRecord sarif_record(const std::string& kind, const std::string& message) {
  emit::ResultRecord r;
  r.check = "calls";
  r.kind = kind;
  r.operation = "Box::grow(int)";
  r.at = {"/src/project/box.hpp", 12};
  r.message = message;
  r.hits = 2;
  r.calls.push_back({"auto v0 = std::make_shared<Box>();", "Box::Box()", {"/src/project/box.hpp", 4}});
  r.calls.push_back({"v0->grow(1);", "Box::grow(int)", {}});
  return r;
}

emit::CheckResults sarif_class(const std::string& target, std::vector<emit::ResultRecord> results) {
  emit::CheckResults c;
  c.command = "random";
  c.target = target;
  c.class_at = {"/src/project/box.hpp", 2};
  c.checks = {"calls"};
  c.results = std::move(results);
  return c;
}

const nlohmann::json& sarif_run(const nlohmann::json& log) { return log["runs"][0]; }

TEST(SarifLog, EachKindIsOneRuleInTheOrderFirstFound) {
  nlohmann::json log =
      emit::sarif_log({sarif_class("Box", {sarif_record("crash", "a"), sarif_record("timeout", "b"), sarif_record("crash", "c")})}, {});
  const nlohmann::json& rules = sarif_run(log)["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 2u);
  EXPECT_EQ(rules[0]["id"], "crash");
  EXPECT_EQ(rules[0]["name"], "CallCrashes");
  EXPECT_EQ(rules[1]["id"], "timeout");
  EXPECT_EQ(rules[1]["shortDescription"]["text"], "A call runs past the call timeout.");
  EXPECT_EQ(rules[1]["defaultConfiguration"]["level"], "error");
  const nlohmann::json& results = sarif_run(log)["results"];
  EXPECT_EQ(results[0]["ruleIndex"], 0);
  EXPECT_EQ(results[1]["ruleIndex"], 1);
  EXPECT_EQ(results[2]["ruleIndex"], 0);
}

TEST(SarifLog, AKindWithoutARuleOfItsOwnGetsAGenericOne) {
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {sarif_record("leak", "m")})}, {});
  const nlohmann::json& rule = sarif_run(log)["tool"]["driver"]["rules"][0];
  EXPECT_EQ(rule["id"], "leak");
  EXPECT_EQ(rule["name"], "leak");
  EXPECT_EQ(rule["fullDescription"]["text"], "objgen found the class misbehaving (leak).");
}

TEST(SarifLog, TheMessageNamesTheKindAndTheMemberAndTheMarkdownHasTheReproducer) {
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {sarif_record("crash", "SIGSEGV")})}, {});
  const nlohmann::json& message = sarif_run(log)["results"][0]["message"];
  EXPECT_EQ(message["text"], "crash in Box::grow(int): SIGSEGV");
  EXPECT_EQ(message["markdown"],
            "crash in Box::grow(int): SIGSEGV\n\nReproducer:\n\n```cpp\nauto v0 = std::make_shared<Box>();\nv0->grow(1);\n```");
}

TEST(SarifLog, AnUnconfirmedFindingIsANoteSayingWhy) {
  emit::ResultRecord r = sarif_record("crash", "SIGSEGV");
  r.verdict = emit::Verdict::Unconfirmed;
  r.why = "its calls alone did not show it";
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {r})}, {});
  const nlohmann::json& result = sarif_run(log)["results"][0];
  EXPECT_EQ(result["level"], "note");
  EXPECT_EQ(result["message"]["text"], "Not confirmed: crash in Box::grow(int): SIGSEGV (its calls alone did not show it)");
  EXPECT_EQ(result["properties"]["verdict"], "unconfirmed");
}

TEST(SarifLog, PropertiesSayWhichClassCommandAndCheck) {
  nlohmann::json log = emit::sarif_log({sarif_class("ns::Box", {sarif_record("crash", "x")})}, {});
  EXPECT_EQ(sarif_run(log)["results"][0]["properties"],
            (nlohmann::json{{"class", "ns::Box"}, {"command", "random"}, {"check", "calls"}, {"verdict", "bug"}, {"hits", 2}}));
}

TEST(SarifLog, EveryClassesResultsInOneRun) {
  nlohmann::json log = emit::sarif_log(
      {sarif_class("A", {sarif_record("crash", "x")}), sarif_class("B", {sarif_record("crash", "x"), sarif_record("timeout", "y")})}, {});
  ASSERT_EQ(log["runs"].size(), 1u);
  const nlohmann::json& results = sarif_run(log)["results"];
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0]["properties"]["class"], "A");
  EXPECT_EQ(results[2]["properties"]["class"], "B");
  EXPECT_EQ(sarif_run(log)["tool"]["driver"]["rules"].size(), 2u) << "rules are shared by the classes";
}

// The same finding in another class is another alert.
TEST(SarifLog, TheFingerprintIsSixteenHexDigitsAndDependsOnTheClass) {
  nlohmann::json log =
      emit::sarif_log({sarif_class("A", {sarif_record("crash", "x")}), sarif_class("B", {sarif_record("crash", "x")})}, {});
  std::string a = sarif_run(log)["results"][0]["partialFingerprints"]["objgenFinding/v1"];
  std::string b = sarif_run(log)["results"][1]["partialFingerprints"]["objgenFinding/v1"];
  EXPECT_EQ(a.size(), 16u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos) << a;
  EXPECT_NE(a, b);
}

TEST(SarifLog, AFindingWithoutAMembersLineIsPlacedAtItsClass) {
  emit::ResultRecord r = sarif_record("crash", "x");
  r.at = {};
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {r})}, {.source_root = "/src/project"});
  const nlohmann::json& where = sarif_run(log)["results"][0]["locations"][0];
  EXPECT_EQ(where["physicalLocation"]["region"]["startLine"], 2);
  EXPECT_EQ(where["logicalLocations"][0]["fullyQualifiedName"], "Box::grow(int)");
}

TEST(SarifLog, AFindingWithNoLineAtAllHasOnlyItsLogicalLocation) {
  emit::ResultRecord r = sarif_record("crash", "x");
  r.at = {};
  emit::CheckResults c = sarif_class("Box", {r});
  c.class_at = {};
  nlohmann::json log = emit::sarif_log({c}, {});
  const nlohmann::json& where = sarif_run(log)["results"][0]["locations"][0];
  EXPECT_FALSE(where.contains("physicalLocation"));
  EXPECT_EQ(where["logicalLocations"][0]["kind"], "function");
}

// SARIF lines start at 1: a line objgen does not know (0) is the file's first.
TEST(SarifLog, LineZeroIsLineOne) {
  emit::ResultRecord r = sarif_record("crash", "x");
  r.at.line = 0;
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {r})}, {});
  EXPECT_EQ(sarif_run(log)["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"], 1);
}

TEST(SarifLog, EachCallIsAStepInOrderAndOnlyKnownLinesArePlaced) {
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {sarif_record("crash", "x")})}, {.source_root = "/src/project"});
  const nlohmann::json& steps = sarif_run(log)["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0]["executionOrder"], 1);
  EXPECT_EQ(steps[1]["executionOrder"], 2);
  EXPECT_EQ(steps[0]["location"]["message"]["text"], "auto v0 = std::make_shared<Box>();");
  EXPECT_EQ(steps[0]["location"]["physicalLocation"]["artifactLocation"]["uri"], "box.hpp");
  EXPECT_FALSE(steps[1]["location"].contains("physicalLocation"));
  EXPECT_EQ(steps[1]["location"]["logicalLocations"][0]["fullyQualifiedName"], "Box::grow(int)");
}

TEST(SarifLog, AFindingWithoutCallsHasNoCodeFlow) {
  emit::ResultRecord r = sarif_record("crash", "x");
  r.calls.clear();
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {r})}, {});
  EXPECT_FALSE(sarif_run(log)["results"][0].contains("codeFlows"));
}

TEST(SarifLog, WithoutARootOrVersionNeitherIsWritten) {
  nlohmann::json log = emit::sarif_log({sarif_class("Box", {sarif_record("crash", "x")})}, {});
  EXPECT_EQ(log["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  EXPECT_FALSE(sarif_run(log).contains("originalUriBaseIds"));
  EXPECT_FALSE(sarif_run(log)["tool"]["driver"].contains("version"));
  EXPECT_EQ(sarif_run(log)["columnKind"], "unicodeCodePoints");
  EXPECT_EQ(sarif_run(log)["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"],
            (nlohmann::json{{"uri", "file:///src/project/box.hpp"}}));
}

// "/src/pro" is not the directory "/src/project" is in.
TEST(SarifLog, TheRootIsADirectoryNotAPrefixOfNames) {
  nlohmann::json slash = emit::sarif_log({sarif_class("Box", {sarif_record("crash", "x")})}, {.source_root = "/src/project/"});
  EXPECT_EQ(sarif_run(slash)["originalUriBaseIds"]["SRCROOT"]["uri"], "file:///src/project/");
  EXPECT_EQ(sarif_run(slash)["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "box.hpp");
  nlohmann::json prefix = emit::sarif_log({sarif_class("Box", {sarif_record("crash", "x")})}, {.source_root = "/src/pro"});
  EXPECT_EQ(sarif_run(prefix)["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"],
            (nlohmann::json{{"uri", "file:///src/project/box.hpp"}}));
}

TEST(UriPath, KeepsUnreservedCharactersAndEncodesEveryOtherByte) {
  EXPECT_EQ(emit::uri_path("/a-b_c.d~e/F9"), "/a-b_c.d~e/F9");
  EXPECT_EQ(emit::uri_path("/caf\xC3\xA9/x+y?.hpp"), "/caf%C3%A9/x%2By%3F.hpp");
  EXPECT_EQ(emit::uri_path(""), "");
}

}  // namespace
}  // namespace objgen
