// The command's deadline (exec/run_deadline) and what the test runner does at it: test cases cut
// or not run come back stopped, and replays of hangs side by side wait out their timeouts once.
#include "exec/run_deadline.hpp"

#include <gtest/gtest.h>

#include "example_api.hpp"
#include "exec/test_runner.hpp"

namespace objgen {
namespace {

// The deadline is process-wide: each test leaves none behind.
struct DeadlineReset {
  ~DeadlineReset() { set_run_deadline({}); }
};

double seconds_since(RunClock::time_point t) { return std::chrono::duration<double>(RunClock::now() - t).count(); }

RunClock::time_point in_seconds(double s) { return RunClock::now() + clock_seconds(s); }

// buggy_hang's add() never returns when its value is already one of two elements: add(0),
// add(1), add(0). Literal index k is argument -1 - k (0 is index 1, 1 index 2).
struct HangingList {
  testing::ExampleApi s{"buggy_hang"};
  LiteralDomain terminals = testing::ints_minus_one_to_one();
  uint32_t ctor = s.op("BuggyHangList"), add = s.op("add"), size = s.op("getSize");
  FlatSequence hang{{{ctor, {}, {}}, {add, {0, -2}, {0, -1}}, {add, {0, -3}, {0, -1}}, {add, {0, -2}, {0, -1}}}};
  FlatSequence fine{{{ctor, {}, {}}, {add, {0, -2}, {0, -1}}, {size, {0}, {0}}}};
};

TEST(RunDeadline, NoneUntilSetAndPassedOnceItComes) {
  DeadlineReset reset;
  EXPECT_FALSE(run_deadline_passed());
  EXPECT_GT(seconds_before_run_deadline(), 1e9);
  EXPECT_EQ(run_deadline_after(0, 2), RunClock::time_point{});  // no limit, no deadline
  set_run_deadline(in_seconds(60));
  EXPECT_FALSE(run_deadline_passed());
  EXPECT_NEAR(seconds_before_run_deadline(), 60, 1);
  set_run_deadline(in_seconds(-1));
  EXPECT_TRUE(run_deadline_passed());
  EXPECT_EQ(seconds_before_run_deadline(), 0);
}

TEST(RunDeadline, LimitPlusOneCallTimeoutAndTwoSecondsLessTheReports) {
  RunClock::time_point start = RunClock::now();
  double span = std::chrono::duration<double>(run_deadline_after(5, 2, start) - start).count();
  EXPECT_NEAR(span, 5 + 2 + 1.5, 1e-6);
}

TEST(RunDeadline, TestCasesPastItComeBackStoppedWithoutRunning) {
  DeadlineReset reset;
  HangingList h;
  RunnerOptions ro;
  ro.call_timeout_seconds = 30;  // only the deadline can end the hang this soon
  TestRunner runner(h.s.api, h.terminals, ro);
  set_run_deadline(in_seconds(0.5));
  auto start = RunClock::now();
  std::vector<TestOutcome> out = runner.run({h.fine, h.hang, h.fine});
  EXPECT_LT(seconds_since(start), 5.0);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(out[0].feasible);  // ran before the deadline
  EXPECT_FALSE(out[0].stopped);
  for (size_t i : {1, 2}) {
    EXPECT_TRUE(out[i].stopped) << i;  // cut, and never run
    EXPECT_FALSE(out[i].feasible) << i;
    EXPECT_EQ(out[i].outcome, Outcome::Normal) << i;  // no finding
  }
  out = runner.run({h.fine});  // after it: nothing starts
  EXPECT_TRUE(out[0].stopped);
}

TEST(RunDeadline, ARunnersOwnDeadlineStopsItAlone) {
  HangingList h;
  RunnerOptions ro;
  ro.call_timeout_seconds = 30;
  TestRunner runner(h.s.api, h.terminals, ro), other(h.s.api, h.terminals, ro);
  runner.set_deadline(in_seconds(0.5));
  std::vector<TestOutcome> out = runner.run({h.hang});
  EXPECT_TRUE(out[0].stopped);
  out = other.run({h.fine});
  EXPECT_TRUE(out[0].feasible);
  EXPECT_FALSE(out[0].stopped);
}

TEST(RunDeadline, HangsReplayedApartWaitTheirTimeoutSideBySide) {
  HangingList h;
  RunnerOptions ro;
  ro.call_timeout_seconds = 1;
  auto start = RunClock::now();
  std::vector<TestOutcome> out = TestRunner::run_each_apart(h.s.api, h.terminals, ro, {h.hang, h.fine, h.hang, h.hang}, 4);
  // One after the other, three hangs would take three timeouts and their workers' starts.
  EXPECT_LT(seconds_since(start), 2.9);
  ASSERT_EQ(out.size(), 4u);
  for (size_t i : {0, 2, 3}) {
    EXPECT_EQ(out[i].outcome, Outcome::Timeout) << i;
    EXPECT_EQ(out[i].failed_at, 4u) << i;  // in the last add()
  }
  EXPECT_TRUE(out[1].feasible);
  EXPECT_EQ(out[1].outcome, Outcome::Normal);
}

}  // namespace
}  // namespace objgen
