// The supervised worker that runs test cases (exec/test_runner): outcomes, the purity probe,
// literals added while it runs, and runners in threads of their own.
#include "exec/test_runner.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "example_api.hpp"
#include "hostile_inputs/escape.hpp"
#include "objgen/objgen.hpp"

namespace test_runner_test {
// Writes over the worker's shared mappings (objgen's words and batch among them) and returns.
class Scribbler {
 public:
  void add(int v) { n_ += v; }
  void pattern() { escape::fill_shared_mappings(0x5a); }
  void zeros() { escape::fill_shared_mappings(0); }
  int n_ = 0;
};
}  // namespace test_runner_test

OBJGEN_FIELDS(test_runner_test::Scribbler, n_)

namespace objgen {
namespace {

TEST(TestRunner, RunsStackSequencesAndTellsFeasibleFromNot) {
  testing::ExampleApi s("stack");
  LiteralDomain terminals = testing::ints_minus_one_to_one();
  TestRunner runner(s.api, terminals, RunnerOptions{});
  uint32_t ctor = s.op("Stack"), push = s.op("push"), pop = s.op("pop"), peek = s.op("peek");
  auto lit = [](int index) { return -1 - static_cast<int64_t>(index); };
  FlatSequence ok{{{ctor, {}, {}}, {push, {0, lit(2)}, {0, -1}}, {peek, {0}, {0}}}};  // push(1), peek()
  FlatSequence throws{{{ctor, {}, {}}, {peek, {0}, {0}}}};                            // peek() on empty
  FlatSequence broken{{{ctor, {}, {}}, {pop, {0}, {0}}, {peek, {0}, {0}}}};           // pop() on empty first
  std::vector<TestOutcome> out = runner.run({ok, throws, broken});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(out[0].feasible);
  EXPECT_EQ(out[0].outcome, Outcome::Normal);
  ASSERT_TRUE(out[0].has_result);
  EXPECT_EQ(out[0].result.i, 1);
  EXPECT_TRUE(out[1].feasible);  // the MUT ran and threw: its throw path is covered
  EXPECT_EQ(out[1].outcome, Outcome::Misuse);
  EXPECT_FALSE(out[2].feasible);  // broke off before the MUT
  EXPECT_EQ(out[2].failed_at, 2u);
  EXPECT_EQ(runner.evaluations(), 3u);
  EXPECT_EQ(runner.worker_restarts(), 0u);
}

TEST(TestRunner, PurityProbeSeesWhichCallsChangeTheReceiver) {
  testing::ExampleApi s("stack");
  LiteralDomain terminals = testing::ints_minus_one_to_one();
  RunnerOptions ro;
  ro.probe = true;
  TestRunner runner(s.api, terminals, ro);
  uint32_t ctor = s.op("Stack"), push = s.op("push"), size = s.op("size");
  FlatSequence pushing{{{ctor, {}, {}}, {push, {0, -2}, {0, -1}}}};
  FlatSequence sizing{{{ctor, {}, {}}, {push, {0, -2}, {0, -1}}, {size, {0}, {0}}}};
  std::vector<TestOutcome> out = runner.run({pushing, sizing});
  EXPECT_EQ(out[0].probed_mask, 1u);
  EXPECT_EQ(out[0].changed_mask, 1u);  // push changed the stack
  EXPECT_EQ(out[1].probed_mask, 1u);
  EXPECT_EQ(out[1].changed_mask, 0u);  // size() did not
  // Field by field: push wrote the elements and the count, not the growth increment.
  ASSERT_EQ(out[0].receiver_fields.size(), 3u);
  EXPECT_EQ(out[0].receiver_fields[0], field_name_hash("element_data"));
  EXPECT_EQ(out[0].receiver_fields[1], field_name_hash("element_count"));
  EXPECT_EQ(out[0].receiver_fields[2], field_name_hash("capacity_increment"));
  EXPECT_EQ(out[0].receiver_fields_changed, 0b011u);
  EXPECT_EQ(out[1].receiver_fields_changed, 0u);
}

// A local search's values: scratch literals for one batch, committed ones in the domain for good,
// seen by the running worker and by the next one forked.
TEST(TestRunner, ScratchLiteralsAndCommittedValuesReachTheWorker) {
  testing::ExampleApi s("stack");
  LiteralDomain terminals = testing::ints_minus_one_to_one();
  TestRunner runner(s.api, terminals, RunnerOptions{});
  uint32_t ctor = s.op("Stack"), push = s.op("push"), peek = s.op("peek");
  auto pushing = [&](int64_t literal) { return FlatSequence{{{ctor, {}, {}}, {push, {0, -1 - literal}, {0, -1}}, {peek, {0}, {0}}}}; };
  Literal big{LiteralKind::Int, 17637, 0, {}}, other{LiteralKind::Int, -52331, 0, {}};
  std::vector<TestOutcome> out = runner.run({pushing(kFirstScratchLiteral), pushing(kFirstScratchLiteral + 1), pushing(2)}, {big, other});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].result.i, 17637);
  EXPECT_EQ(out[1].result.i, -52331);
  EXPECT_EQ(out[2].result.i, 1);
  EXPECT_THROW(runner.commit(big), std::logic_error);  // growth not allowed yet
  EXPECT_EQ(runner.growth_room(), 0u);
  runner.allow_growth(terminals);
  EXPECT_EQ(runner.growth_room(), kGrownLiterals);
  EXPECT_EQ(runner.commit(Literal{LiteralKind::Int, 1, 0, {}}), 2);  // already there
  size_t before = terminals.of(LiteralKind::Int).size();
  int64_t index = runner.commit(big);
  EXPECT_EQ(index, static_cast<int64_t>(before));
  EXPECT_EQ(terminals.of(LiteralKind::Int).back().i, 17637);
  EXPECT_EQ(runner.commit(big), index);  // once
  EXPECT_EQ(runner.growth_room(), kGrownLiterals - 1);
  out = runner.run({pushing(index)});  // the worker running since the first batch
  EXPECT_EQ(out[0].result.i, 17637);
  runner.restart_worker();
  out = runner.run({pushing(index), pushing(kFirstScratchLiteral)});  // a fresh fork; no scratch this time
  EXPECT_EQ(out[0].result.i, 17637);
  EXPECT_FALSE(out[1].feasible);  // an index nothing stands for: not run
}

// Runners in threads of their own (params --threads): each worker is forked while the other
// thread runs, and neither is taken for an orphan of the other, nor for code that started a thread.
TEST(TestRunner, RunnersInTwoThreadsKeepTheirWorkers) {
  testing::ExampleApi s("stack");
  LiteralDomain terminals = testing::ints_minus_one_to_one();
  uint32_t ctor = s.op("Stack"), push = s.op("push"), peek = s.op("peek"), pop = s.op("pop");
  FlatSequence ok{{{ctor, {}, {}}, {push, {0, -3}, {0, -1}}, {peek, {0}, {0}}}};  // push(1), peek()
  FlatSequence throws{{{ctor, {}, {}}, {pop, {0}, {0}}}};                         // pop() on empty
  auto work = [&](uint64_t& restarts, int& normal) {
    TestRunner runner(s.api, terminals, RunnerOptions{});
    for (int round = 0; round < 40; ++round) {
      for (const TestOutcome& o : runner.run({ok, throws})) normal += o.outcome == Outcome::Normal;
      if (round % 8 == 7) runner.restart_worker();  // new workers forked while the other thread runs
    }
    restarts = runner.worker_restarts();
  };
  uint64_t restarts[2] = {};
  int normal[2] = {};
  std::thread other(work, std::ref(restarts[1]), std::ref(normal[1]));
  work(restarts[0], normal[0]);
  other.join();
  for (int t = 0; t < 2; ++t) {
    EXPECT_EQ(normal[t], 40) << "thread " << t;
    EXPECT_EQ(restarts[t], 0u) << "thread " << t << ": a worker died";
  }
}

// A call that writes over the words and batch the worker shares with objgen: its test case ends
// with that finding at that call (objgen's own count and copy of the batch decide), and the
// batch's other test cases run as they would have.
TEST(TestRunner, ACallWritingOverTheSharedWordsIsItsFinding) {
  Api api;
  api.add_class<test_runner_test::Scribbler>()
      .constructor<>()
      .method("add", &test_runner_test::Scribbler::add)
      .method("pattern", &test_runner_test::Scribbler::pattern)
      .method("zeros", &test_runner_test::Scribbler::zeros);
  LiteralDomain terminals = testing::ints_minus_one_to_one();
  auto op = [&](const char* name) {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    return UINT32_MAX;
  };
  uint32_t ctor = op("Scribbler"), add = op("add");
  FlatSequence fine{{{ctor, {}, {}}, {add, {0, -3}, {0, -1}}}};
  for (const char* member : {"pattern", "zeros"}) {
    FlatSequence scribbling{{{ctor, {}, {}}, {add, {0, -2}, {0, -1}}, {op(member), {0}, {0}}, {add, {0, -3}, {0, -1}}}};
    TestRunner runner(api, terminals, RunnerOptions{});
    std::vector<TestOutcome> out = runner.run({fine, scribbling, fine, fine});
    ASSERT_EQ(out.size(), 4u) << member;
    EXPECT_TRUE(out[0].feasible) << member;
    EXPECT_FALSE(out[1].feasible) << member;
    EXPECT_EQ(out[1].failed_at, 3u) << member;  // the scribbling call, not the one after it
    EXPECT_EQ(out[1].outcome, Outcome::Crash) << member;
    EXPECT_NE(out[1].message.find("the call wrote into objgen's shared memory"), std::string::npos) << member << ": " << out[1].message;
    for (size_t i : {2, 3}) {
      EXPECT_TRUE(out[i].feasible) << member << " " << i;
      EXPECT_EQ(out[i].outcome, Outcome::Normal) << member << " " << i;
    }
  }
}

}  // namespace
}  // namespace objgen
