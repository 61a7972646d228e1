// The JSON report of `objgen builders`: the builders and observers chosen, each operation's role
// with its evidence, the search's history, and what its runs found on the way, each fault once.
#include "emit/builders_report.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace builders_report_test {
struct Bin {
  int items = 0;
  void fill(int n) { items += n; }
  int level() const { return items; }
};
}  // namespace builders_report_test
OBJGEN_FIELDS(builders_report_test::Bin, items)

namespace builders_report_test {

// Operations 0: Bin(), 1: fill(int), 2: level().
struct BinApi {
  objgen::Api api;
  BinApi() { api.add_class<builders_report_test::Bin>().constructor<>().method("fill", &Bin::fill).method("level", &Bin::level); }
};

// Bin(); then `op` on it (fill with the int literal 1).
inline objgen::SequenceFinding bin_finding(objgen::Outcome kind, uint32_t op, const std::string& message) {
  objgen::SequenceFinding f{kind, op, message};
  f.domain = objgen::LiteralDomain::defaults(3);
  f.sequence.calls = {{0, {}}, {op, op == 1 ? std::vector<int64_t>{0, -2} : std::vector<int64_t>{0}}};
  f.sequence.result_value = 0;
  return f;
}

}  // namespace builders_report_test

namespace objgen {
namespace {

using builders_report_test::bin_finding;

TEST(BuildersReport, EachFaultOnceWhateverItsCallCountAndTheFirstRunThatFoundIt) {
  builders::Identification id;
  id.classification.findings = {bin_finding(Outcome::Crash, 1, "SIGSEGV (3 calls)")};
  id.genetic.findings = {bin_finding(Outcome::Crash, 1, "SIGSEGV (12 calls)"), bin_finding(Outcome::Crash, 2, "SIGSEGV (3 calls)")};
  id.climb.findings = {bin_finding(Outcome::Failure, 1, "SIGSEGV (3 calls)"), bin_finding(Outcome::Crash, 1, "SIGSEGV")};
  std::vector<SequenceFinding> kept = emit::identification_findings(id);
  ASSERT_EQ(kept.size(), 3u);
  EXPECT_EQ(kept[0].message, "SIGSEGV (3 calls)");
  EXPECT_EQ(kept[1].op, 2u) << "another operation is another fault";
  EXPECT_EQ(kept[2].kind, Outcome::Failure) << "another kind is another fault";
}

TEST(BuildersReport, OnlyACallCountIsLeftOutOfTheComparedMessage) {
  builders::Identification id;
  id.climb.findings = {bin_finding(Outcome::Failure, 1, "bad size (see notes)"), bin_finding(Outcome::Failure, 1, "bad size (see manual)"),
                       bin_finding(Outcome::Failure, 1, "bad (2 calls) size")};
  EXPECT_EQ(emit::identification_findings(id).size(), 3u);
}

TEST(BuildersReport, AFindingsMethodIsItsSignatureOrAQuestionMark) {
  builders_report_test::BinApi b;
  EXPECT_EQ(emit::finding_method(b.api, bin_finding(Outcome::Crash, 1, "x")), b.api.operations()[1].signature());
  EXPECT_EQ(emit::finding_method(b.api, bin_finding(Outcome::Crash, 9, "x")), "?");
}

TEST(BuildersReport, TheReportNamesTheChosenBuildersObserversAndRoles) {
  builders_report_test::BinApi b;
  builders::Identification id;
  id.algorithm = builders::BuilderAlgorithm::HillClimbing;
  id.builders = {0, 1};
  id.classification.operations = {{0, builders::OperationRole::Builder, false, 10, "makes states"},
                                  {1, builders::OperationRole::Builder, false, 30, "changes states"},
                                  {2, builders::OperationRole::Observer, true, 30, "never changes a state"}};
  id.climb.runs = 4;
  id.climb.seconds = 1;
  id.genetic.seconds = 0.5;
  id.classification.findings = {bin_finding(Outcome::Crash, 1, "SIGSEGV")};
  emit::BuildersRunDescription run{"bin", "builders_report_test::Bin", 9, {0, 1, 2}};
  nlohmann::json r = emit::builders_report(b.api, run, id, std::nullopt);
  auto sig = [&](uint32_t op) { return b.api.operations()[op].signature(); };
  EXPECT_EQ(r["example"], "bin");
  EXPECT_EQ(r["class"], "builders_report_test::Bin");
  EXPECT_EQ(r["algorithm"], builders::algorithm_name(builders::BuilderAlgorithm::HillClimbing));
  EXPECT_EQ(r["seed"], 9);
  EXPECT_EQ(r["api"], (nlohmann::json{sig(0), sig(1), sig(2)}));
  EXPECT_EQ(r["builders"], (nlohmann::json{sig(0), sig(1)}));
  EXPECT_EQ(r["observers"], (nlohmann::json{sig(2)}));
  EXPECT_FALSE(r.contains("pruned"));
  EXPECT_EQ(r["classification"][2], (nlohmann::json{{"method", sig(2)},
                                                    {"role", builders::role_name(builders::OperationRole::Observer)},
                                                    {"const", true},
                                                    {"calls", 30},
                                                    {"evidence", "never changes a state"}}));
  EXPECT_EQ(r["seconds_search"], 1.5);
  EXPECT_EQ(r["hc_exhaustive_runs"], 4);
  EXPECT_FALSE(r.contains("ga_evaluations"));
  ASSERT_EQ(r["findings"].size(), 1u);
  EXPECT_EQ(r["findings"][0]["method"], sig(1));
  EXPECT_EQ(r["findings"][0]["sequence"], (nlohmann::json{"auto v0 = std::make_shared<builders_report_test::Bin>();", "v0->fill(1);"}));
  EXPECT_FALSE(r.contains("verdict")) << "no verification ran";
}

TEST(BuildersReport, GivenBuildersAreNoSearch) {
  builders_report_test::BinApi b;
  builders::Identification id;
  id.algorithm = builders::BuilderAlgorithm::Genetic;
  id.genetic.evaluations = 77;
  emit::BuildersRunDescription given{"bin", "Bin", 1, {}, false};
  nlohmann::json r = emit::builders_report(b.api, given, id, std::nullopt);
  EXPECT_EQ(r["algorithm"], "given");
  EXPECT_FALSE(r.contains("ga_evaluations"));
  EXPECT_FALSE(r.contains("hc_exhaustive_runs"));
  emit::BuildersRunDescription searched{"bin", "Bin", 1, {}, true};
  EXPECT_EQ(emit::builders_report(b.api, searched, id, std::nullopt)["ga_evaluations"], 77);
}

TEST(BuildersReport, TheResultsListTheFindingsOfKnownOperationsAndNoCheck) {
  builders_report_test::BinApi b;
  builders::Identification id;
  id.classification.findings = {bin_finding(Outcome::Crash, 1, "SIGSEGV"), bin_finding(Outcome::Crash, 9, "unknown")};
  emit::CheckResults results = emit::builders_results(b.api, class_id<builders_report_test::Bin>(), id);
  EXPECT_EQ(results.command, "builders");
  EXPECT_TRUE(results.checks.empty()) << "it chooses builders; no check is said to pass";
  ASSERT_EQ(results.results.size(), 1u);
  EXPECT_EQ(results.results[0].message, "SIGSEGV");
  EXPECT_EQ(results.results[0].operation, b.api.operations()[1].signature());
}

}  // namespace
}  // namespace objgen
