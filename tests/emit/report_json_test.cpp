// The --report-json file of a bounded-exhaustive run: the run's description, its counts, each
// failure with the calls that show it, and a digest of the states' recorded calls by which two
// runs are compared.
#include "emit/report_json.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace report_json_test {
struct Counter {
  int total = 0;
  void add(int v) { total += v; }
};
}  // namespace report_json_test
OBJGEN_FIELDS(report_json_test::Counter, total)

namespace report_json_test {

// Operation 0: Counter(); operation 1: Counter::add(int).
struct CounterApi {
  objgen::Api api;
  objgen::ClassId id = objgen::class_id<Counter>();
  CounterApi() { api.add_class<Counter>().constructor<>().method("add", &Counter::add); }
};

// State 0 made by Counter(), state 1 by adding literal 1 to it (slot 0: the receiver).
inline objgen::StateStore counted(objgen::ClassId cls, uint16_t second_iteration = 1, uint32_t literal = 1) {
  objgen::StateStore store;
  uint32_t made = store.add_state({1, 0}, store.add_sequence(0, {}), objgen::kResultSlot, cls, 0);
  std::vector<objgen::ArgRef> args{objgen::ArgRef::state(made), objgen::ArgRef::literal(literal)};
  store.add_state({2, 0}, store.add_sequence(1, args), 0, cls, second_iteration);
  return store;
}

}  // namespace report_json_test

namespace objgen {
namespace {

// The hash starts from 1469598103934665603: FNV-1a's offset basis (14695981039346656037,
// 0xcbf29ce484222325) short of its last digit. Any fixed start serves to compare runs, but
// changing it changes every digest a report holds.
TEST(ReportJson, TheDigestOfNoStatesIsTheHashesStartingValue) {
  report_json_test::CounterApi c;
  EXPECT_EQ(emit::states_digest(c.api, StateStore{}), "14650fb0739d0383");
}

TEST(ReportJson, TheDigestIsSixteenHexDigitsAndTheSameForTheSameStates) {
  report_json_test::CounterApi c;
  std::string digest = emit::states_digest(c.api, report_json_test::counted(c.id));
  EXPECT_EQ(digest.size(), 16u);
  EXPECT_EQ(digest.find_first_not_of("0123456789abcdef"), std::string::npos) << digest;
  EXPECT_EQ(digest, emit::states_digest(c.api, report_json_test::counted(c.id)));
  EXPECT_NE(digest, "14650fb0739d0383");
}

TEST(ReportJson, TheDigestChangesWithTheIterationTheArgumentsTheClassOrTheSlot) {
  report_json_test::CounterApi c;
  std::string digest = emit::states_digest(c.api, report_json_test::counted(c.id));
  EXPECT_NE(digest, emit::states_digest(c.api, report_json_test::counted(c.id, 2)));
  EXPECT_NE(digest, emit::states_digest(c.api, report_json_test::counted(c.id, 1, 2)));
  EXPECT_NE(digest, emit::states_digest(c.api, report_json_test::counted(c.id + 1)));
  StateStore other_slot;
  uint32_t made = other_slot.add_state({1, 0}, other_slot.add_sequence(0, {}), kResultSlot, c.id, 0);
  std::vector<ArgRef> args{ArgRef::state(made), ArgRef::literal(1)};
  other_slot.add_state({2, 0}, other_slot.add_sequence(1, args), 1, c.id, 1);
  EXPECT_NE(digest, emit::states_digest(c.api, other_slot));
}

TEST(ReportJson, TheDigestIgnoresFingerprints) {
  // Fingerprints depend on addresses and hashing; the digest is of the calls alone.
  report_json_test::CounterApi c;
  StateStore store;
  uint32_t made = store.add_state({77, 5}, store.add_sequence(0, {}), kResultSlot, c.id, 0);
  std::vector<ArgRef> args{ArgRef::state(made), ArgRef::literal(1)};
  store.add_state({99, 3}, store.add_sequence(1, args), 0, c.id, 1);
  EXPECT_EQ(emit::states_digest(c.api, store), emit::states_digest(c.api, report_json_test::counted(c.id)));
}

TEST(ReportJson, TheReportDescribesTheRunAndCountsItsStates) {
  report_json_test::CounterApi c;
  exhaustive::ExhaustiveOptions opt;
  opt.target = c.id;
  exhaustive::ExhaustiveResult result;
  result.store = report_json_test::counted(c.id);
  result.explored = 12;
  result.iterations = 2;
  result.complete = true;
  result.stopped_by = exhaustive::StopReason::IterationLimit;
  emit::RunDescription run{"counter", "report_json_test::Counter", 3, 2, true, {"Counter()", "add(int)"}};
  nlohmann::json j = emit::exhaustive_report(c.api, opt, run, result);
  EXPECT_EQ(j["example"], "counter");
  EXPECT_EQ(j["target"], "report_json_test::Counter");
  EXPECT_EQ(j["scope"], 3);
  EXPECT_EQ(j["threads"], 2);
  EXPECT_EQ(j["isolation"], "fork");
  EXPECT_EQ(j["methods"], (nlohmann::json{"Counter()", "add(int)"}));
  EXPECT_EQ(j["structures"], 2);
  EXPECT_EQ(j["states"], 2);
  EXPECT_EQ(j["states_digest"], emit::states_digest(c.api, result.store));
  EXPECT_EQ(j["explored"], 12);
  EXPECT_EQ(j["iterations"], 2);
  EXPECT_EQ(j["complete"], true);
  EXPECT_EQ(j["stopped_by"], "iteration limit");
  EXPECT_EQ(j["classes"], (nlohmann::json{{c.api.classes()[0].name, 2}}));
  EXPECT_EQ(j["failures"], nlohmann::json::array());
  EXPECT_GT(j["peak_rss_bytes"].get<size_t>(), 0u);
  EXPECT_DOUBLE_EQ(j["store_bytes_per_state"].get<double>(), result.store.memory_bytes() / 2.0);
}

TEST(ReportJson, AnUnisolatedRunWithNoStatesSaysSo) {
  report_json_test::CounterApi c;
  exhaustive::ExhaustiveOptions opt;
  opt.target = c.id;
  exhaustive::ExhaustiveResult result;
  nlohmann::json j = emit::exhaustive_report(c.api, opt, {"", "T", 1, 1, false, {}}, result);
  EXPECT_EQ(j["isolation"], "none");
  EXPECT_EQ(j["states"], 0);
  EXPECT_EQ(j["store_bytes_per_state"], 0.0);
  EXPECT_EQ(j["stopped_by"], "fixpoint");
}

TEST(ReportJson, EachFailureHasItsKindMemberAndTheCallsThatShowIt) {
  report_json_test::CounterApi c;
  exhaustive::ExhaustiveOptions opt;
  opt.target = c.id;
  exhaustive::ExhaustiveResult result;
  result.store = report_json_test::counted(c.id);
  exhaustive::Finding f{Outcome::Crash, "SIGSEGV", 1, {ArgRef::state(1), ArgRef::literal(2)}};
  f.iteration = 3;
  f.hits = 4;
  result.findings.push_back(f);
  nlohmann::json j = emit::exhaustive_report(c.api, opt, {"", "T", 3, 1, true, {}}, result);
  ASSERT_EQ(j["failures"].size(), 1u);
  const nlohmann::json& failure = j["failures"][0];
  EXPECT_EQ(failure["kind"], outcome_name(Outcome::Crash));
  EXPECT_EQ(failure["message"], "SIGSEGV");
  EXPECT_EQ(failure["operation"], c.api.operations()[1].signature());
  EXPECT_EQ(failure["iteration"], 3);
  EXPECT_EQ(failure["hits"], 4);
  EXPECT_EQ(failure["sequence"],
            (nlohmann::json{"auto v0 = std::make_shared<report_json_test::Counter>();", "v0->add(1);", "v0->add(2);"}));
}

}  // namespace
}  // namespace objgen
