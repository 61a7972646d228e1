// Random runs on worker processes (gen/random/random_batch): a batch with time shares ends by
// objgen's clock whatever the calls do, and a run whose worker hung past its time still describes
// the hang with its sequence.
#include "gen/random/random_batch.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "example_api.hpp"

namespace objgen::random {
namespace {

// buggy_hang's add() never returns when its value already occurs in a list of two.
std::vector<RandomOptions> hanging_runs(const testing::ExampleApi& s, size_t count, double seconds_each) {
  std::vector<RandomOptions> runs(count);
  for (size_t i = 0; i < count; ++i) {
    RandomOptions& o = runs[i];
    for (uint32_t op = 0; op < s.api.operations().size(); ++op) o.operations.push_back(op);
    o.target = s.target;
    o.domain = LiteralDomain::defaults(2);
    o.seed = i + 1;
    o.max_calls = 0;
    o.time_limit_seconds = seconds_each;
  }
  return runs;
}

TEST(RandomBatch, TimeSharesHoldWhenCallsHang) {
  testing::ExampleApi s("buggy_hang");
  RandomBatchOptions bo;
  bo.workers = 2;
  bo.call_timeout_seconds = 1.0;
  auto start = std::chrono::steady_clock::now();
  std::vector<RandomResult> results = run_random_batch(s.api, hanging_runs(s, 4, 0.5), bo);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Two waves of 0.5 s, then at most a call's timeout and a second for a run still going; each
  // hang restarted its run, which used to measure its share again from the restart.
  EXPECT_LT(seconds, 0.5 * 2 + 1.0 + 1.0 + 1.0);
  size_t described = 0;
  for (const RandomResult& r : results)
    for (const SequenceFinding& f : r.findings)
      if (f.kind == Outcome::Timeout) {
        EXPECT_EQ(f.op, s.op("add"));
        if (!f.sequence.calls.empty()) {
          EXPECT_EQ(f.sequence.calls.back().op, f.op);
          ++described;
        }
      }
  EXPECT_GE(described, 1u);  // a run restarted past its time replays up to its hang and describes it
}

TEST(RandomBatch, RunsWithoutTimeAreUnchangedByTheClock) {
  testing::ExampleApi s("stack");
  std::vector<RandomOptions> runs(2);
  for (size_t i = 0; i < runs.size(); ++i) {
    for (uint32_t op = 0; op < s.api.operations().size(); ++op) runs[i].operations.push_back(op);
    runs[i].target = s.target;
    runs[i].seed = 3;
    runs[i].max_calls = 500;
  }
  RandomBatchOptions bo;
  bo.workers = 2;
  std::vector<RandomResult> results = run_random_batch(s.api, runs, bo);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].calls, 500u);
  EXPECT_EQ(results[0].calls, results[1].calls);
  EXPECT_EQ(results[0].states, results[1].states);  // the same seed, the same run
}

}  // namespace
}  // namespace objgen::random
