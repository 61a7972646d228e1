// The random loop in this process: a seed decides the run; a call an earlier attempt died at is
// skipped and described with its sequence and with what the run called before it (its history,
// oldest first, within RandomOptions::history_calls), so a fault of the process can be cut down.
#include "gen/random/random_generator.hpp"

#include <gtest/gtest.h>

#include "objgen/objgen.hpp"

namespace random_generator_test {
class Bag {
 public:
  void add(int v) { n_ += v; }
  void clear() { n_ = 0; }
  int n_ = 0;  // public: OBJGEN_FIELDS reads it
};
}  // namespace random_generator_test

OBJGEN_FIELDS(random_generator_test::Bag, n_)

namespace objgen::random {
namespace {

struct Fixture {
  Api api;
  RandomOptions options;
  Fixture() {
    api.add_class<random_generator_test::Bag>()
        .constructor<>()
        .method("add", &random_generator_test::Bag::add)
        .method("clear", &random_generator_test::Bag::clear);
    for (uint32_t i = 0; i < api.operations().size(); ++i) options.operations.push_back(i);
    options.target = api.operations()[0].result.cls;
    options.seed = 7;
    options.max_calls = 200;
  }
};

TEST(RandomGenerator, ASeedDecidesTheRun) {
  Fixture f;
  RandomResult a = run_random(f.api, f.options), b = run_random(f.api, f.options);
  EXPECT_EQ(a.calls, 200u);
  EXPECT_EQ(a.states, b.states);
  for (size_t op = 0; op < a.effects.size(); ++op) EXPECT_EQ(a.effects[op].normal, b.effects[op].normal) << op;
}

TEST(RandomGenerator, ASkippedCallIsDescribedWithWhatRanBeforeIt) {
  Fixture f;
  f.options.skip_calls = {120};
  RandomResult r = run_random(f.api, f.options);
  ASSERT_EQ(r.skipped.size(), 1u);
  const SkippedCall& s = r.skipped[0];
  EXPECT_EQ(s.call, 120u);
  EXPECT_FALSE(s.ran);
  ASSERT_FALSE(s.sequence.calls.empty());
  EXPECT_EQ(s.sequence.calls.back().op, s.op);
  // Every call before it ran (no contract checks here), each a sequence ending in that call.
  ASSERT_EQ(s.history.size(), 120u);
  size_t calls = 0;
  for (const FlatSequence& h : s.history) {
    ASSERT_FALSE(h.calls.empty());
    calls += h.calls.size();
  }
  EXPECT_LE(calls, f.options.history_calls);
  EXPECT_EQ(s.history.front().calls.size(), 1u);  // the first call of a run is a constructor's
}

TEST(RandomGenerator, HistoryStaysWithinItsBound) {
  Fixture f;
  f.options.skip_calls = {150};
  f.options.history_calls = 20;
  RandomResult r = run_random(f.api, f.options);
  ASSERT_EQ(r.skipped.size(), 1u);
  size_t calls = 0;
  for (const FlatSequence& h : r.skipped[0].history) calls += h.calls.size();
  EXPECT_GT(calls, 0u);
  EXPECT_LE(calls, 20u);
  f.options.history_calls = 0;
  EXPECT_TRUE(run_random(f.api, f.options).skipped[0].history.empty());
}

}  // namespace
}  // namespace objgen::random
