// Findings as the commands report them (cli/reported_findings): printed, in the JSON report and
// the run's results, in the failures suite, and minimized and confirmed in real test workers on
// the bundled faulty lists.
#include "cli/reported_findings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "emit/code_writer.hpp"
#include "example_api.hpp"

namespace reported_findings_test {

using objgen::FlatCall;
using objgen::FlatSequence;
using objgen::Outcome;
using objgen::SequenceFinding;
using objgen::cli::ReportedFinding;
using ::testing::internal::CaptureStdout;
using ::testing::internal::GetCapturedStdout;

// The target built, then each call of `calls` on it: {operation, literal index}, -1 for a member
// taking no argument.
FlatSequence built_with(uint32_t make, const std::vector<std::pair<uint32_t, int>>& calls) {
  FlatSequence s;
  s.calls.push_back(FlatCall{make, {}, {0}});
  for (auto [op, v] : calls) s.calls.push_back(v < 0 ? FlatCall{op, {0}, {0, -1}} : FlatCall{op, {0, -1 - v}, {0, -1, -1}});
  s.result_value = 0;
  return s;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A faulty list of the bundled examples, with its add() and the sequence that adds `values`.
struct FaultyList : objgen::testing::ExampleApi {
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);
  uint32_t make, add;
  FaultyList(const std::string& example, const std::string& constructor) : ExampleApi(example), make(op(constructor)), add(op("add")) {}
  FlatSequence adding(const std::vector<int>& values) const {
    std::vector<std::pair<uint32_t, int>> calls;
    for (int v : values) calls.push_back({add, v});
    return built_with(make, calls);
  }
  SequenceFinding finding(Outcome kind, const std::vector<int>& values, const std::string& message) const {
    return SequenceFinding{kind, add, message, adding(values), domain};
  }
};

// ncl with a made-up finding in addLast: the printing and report tests need no real fault.
struct NclFindings : objgen::testing::ExampleApi {
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);
  uint32_t make = op("NodeCachingList"), add = op("addLast"), size = op("getSize");
  NclFindings() : ExampleApi("ncl") {}
  ReportedFinding finding(const std::string& message, size_t adds, uint64_t hits = 1) const {
    std::vector<std::pair<uint32_t, int>> calls;
    for (size_t i = 0; i < adds; ++i) calls.push_back({add, static_cast<int>(i % 3)});
    return ReportedFinding{SequenceFinding{Outcome::Crash, add, message, built_with(make, calls), domain, hits}};
  }
  objgen::minimize::Minimized minimized(size_t adds, bool reproduced) const {
    objgen::minimize::Minimized m;
    m.sequence = finding("", adds).finding.sequence;
    m.reproduced = reproduced;
    m.one_minimal = reproduced;
    return m;
  }
  std::string signature() const { return api.operations()[add].signature(); }
};

TEST(ReportedFindings, AnUnknownContractIsAUsageErrorNamingTheOption) {
  EXPECT_TRUE(objgen::cli::parse_contracts_option("none,copy-equal").has(objgen::contracts::Contract::CopyEqual));
  try {
    objgen::cli::parse_contracts_option("all,-copy-equals");
    ADD_FAILURE() << "an unknown contract passed";
  } catch (const objgen::cli::UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--contracts: ", 0), 0u) << e.what();
    EXPECT_TRUE(contains(e.what(), "copy-equals")) << e.what();
  }
}

TEST(ReportedFindings, ConfirmedFindingsArePrintedWithTheirShrinkingAndTheOthersApart) {
  NclFindings n;
  ReportedFinding shrunk = n.finding("shrunk", 5, 3);
  shrunk.minimized = n.minimized(2, true);
  ReportedFinding alone = n.finding("not alone", 2);
  alone.minimized = n.minimized(2, false);
  ReportedFinding cut = n.finding("from history", 1);
  cut.minimized = n.minimized(4, true);
  cut.minimized->one_minimal = false;
  cut.minimized->history_calls = 10;
  cut.minimized->history_kept = 3;
  ReportedFinding unconfirmed = n.finding("flaky", 1, 7);
  unconfirmed.unconfirmed = "its replay returned normally";

  CaptureStdout();
  objgen::cli::print_findings(n.api, {shrunk, alone, unconfirmed, cut});
  std::string out = GetCapturedStdout();
  std::string in = std::string("  ") + objgen::outcome_name(Outcome::Crash) + " in " + n.signature() + ": ";
  EXPECT_TRUE(contains(out, in + "shrunk (3 hits) [6 -> 3 calls, 1-minimal]\n")) << out;
  EXPECT_TRUE(contains(out, in + "not alone (1 hits) [did not reproduce on its own]\n")) << out;
  EXPECT_TRUE(
      contains(out, in + "from history (1 hits) [not shown by its own 2 calls: cut from the 10 its worker ran before it to 5 calls]\n"))
      << out;
  size_t apart = out.find("1 not confirmed");
  ASSERT_NE(apart, std::string::npos) << out;
  EXPECT_GT(apart, out.find("from history")) << "the unconfirmed come after every confirmed one";
  EXPECT_TRUE(contains(out.substr(apart), in + "flaky (7 hits)\n    not confirmed: its replay returned normally\n")) << out;

  CaptureStdout();
  objgen::cli::print_findings(n.api, {shrunk});
  EXPECT_FALSE(contains(GetCapturedStdout(), "not confirmed"));
}

TEST(ReportedFindings, JsonAndRecordsShowTheMinimizedSequenceAndMarkTheUnconfirmed) {
  NclFindings n;
  ReportedFinding f = n.finding("boom", 4, 2);
  f.minimized = n.minimized(1, true);
  f.minimized->runs = 9;
  nlohmann::json j = objgen::cli::finding_json(n.api, n.domain, f);
  EXPECT_EQ(j["kind"], objgen::outcome_name(Outcome::Crash));
  EXPECT_EQ(j["operation"], n.signature());
  EXPECT_EQ(j["hits"], 2);
  EXPECT_EQ(j["calls"], 5);  // as found
  EXPECT_EQ(j["minimized"]["calls"], 2);
  EXPECT_EQ(j["minimized"]["runs"], 9);
  EXPECT_EQ(j["sequence"], objgen::emit::write_statements(n.api, n.domain, f.minimized->sequence));
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_EQ(objgen::cli::finding_record(n.api, n.domain, f).verdict, objgen::emit::Verdict::Bug);
  EXPECT_EQ(objgen::cli::unconfirmed_json(n.api, n.domain, {f}), nlohmann::json::array());

  // Not reproduced by minimization: the sequence as found.
  f.minimized->reproduced = false;
  EXPECT_EQ(&f.sequence(), &f.finding.sequence);
  f.unconfirmed = "its replay returned normally";
  nlohmann::json apart = objgen::cli::unconfirmed_json(n.api, n.domain, {n.finding("kept", 1), f});
  ASSERT_EQ(apart.size(), 1u);
  EXPECT_EQ(apart[0]["why"], f.unconfirmed);
  EXPECT_EQ(apart[0]["message"], "boom");
  EXPECT_EQ(objgen::cli::finding_json(n.api, n.domain, f)["confirmed"], false);
  objgen::emit::ResultRecord r = objgen::cli::finding_record(n.api, n.domain, f);
  EXPECT_EQ(r.verdict, objgen::emit::Verdict::Unconfirmed);
  EXPECT_EQ(r.why, f.unconfirmed);
  EXPECT_EQ(r.calls.size(), 5u);
}

TEST(ReportedFindings, SuiteFindingsAreTheConfirmedOnesWithASequence) {
  NclFindings n;
  ReportedFinding shrunk = n.finding("shrunk", 5, 4);
  shrunk.minimized = n.minimized(1, true);
  shrunk.slot = 0;
  ReportedFinding not_shrunk = n.finding("as found", 2);
  not_shrunk.minimized = n.minimized(2, false);
  ReportedFinding late = n.finding("late", 1);
  late.reproducible = false;
  ReportedFinding unconfirmed = n.finding("unconfirmed", 1);
  unconfirmed.unconfirmed = "no";
  ReportedFinding empty = n.finding("no calls", 0);
  empty.finding.sequence.calls.clear();

  std::vector<objgen::emit::SuiteFinding> suite = objgen::cli::suite_findings_of({shrunk, not_shrunk, late, unconfirmed, empty});
  ASSERT_EQ(suite.size(), 3u);
  EXPECT_EQ(suite[0].message, "shrunk");
  EXPECT_EQ(suite[0].sequence.calls.size(), 2u);
  EXPECT_EQ(suite[0].original_calls, 6u);
  EXPECT_EQ(suite[0].hits, 4u);
  EXPECT_EQ(suite[0].slot, 0);
  EXPECT_TRUE(suite[0].reproducible);
  EXPECT_EQ(suite[1].original_calls, 0u);
  EXPECT_FALSE(suite[1].reproducible);  // minimization could not reproduce it
  EXPECT_FALSE(suite[2].reproducible);
}

TEST(ReportedFindings, ContractChecksAndPreconditionsInTheRunsResults) {
  objgen::emit::CheckResults results;
  results.add_check("calls");
  objgen::cli::add_contract_checks(objgen::contracts::ContractSet::all(), results);
  ASSERT_EQ(results.checks.size(), 1 + objgen::contracts::kContractCount - 2);
  EXPECT_EQ(results.checks[0], "calls");
  EXPECT_NE(std::find(results.checks.begin(), results.checks.end(), "contract copy-equal"), results.checks.end());
  EXPECT_EQ(std::find(results.checks.begin(), results.checks.end(), "contract failures"), results.checks.end());
  EXPECT_EQ(std::find(results.checks.begin(), results.checks.end(), "contract invariant"), results.checks.end());

  NclFindings n;
  ReportedFinding caller = n.finding("the caller's", 2), bug = n.finding("a bug", 2);
  results.results = {objgen::cli::finding_record(n.api, n.domain, caller), objgen::cli::finding_record(n.api, n.domain, bug)};
  nlohmann::json preconditions = nlohmann::json::array();
  preconditions.push_back({{"kind", objgen::outcome_name(Outcome::Crash)},
                           {"operation", n.signature()},
                           {"message", "the caller's"},
                           {"why", "an assertion of the library"},
                           {"sequence", objgen::emit::write_statements(n.api, n.domain, caller.sequence())}});
  objgen::cli::mark_preconditions(preconditions, results);
  EXPECT_EQ(results.results[0].verdict, objgen::emit::Verdict::Precondition);
  EXPECT_EQ(results.results[0].why, "an assertion of the library");
  EXPECT_EQ(results.results[1].verdict, objgen::emit::Verdict::Bug);
}

TEST(ReportedFindings, MinimizingKeepsOnlyTheCallsTheFaultNeeds) {
  FaultyList list("buggy_throw", "BuggyThrowList");
  uint32_t size = list.op("getSize"), empty = list.op("isEmpty");
  // add(1) throws on a list of two: getSize and isEmpty do not matter.
  FlatSequence found = built_with(list.make, {{list.add, 0}, {size, -1}, {list.add, 2}, {empty, -1}, {list.add, 1}});
  std::vector<ReportedFinding> findings{ReportedFinding{SequenceFinding{Outcome::Failure, list.add, "runtime_error", found, list.domain}}};
  objgen::cli::minimize_findings(list.api, list.domain, findings, 1.0, 0, true);
  ASSERT_TRUE(findings[0].minimized.has_value());
  EXPECT_TRUE(findings[0].minimized->reproduced);
  EXPECT_EQ(findings[0].sequence().calls.size(), 4u);  // the constructor and three adds
  EXPECT_TRUE(findings[0].minimized->one_minimal);
}

TEST(ReportedFindings, ConfirmingReplaysEachFindingAloneInAFreshWorker) {
  FaultyList list("buggy_throw", "BuggyThrowList");
  std::vector<ReportedFinding> findings{
      ReportedFinding{list.finding(Outcome::Failure, {0, 2, 1}, "std::runtime_error: internal buffer exhausted")},
      ReportedFinding{list.finding(Outcome::Failure, {0, 2}, "std::runtime_error: internal buffer exhausted")},
      ReportedFinding{list.finding(Outcome::Failure, {0, 2, 1}, "after other calls")},
      ReportedFinding{list.finding(Outcome::Crash, {1}, "SIGSEGV")}};
  findings[2].reproducible = false;
  findings[3].minimized = objgen::minimize::Minimized{.sequence = findings[3].finding.sequence, .history_calls = 6};
  objgen::cli::confirm_findings(list.api, list.domain, findings, {});
  EXPECT_EQ(findings[0].unconfirmed, "");
  EXPECT_NE(findings[1].unconfirmed, "");  // add(2) on one element throws nothing
  EXPECT_TRUE(contains(findings[2].unconfirmed, "died only after other calls")) << findings[2].unconfirmed;
  EXPECT_TRUE(contains(findings[3].unconfirmed, "; nor did it after the 6 calls its worker ran before it")) << findings[3].unconfirmed;
}

TEST(ReportedFindings, ABrokenInvariantIsReCheckedOnItsObjectAndACrashKeepsTheSignalItsReplayShows) {
  FaultyList broken("buggy_invariant", "BuggyInvariantList");
  size_t operations = broken.api.operations().size();
  std::vector<ReportedFinding> invariant{ReportedFinding{broken.finding(Outcome::InvariantBroken, {0, 1, 2}, "repOK returned false")}};
  invariant[0].slot = 0;  // the receiver of add
  objgen::cli::confirm_findings(broken.api, broken.domain, invariant, {});
  EXPECT_EQ(invariant[0].unconfirmed, "");
  EXPECT_EQ(broken.api.operations().size(), operations + 1);  // the invariant's check, added once

  FaultyList segv("buggy_segv", "BuggySegvList");
  std::vector<ReportedFinding> crash{ReportedFinding{segv.finding(Outcome::Crash, {0, 1, 2}, "SIGABRT (Aborted)")}};
  objgen::cli::confirm_findings(segv.api, segv.domain, crash, {});
  EXPECT_EQ(crash[0].unconfirmed, "");
#ifndef __SANITIZE_ADDRESS__  // there AddressSanitizer reports the null dereference, and aborts
  EXPECT_TRUE(contains(crash[0].finding.message, "SIGSEGV")) << crash[0].finding.message;
#endif
}

}  // namespace reported_findings_test
