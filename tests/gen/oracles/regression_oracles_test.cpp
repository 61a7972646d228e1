// Regression oracles: which members are a class's observers, its operator== and the members to
// call on states; then, on states given as sequences, the values their calls and observers return
// in two worker runs (the second with a shifted heap), kept only when both agree and a test can
// state them, members' outcomes on sampled states, and crashes as findings.
#include "gen/oracles/regression_oracles.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <csignal>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "objgen/objgen.hpp"

namespace regression_oracles_test {
struct Tank {
  int level = 0;
  int fill(int x) { return level += x; }
  void drain() { level = 0; }
  int get() const { return level; }
  bool empty() const { return level == 0; }
  int64_t address() const { return static_cast<int64_t>(reinterpret_cast<uintptr_t>(this)); }  // differs with the heap
  double ratio() const { return level == 0 ? NAN : 1.0 / level; }
  int at(int i) const {
    if (i >= level) throw std::out_of_range("at: past the level");
    return i;
  }
  void crash_if_full() const {
    if (level >= 2) std::raise(SIGSEGV);
  }
  bool operator==(const Tank& o) const { return level == o.level; }
};
}  // namespace regression_oracles_test

OBJGEN_FIELDS(regression_oracles_test::Tank, level)

namespace objgen::oracles {
namespace {

using regression_oracles_test::Tank;

// Operations: 0 Tank(), 1 fill, 2 drain, 3 get, 4 empty, 5 address, 6 ratio, 7 at, 8 crash_if_full,
// 9 operator==; ints 0..2.
struct RegressionTanks {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);
  RegressionTanks() {
    api.add_class<Tank>()
        .constructor<>()
        .method("fill", &Tank::fill)
        .method("drain", &Tank::drain)
        .method("get", &Tank::get)
        .method("empty", &Tank::empty)
        .method("address", &Tank::address)
        .method("ratio", &Tank::ratio)
        .method("at", &Tank::at)
        .method("crash_if_full", &Tank::crash_if_full)
        .method("operator==", &Tank::operator==);
  }
  // Tank() then fill() with each of the given ints (literal index k is the value k).
  static FlatSequence filled(std::vector<int64_t> amounts) {
    FlatSequence s;
    s.calls.push_back(FlatCall{0, {}, {0}});
    for (int64_t a : amounts) s.calls.push_back(FlatCall{1, {0, -1 - a}, {0, -1, -1}});
    s.result_value = 0;
    return s;
  }
  static FlatSequence then(FlatSequence s, uint32_t op, std::vector<int64_t> literals = {}) {
    FlatCall c{op, {0}, {0}};
    for (int64_t l : literals) {
      c.args.push_back(-1 - l);
      c.produced.push_back(-1);
    }
    s.calls.push_back(std::move(c));
    return s;
  }
};

TEST(RegressionOracles, ObserversEqualityAndMembersToCheck) {
  RegressionTanks t;
  ClassId tank = class_id<Tank>();
  EXPECT_EQ(observers_of(t.api, tank), (std::vector<uint32_t>{3, 4, 5, 6}));
  EXPECT_EQ(equality_of(t.api, tank), 9);
  EXPECT_EQ(members_to_check(t.api, tank), (std::vector<uint32_t>{1, 2, 7, 8}));
  Api none;
  none.add_class<Tank>().constructor<>().method("get", &Tank::get);
  EXPECT_EQ(equality_of(none, tank), -1);
  EXPECT_TRUE(members_to_check(none, tank).empty());
}

TEST(RegressionOracles, AppendRebuildRenumbersTheSecondBuild) {
  RegressionTanks t;
  FlatSequence s = RegressionTanks::filled({1, 2});
  int second = append_rebuild(t.api, s);
  EXPECT_EQ(second, 1);
  ASSERT_EQ(s.calls.size(), 6u);
  EXPECT_EQ(s.calls[3], (FlatCall{0, {}, {1}}));
  EXPECT_EQ(s.calls[5], (FlatCall{1, {1, -3}, {1, -1, -1}}));
  EXPECT_EQ(s.result_value, 0);
}

TEST(RegressionOracles, StableLastValuesKeepWhatBothRunsAgreeOnAndTestsCanState) {
  RegressionTanks t;
  std::vector<FlatSequence> tests{RegressionTanks::filled({2}),                                // fill returns 2
                                  RegressionTanks::then(RegressionTanks::filled({1}), 3),      // get: 1
                                  RegressionTanks::then(RegressionTanks::filled({}), 5),       // address: not the same twice
                                  RegressionTanks::then(RegressionTanks::filled({}), 6),       // ratio: NaN
                                  RegressionTanks::then(RegressionTanks::filled({}), 7, {0}),  // at(0) throws
                                  RegressionTanks::then(RegressionTanks::filled({1, 1}), 6)};  // ratio: 0.5
  std::vector<std::optional<Literal>> values = stable_last_values(t.api, t.domain, tests, OracleOptions{}, true);
  ASSERT_EQ(values.size(), 6u);
  ASSERT_TRUE(values[0].has_value());
  EXPECT_EQ(values[0]->i, 2);
  ASSERT_TRUE(values[1].has_value());
  EXPECT_EQ(values[1]->i, 1);
  EXPECT_FALSE(values[2].has_value());
  EXPECT_FALSE(values[3].has_value());
  EXPECT_FALSE(values[4].has_value());
  ASSERT_TRUE(values[5].has_value());
  EXPECT_DOUBLE_EQ(values[5]->d, 0.5);
}

std::vector<Literal> regression_values(const std::vector<Observation>& observed, std::vector<uint32_t>* ops) {
  std::vector<Literal> out;
  for (const Observation& o : observed) {
    ops->push_back(o.op);
    out.push_back(o.value);
  }
  return out;
}

TEST(RegressionOracles, ObserveStatesRecordsAgreedValuesChecksAndCrashes) {
  RegressionTanks t;
  // Levels 0, 1 and 3.
  std::vector<FlatSequence> states{RegressionTanks::filled({}), RegressionTanks::filled({1}), RegressionTanks::filled({2, 1})};
  OracleOptions options;
  options.methods = {7, 8, 2};  // at(i) with i = the state's index, crash_if_full(), drain()
  options.method_states = 3;
  OracleResult r = observe_states(t.api, t.domain, class_id<Tank>(), states, options);
  ASSERT_EQ(r.states.size(), 3u);
  EXPECT_EQ(r.observed_states, 3u);

  // The calls' values: fill's results.
  ASSERT_EQ(r.states[2].returned.size(), 3u);
  EXPECT_FALSE(r.states[2].returned[0].has_value());
  ASSERT_TRUE(r.states[2].returned[1].has_value());
  EXPECT_EQ(r.states[2].returned[1]->i, 2);
  ASSERT_TRUE(r.states[2].returned[2].has_value());
  EXPECT_EQ(r.states[2].returned[2]->i, 3);

  // Observers: get and empty always, ratio where it is a number, address never (flaky).
  std::vector<uint32_t> ops;
  std::vector<Literal> empty_tank = regression_values(r.states[0].observed, &ops);
  EXPECT_EQ(ops, (std::vector<uint32_t>{3, 4}));
  EXPECT_EQ(empty_tank[0].i, 0);
  EXPECT_EQ(empty_tank[1].i, 1);
  ops.clear();
  std::vector<Literal> full_tank = regression_values(r.states[2].observed, &ops);
  EXPECT_EQ(ops, (std::vector<uint32_t>{3, 4, 6}));
  EXPECT_EQ(full_tank[0].i, 3);
  EXPECT_EQ(full_tank[1].i, 0);
  EXPECT_DOUBLE_EQ(full_tank[2].d, 1.0 / 3);
  EXPECT_GE(r.flaky, 3u);
  for (const ObservedState& st : r.states) EXPECT_TRUE(st.equals_rebuilt);

  // at(0) and at(1) throw on levels 0 and 1; at(2) returns 2 on level 3.
  ASSERT_EQ(r.states[0].checks.size(), 3u);
  EXPECT_EQ(r.states[0].checks[0].call.op, 7u);
  EXPECT_TRUE(r.states[0].checks[0].throws);
  EXPECT_TRUE(r.states[1].checks[0].throws);
  // crash_if_full() returns nothing on levels below 2; the observers after it are recorded.
  const MethodCheck& harmless = r.states[1].checks[1];
  EXPECT_EQ(harmless.call.op, 8u);
  EXPECT_FALSE(harmless.throws);
  EXPECT_FALSE(harmless.returned.has_value());
  ops.clear();
  std::vector<Literal> after = regression_values(harmless.after, &ops);
  EXPECT_EQ(ops, (std::vector<uint32_t>{3, 4, 6}));
  EXPECT_EQ(after[0].i, 1);
  // drain() leaves an empty tank.
  const MethodCheck& drained = r.states[2].checks.back();
  EXPECT_EQ(drained.call.op, 2u);
  ops.clear();
  std::vector<Literal> after_drain = regression_values(drained.after, &ops);
  EXPECT_EQ(ops, (std::vector<uint32_t>{3, 4}));
  EXPECT_EQ(after_drain[0].i, 0);
  EXPECT_EQ(after_drain[1].i, 1);
  // On level 3 crash_if_full() crashes: a finding, and no check.
  ASSERT_EQ(r.states[2].checks.size(), 2u);
  EXPECT_EQ(r.states[2].checks[0].call.op, 7u);
  ASSERT_TRUE(r.states[2].checks[0].returned.has_value());
  EXPECT_EQ(r.states[2].checks[0].returned->i, 2);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].state, 2u);
  EXPECT_EQ(r.findings[0].op, 8u);
  EXPECT_EQ(r.findings[0].outcome, Outcome::Crash);
  EXPECT_GT(r.executions, 0u);
  EXPECT_EQ(r.executions % 2, 0u);  // every probe ran twice
}

TEST(RegressionOracles, WithoutCallsAndEqualityOnlyObserversRun) {
  RegressionTanks t;
  OracleOptions options;
  options.calls_and_equality = false;
  OracleResult r = observe_states(t.api, t.domain, class_id<Tank>(), {RegressionTanks::filled({1})}, options);
  ASSERT_EQ(r.states.size(), 1u);
  EXPECT_FALSE(r.states[0].returned[1].has_value());
  EXPECT_FALSE(r.states[0].equals_rebuilt);
  EXPECT_EQ(r.states[0].observed.size(), 3u);  // get, empty, ratio
  EXPECT_EQ(r.executions, 2u * 4u);            // the four observers, twice
}

}  // namespace
}  // namespace objgen::oracles
