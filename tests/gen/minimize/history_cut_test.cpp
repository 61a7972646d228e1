// Cutting a fault down from a worker's history: a crash that only the third poke() of a process
// shows is cut from the calls its worker ran before it to one test case of three poke() calls
// (1-minimal, no add()); a history that does not show the fault leaves it unreproduced.
#include "gen/minimize/history_cut.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>

#include "objgen/objgen.hpp"

namespace history_cut_test {
// poke() crashes on every third call in a process, whatever the object; add() never does.
class Counter {
 public:
  void add(int v) { n_ += v; }
  void poke() {
    static int calls = 0;
    if (++calls % 3 == 0) std::raise(SIGSEGV);
  }
  int n_ = 0;  // public: OBJGEN_FIELDS reads it
};
}  // namespace history_cut_test

OBJGEN_FIELDS(history_cut_test::Counter, n_)

namespace objgen::minimize {
namespace {

struct CutFixture {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);
  uint32_t make = 0, add = 0, poke = 0;
  CutFixture() {
    api.add_class<history_cut_test::Counter>()
        .constructor<>()
        .method("add", &history_cut_test::Counter::add)
        .method("poke", &history_cut_test::Counter::poke);
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const std::string& name = api.operations()[i].name;
      if (name == "add") add = i;
      if (name == "poke") poke = i;
      if (name == "Counter") make = i;
    }
  }
  // A Counter, then one call on it (add's argument: literal index 1).
  FlatSequence one(uint32_t op) const {
    FlatSequence s;
    s.calls.push_back(FlatCall{make, {}, {0}});
    s.calls.push_back(op == add ? FlatCall{op, {0, -2}, {0, -1, -1}} : FlatCall{op, {0}, {0, -1}});
    s.result_value = 0;
    return s;
  }
  Minimized cut(const std::vector<uint32_t>& before, std::chrono::steady_clock::time_point deadline = {}) const {
    SequenceFinding f{Outcome::Crash, poke, "SIGSEGV (Segmentation fault)", one(poke), domain};
    for (uint32_t op : before) f.history.push_back(one(op));
    MinimizeOptions options;
    options.deadline = deadline;
    FindingOracle oracle(api, domain, options);
    return minimize_with_history(api, f, oracle, options);
  }
  size_t count(const FlatSequence& s, uint32_t op) const {
    return static_cast<size_t>(std::count_if(s.calls.begin(), s.calls.end(), [&](const FlatCall& c) { return c.op == op; }));
  }
};

TEST(HistoryCut, AFaultOfTheProcessIsCutDownToTheCallsItNeeds) {
  CutFixture f;
  Minimized m = f.cut({f.add, f.poke, f.add, f.add, f.poke, f.add});
  ASSERT_TRUE(m.reproduced);
  EXPECT_TRUE(m.one_minimal);
  EXPECT_EQ(m.history_calls, 12u);
  EXPECT_GT(m.history_kept, 0u);
  EXPECT_EQ(f.count(m.sequence, f.poke), 3u);  // the third poke() of a fresh process crashes
  EXPECT_EQ(f.count(m.sequence, f.add), 0u);
  EXPECT_EQ(m.sequence.calls.back().op, f.poke);
}

// The command's budget (evolve --budget) is spent: the whole history is replayed once and kept,
// no candidate runs to cut it, and the result does not claim to be 1-minimal.
TEST(HistoryCut, PastTheDeadlineNothingIsCut) {
  CutFixture f;
  Minimized m = f.cut({f.add, f.poke, f.add, f.add, f.poke, f.add}, std::chrono::steady_clock::now());
  EXPECT_FALSE(m.one_minimal);
  EXPECT_EQ(m.history_kept, m.history_calls);
  EXPECT_LE(m.runs, 2u);
}

TEST(HistoryCut, AHistoryThatDoesNotShowItLeavesItUnreproduced) {
  CutFixture f;
  Minimized m = f.cut({f.add, f.add, f.poke});  // two poke() calls in all: none crashes
  EXPECT_FALSE(m.reproduced);
  EXPECT_EQ(m.history_calls, 6u);
  EXPECT_EQ(m.history_kept, 0u);
}

TEST(HistoryCut, NoHistoryNoReplay) {
  CutFixture f;
  Minimized m = f.cut({});
  EXPECT_FALSE(m.reproduced);
  EXPECT_EQ(m.runs, 0u);
}

}  // namespace
}  // namespace objgen::minimize
