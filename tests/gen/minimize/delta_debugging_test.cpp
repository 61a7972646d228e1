// Delta debugging of failing sequences: calls are cut (with the calls that use what they built)
// while the finding still shows in a fresh test worker, then literal arguments move to the
// smallest value that keeps it and object arguments to objects built earlier.
#include "gen/minimize/delta_debugging.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <stdexcept>

#include "exec/test_runner.hpp"
#include "objgen/objgen.hpp"

namespace delta_debugging_test {
// add() crashes once the total passes 3; check(v) crashes for any v > 0 once something was
// added; absorb() crashes when both tallies hold 2 or more; note() changes nothing that matters.
class Tally {
 public:
  void add(int v) {
    n_ += v;
    if (n_ > 3) std::raise(SIGSEGV);
  }
  void check(int v) {
    if (v > 0 && n_ > 0) std::raise(SIGSEGV);
  }
  void absorb(const Tally& other) {
    if (n_ >= 2 && other.n_ >= 2) std::raise(SIGSEGV);
  }
  void note() { ++notes_; }
  int n_ = 0;
  int notes_ = 0;
};
}  // namespace delta_debugging_test

OBJGEN_FIELDS(delta_debugging_test::Tally, n_, notes_)

namespace objgen::minimize {
namespace {

using delta_debugging_test::Tally;

// A Tally API with ints 0..2 (literal index k is the value k).
struct DeltaDebuggingFixture {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);
  uint32_t make = 0, add = 0, check = 0, absorb = 0, note = 0;
  DeltaDebuggingFixture() {
    api.add_class<Tally>()
        .constructor<>()
        .method("add", &Tally::add)
        .method("check", &Tally::check)
        .method("absorb", &Tally::absorb)
        .method("note", &Tally::note);
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const std::string& name = api.operations()[i].name;
      if (name == "Tally") make = i;
      if (name == "add") add = i;
      if (name == "check") check = i;
      if (name == "absorb") absorb = i;
      if (name == "note") note = i;
    }
  }
  FlatCall construct(int value) const { return FlatCall{make, {}, {value}}; }
  FlatCall with_int(uint32_t op, int object, int literal) const { return FlatCall{op, {object, -1 - literal}, {object, -1, -1}}; }
  FlatCall plain(uint32_t op, int object) const { return FlatCall{op, {object}, {object, -1}}; }
  FlatCall absorbing(int object, int other) const { return FlatCall{absorb, {object, other}, {object, other, -1}}; }
  SequenceFinding crash(uint32_t op, std::vector<FlatCall> calls) const {
    FlatSequence s;
    s.calls = std::move(calls);
    s.result_value = 0;
    return SequenceFinding{Outcome::Crash, op, "SIGSEGV (Segmentation fault)", s, domain};
  }
  Minimized minimize(const SequenceFinding& f, const MinimizeOptions& options = {}) const {
    FindingOracle oracle(api, domain, options);
    return minimize_finding(api, f, oracle, options);
  }
};

FlatSequence delta_sequence(std::vector<FlatCall> calls, int result) {
  FlatSequence s;
  s.calls = std::move(calls);
  s.result_value = result;
  return s;
}

TEST(DeltaDebugging, WithoutCallsRefusesAMaskOfTheWrongSizeAndTheLastCall) {
  DeltaDebuggingFixture f;
  FlatSequence s = delta_sequence({f.construct(0), f.with_int(f.add, 0, 1), f.plain(f.note, 0)}, 0);
  EXPECT_FALSE(without_calls(s, {false, false}).has_value());
  EXPECT_FALSE(without_calls(s, {false, false, true}).has_value());
  EXPECT_FALSE(without_calls(FlatSequence{}, {}).has_value());
  // Dropping the constructor takes every call on its object with it, the last one too.
  EXPECT_FALSE(without_calls(s, {true, false, false}).has_value());
  auto same = without_calls(s, {false, false, false});
  ASSERT_TRUE(same.has_value());
  EXPECT_EQ(same->calls, s.calls);
  EXPECT_EQ(same->result_value, 0);
}

TEST(DeltaDebugging, WithoutCallsRenumbersTheObjectsThatStay) {
  DeltaDebuggingFixture f;
  // v0 = Tally(); v0.add(1); v1 = Tally(); v1.add(2); v2 = Tally(); v2.absorb(v1); result v2
  FlatSequence s = delta_sequence(
      {f.construct(0), f.with_int(f.add, 0, 1), f.construct(1), f.with_int(f.add, 1, 2), f.construct(2), f.absorbing(2, 1)}, 2);
  auto cut = without_calls(s, {true, false, false, false, false, false});
  ASSERT_TRUE(cut.has_value());
  // v0 and its add() are gone; v1 becomes v0, v2 becomes v1; literals are kept as they were.
  std::vector<FlatCall> expected{f.construct(0), f.with_int(f.add, 0, 2), f.construct(1), f.absorbing(1, 0)};
  EXPECT_EQ(cut->calls, expected);
  EXPECT_EQ(cut->result_value, 1);
}

TEST(DeltaDebugging, WithoutCallsLeavesNoResultWhenItsObjectWentAway) {
  DeltaDebuggingFixture f;
  // The state is v0, but the sequence ends with a call on v1.
  FlatSequence s = delta_sequence({f.construct(0), f.construct(1), f.with_int(f.add, 1, 0)}, 0);
  auto cut = without_calls(s, {true, false, false});
  ASSERT_TRUE(cut.has_value());
  EXPECT_EQ(cut->calls, (std::vector<FlatCall>{f.construct(0), f.with_int(f.add, 0, 0)}));
  EXPECT_EQ(cut->result_value, -1);
}

TEST(DeltaDebugging, OutOfBudgetByRunsInterruptionOrDeadline) {
  MinimizeOptions o;
  o.max_runs = 3;
  EXPECT_FALSE(o.out_of_budget(2));
  EXPECT_TRUE(o.out_of_budget(3));
  std::atomic<bool> stop{false};
  o.interrupted = &stop;
  EXPECT_FALSE(o.out_of_budget(0));
  stop = true;
  EXPECT_TRUE(o.out_of_budget(0));
  MinimizeOptions late;
  late.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EXPECT_TRUE(late.out_of_budget(0));
  late.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  EXPECT_FALSE(late.out_of_budget(0));
}

// add(2) then add(2) is the only 1-minimal way to pass 3 that ends in the found add(2); the
// notes and the add(1) go, and neither literal can be smaller.
TEST(DeltaDebugging, CutsToTheOneMinimalSequence) {
  DeltaDebuggingFixture f;
  SequenceFinding finding = f.crash(f.add, {f.construct(0), f.plain(f.note, 0), f.with_int(f.add, 0, 2), f.plain(f.note, 0),
                                            f.with_int(f.add, 0, 1), f.plain(f.note, 0), f.with_int(f.add, 0, 2)});
  Minimized m = f.minimize(finding);
  ASSERT_TRUE(m.reproduced) << m.message;
  EXPECT_TRUE(m.one_minimal);
  EXPECT_EQ(m.original_calls, 7u);
  EXPECT_EQ(m.sequence.calls, (std::vector<FlatCall>{f.construct(0), f.with_int(f.add, 0, 2), f.with_int(f.add, 0, 2)}));
  EXPECT_EQ(m.sequence.result_value, 0);
  EXPECT_GT(m.runs, 1u);
  EXPECT_NE(m.message.find("SIGSEGV"), std::string::npos) << m.message;
}

TEST(DeltaDebugging, LiteralsMoveToTheSmallestValueThatStillFails) {
  DeltaDebuggingFixture f;
  // add(0) would leave the tally empty and check(0) never fails: 1 is the smallest for both.
  SequenceFinding finding = f.crash(f.check, {f.construct(0), f.with_int(f.add, 0, 2), f.with_int(f.check, 0, 2)});
  Minimized m = f.minimize(finding);
  ASSERT_TRUE(m.reproduced);
  EXPECT_TRUE(m.one_minimal);
  EXPECT_EQ(m.sequence.calls, (std::vector<FlatCall>{f.construct(0), f.with_int(f.add, 0, 1), f.with_int(f.check, 0, 1)}));
}

// absorb(v1) fails as absorb(v0) does once v0 holds 2: the argument moves to v0, and then v1
// and its add() are cut.
TEST(DeltaDebugging, ObjectArgumentsMoveToEarlierObjectsAndWhatFreesUpIsCut) {
  DeltaDebuggingFixture f;
  SequenceFinding finding =
      f.crash(f.absorb, {f.construct(0), f.with_int(f.add, 0, 2), f.construct(1), f.with_int(f.add, 1, 2), f.absorbing(0, 1)});
  Minimized m = f.minimize(finding);
  ASSERT_TRUE(m.reproduced);
  EXPECT_TRUE(m.one_minimal);
  EXPECT_EQ(m.sequence.calls, (std::vector<FlatCall>{f.construct(0), f.with_int(f.add, 0, 2), f.absorbing(0, 0)}));
}

TEST(DeltaDebugging, AFindingThatDoesNotReproduceIsKeptAsFound) {
  DeltaDebuggingFixture f;
  // add(1), add(1) never passes 3: the finding was someone else's.
  SequenceFinding finding = f.crash(f.add, {f.construct(0), f.plain(f.note, 0), f.with_int(f.add, 0, 1), f.with_int(f.add, 0, 1)});
  Minimized m = f.minimize(finding);
  EXPECT_FALSE(m.reproduced);
  EXPECT_FALSE(m.one_minimal);
  EXPECT_EQ(m.runs, 1u);
  EXPECT_EQ(m.original_calls, 4u);
  EXPECT_EQ(m.sequence.calls, finding.sequence.calls);
}

TEST(DeltaDebugging, AnInterruptedMinimizationKeepsTheSequenceAndIsNotOneMinimal) {
  DeltaDebuggingFixture f;
  SequenceFinding finding = f.crash(f.add, {f.construct(0), f.plain(f.note, 0), f.with_int(f.add, 0, 2), f.with_int(f.add, 0, 2)});
  std::atomic<bool> stop{true};
  MinimizeOptions o;
  o.interrupted = &stop;
  Minimized m = f.minimize(finding, o);
  EXPECT_TRUE(m.reproduced) << "the original is always run once";
  EXPECT_FALSE(m.one_minimal);
  EXPECT_EQ(m.runs, 1u);
  EXPECT_EQ(m.sequence.calls, finding.sequence.calls);
}

TEST(DeltaDebugging, AFewRunsAllowedCutWhatTheyCanButClaimNoMinimality) {
  DeltaDebuggingFixture f;
  SequenceFinding finding = f.crash(f.add, {f.construct(0), f.plain(f.note, 0), f.plain(f.note, 0), f.plain(f.note, 0),
                                            f.with_int(f.add, 0, 2), f.with_int(f.add, 0, 2)});
  MinimizeOptions o;
  o.max_runs = 2;
  Minimized m = f.minimize(finding, o);
  ASSERT_TRUE(m.reproduced);
  EXPECT_FALSE(m.one_minimal);
  EXPECT_LE(m.runs, 3u);  // the original, then at most max_runs candidates
  EXPECT_LE(m.sequence.calls.size(), finding.sequence.calls.size());
  EXPECT_EQ(m.sequence.calls.back(), f.with_int(f.add, 0, 2));
}

TEST(DeltaDebugging, TheOracleJudgesTheLastCallOnly) {
  DeltaDebuggingFixture f;
  MinimizeOptions o;
  FindingOracle oracle(f.api, f.domain, o);
  SequenceFinding finding = f.crash(f.add, {f.construct(0), f.with_int(f.add, 0, 2), f.with_int(f.add, 0, 2)});
  FlatSequence early = delta_sequence({f.construct(0), f.with_int(f.add, 0, 2), f.with_int(f.add, 0, 2), f.plain(f.note, 0)}, 0);
  FlatSequence other_op = delta_sequence({f.construct(0), f.with_int(f.add, 0, 1), f.with_int(f.check, 0, 1)}, 0);
  std::vector<FindingOracle::Verdict> v = oracle.run(finding, {finding.sequence, early, other_op});
  ASSERT_EQ(v.size(), 3u);
  EXPECT_TRUE(v[0].same_call);
  EXPECT_FALSE(v[1].same_call) << "it failed before its last call";
  EXPECT_FALSE(v[2].same_call) << "it failed in check(), not in add()";
  EXPECT_EQ(v[0].bucket, finding_bucket(SequenceFinding{Outcome::Crash, f.add, v[0].message, {}, {}}));
  EXPECT_EQ(oracle.runs(), 3u);
}

TEST(DeltaDebugging, RunAfterACrashInTheSameWorkerIsNotTheFinding) {
  DeltaDebuggingFixture f;
  MinimizeOptions o;
  FindingOracle oracle(f.api, f.domain, o);
  SequenceFinding finding = f.crash(f.add, {f.construct(0), f.with_int(f.add, 0, 2), f.with_int(f.add, 0, 2)});
  FlatSequence harmless = delta_sequence({f.construct(0), f.plain(f.note, 0)}, 0);
  EXPECT_TRUE(oracle.run_after(finding, {harmless}, finding.sequence).same_call);
  // The crash before it replaced the worker: the candidate's verdict would not be its own.
  EXPECT_FALSE(oracle.run_after(finding, {finding.sequence}, finding.sequence).same_call);
  EXPECT_EQ(oracle.runs(), 2u);
}

}  // namespace
}  // namespace objgen::minimize
