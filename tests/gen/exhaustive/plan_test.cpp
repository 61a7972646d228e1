// Planning an iteration of the exhaustive engine on NodeCachingList's builders: which candidate
// spaces it has (constructors every time, members only on new receivers), their segments in
// merge order (receivers in ranges, every operation per range) and the jobs that cut them.
#include <gtest/gtest.h>

#include <memory>
#include <type_traits>

#include "example_api.hpp"
#include "gen/exhaustive/exhaustive_impl.hpp"

namespace plan_test {

using namespace objgen;
using exhaustive::ExhaustiveGenerator;
using exhaustive::ExhaustiveOptions;
namespace detail = exhaustive::detail;

// ExhaustiveGenerator::Impl is private to the generator. Access is not checked in an explicit
// instantiation's arguments, so one may name it; the friend it defines hands the type out.
struct ImplKey {
  friend auto impl_type(ImplKey);
};
template <class T>
struct ImplExposer {
  friend auto impl_type(ImplKey) { return std::type_identity<T>{}; }
};
template struct ImplExposer<ExhaustiveGenerator::Impl>;
using Impl = decltype(impl_type(ImplKey{}))::type;

// The engine for ncl's builders (the constructor, addLast(int), removeIndex(int)) at scope 3:
// three ints, 0 to 2.
struct NclPlanner {
  objgen::testing::ExampleApi ex{"ncl"};
  uint32_t make = ex.op("NodeCachingList"), add_last = ex.op("addLast"), remove_index = ex.op("removeIndex");
  std::unique_ptr<Impl> impl;
  uint64_t next_fp = 1;

  explicit NclPlanner(size_t job_size = 16384) {
    ExhaustiveOptions o;
    o.scope = 3;
    o.domain = LiteralDomain::defaults(3);
    o.target = ex.target;
    o.operations = {make, add_last, remove_index};
    o.isolate = false;
    o.job_size = job_size;
    impl = std::make_unique<Impl>(ex.api, o);
  }
  // `n` lists found in `iteration` (each made by the constructor: planning reads only their count).
  void add_states(size_t n, uint16_t iteration) {
    StateStore& store = impl->result.store;
    for (size_t i = 0; i < n; ++i) {
      uint32_t seq = store.add_sequence(make, {});
      store.add_state(Fingerprint{next_fp, next_fp * 31}, seq, kResultSlot, ex.target, iteration);
      ++next_fp;
    }
    store.seal();
  }
  const detail::IterationPlan& plan(int iteration) {
    impl->plan.iteration = iteration;
    EXPECT_FALSE(impl->plan_iteration([] { return 0.0; }).has_value());
    return impl->plan;
  }
};

std::vector<std::pair<uint64_t, uint64_t>> jobs_of(const detail::IterationPlan& p) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (const detail::Job& j : p.jobs) out.emplace_back(j.lo, j.hi);
  return out;
}

TEST(Plan, TheFirstIterationRunsOnlyTheConstructor) {
  NclPlanner n;
  const auto& p = n.plan(1);
  ASSERT_EQ(p.spaces.size(), 1u);  // the members have no receiver yet
  EXPECT_EQ(p.spaces[0].op, n.make);
  EXPECT_TRUE(p.spaces[0].literal_only);
  EXPECT_EQ(p.spaces[0].total, 1u);
  EXPECT_EQ(p.candidate_count(), 1u);
  EXPECT_EQ(jobs_of(p), (std::vector<std::pair<uint64_t, uint64_t>>{{0, 1}}));
  EXPECT_EQ(p.frontier_size(), 0u);
}

TEST(Plan, MembersRunOnTheLastIterationsStatesInSegmentsLedByTheirReceivers) {
  NclPlanner n;
  n.add_states(1, 1);
  const auto& p = n.plan(2);
  ASSERT_EQ(p.spaces.size(), 3u);
  const detail::OpSpace& add = p.spaces[1];
  EXPECT_EQ(add.op, n.add_last);
  ASSERT_EQ(add.slots.size(), 2u);
  EXPECT_TRUE(add.slots[0].object);
  EXPECT_EQ(add.slots[0].count, 1u);
  EXPECT_EQ(add.slots[1].count, 3u);  // the ints 0..2
  EXPECT_EQ(add.total, 3u);
  EXPECT_FALSE(add.semi_naive);
  // The constructor first, then every member on the one range of receivers.
  ASSERT_EQ(p.segments.size(), 3u);
  EXPECT_EQ(p.segments[0].space, 0u);
  EXPECT_EQ(p.segments[1].space, 1u);
  EXPECT_EQ(p.segments[1].begin, 1u);
  EXPECT_EQ(p.segments[2].space, 2u);
  EXPECT_EQ(p.segments[2].begin, 4u);
  EXPECT_FALSE(p.segments[1].last_on_receivers);
  EXPECT_TRUE(p.segments[2].last_on_receivers);
  EXPECT_EQ(p.candidate_count(), 7u);
  EXPECT_EQ(p.receiver_range, 1u);
  EXPECT_EQ(p.frontier_size(), 1u);
  // Candidate 2 of addLast: the receiver, then the literal 2.
  ArgRef refs[2];
  p.decode(add, 2, refs);
  EXPECT_EQ(refs[0].bits, ArgRef::state(0).bits);
  EXPECT_EQ(refs[1].bits, ArgRef::literal(2).bits);
}

TEST(Plan, JobsEndWhereAGroupEndsWhenTheyCan) {
  NclPlanner n(2);  // at most two candidates a job
  n.add_states(1, 1);
  const auto& p = n.plan(2);
  // The constructor's single candidate is a job of its own rather than sharing one with addLast.
  EXPECT_EQ(jobs_of(p), (std::vector<std::pair<uint64_t, uint64_t>>{{0, 1}, {1, 3}, {3, 5}, {5, 7}}));
}

TEST(Plan, OnlyTheFrontierIsReceiverOfTheNextIteration) {
  NclPlanner n;
  n.add_states(1, 1);
  n.add_states(2, 2);
  const auto& p = n.plan(3);
  EXPECT_EQ(p.frontier_first_state, 1u);
  ASSERT_EQ(p.spaces.size(), 3u);
  EXPECT_EQ(p.spaces[1].slots[0].base, 1u);  // the state of iteration 1 had its calls
  EXPECT_EQ(p.spaces[1].slots[0].count, 2u);
  EXPECT_EQ(p.spaces[1].total, 6u);
  EXPECT_EQ(p.candidate_count(), 1u + 6u + 6u);
  ArgRef refs[2];
  p.decode(p.spaces[1], 3, refs);  // the second receiver's first int
  EXPECT_EQ(refs[0].bits, ArgRef::state(2).bits);
  EXPECT_EQ(refs[1].bits, ArgRef::literal(0).bits);
}

TEST(Plan, AnIterationThatFoundNothingLeavesOnlyTheConstructor) {
  NclPlanner n;
  n.add_states(2, 1);
  const auto& p = n.plan(3);  // nothing was found in iteration 2
  ASSERT_EQ(p.spaces.size(), 1u);
  EXPECT_TRUE(p.spaces[0].literal_only);
  EXPECT_EQ(p.frontier_size(), 0u);
}

TEST(Plan, ManyReceiversAreSplitIntoRangesWithEveryMemberPerRange) {
  NclPlanner n;
  n.add_states(3000, 1);
  const auto& p = n.plan(2);
  // 6 candidates per receiver (two members, three ints each): ranges of 16384 / 6 receivers.
  const uint64_t range = 16384 / 6;
  EXPECT_EQ(p.receiver_range, range);
  ASSERT_EQ(p.segments.size(), 5u);
  EXPECT_EQ(p.segments[1].space, 1u);
  EXPECT_EQ(p.segments[1].hi, range * 3);
  EXPECT_EQ(p.segments[2].space, 2u);
  EXPECT_TRUE(p.segments[2].last_on_receivers);
  EXPECT_EQ(p.segments[3].space, 1u);  // the next range: addLast again
  EXPECT_EQ(p.segments[3].lo, range * 3);
  EXPECT_EQ(p.segments[3].hi, 3000u * 3);
  EXPECT_EQ(p.segments[4].space, 2u);
  EXPECT_TRUE(p.segments[4].last_on_receivers);
  // Segments and jobs cover every candidate once, in order.
  uint64_t pos = 0;
  for (const detail::Segment& s : p.segments) {
    EXPECT_EQ(s.begin, pos);
    pos += s.hi - s.lo;
  }
  EXPECT_EQ(pos, 1u + 6u * 3000u);
  uint64_t covered = 0;
  for (const detail::Job& j : p.jobs) {
    EXPECT_EQ(j.lo, covered);
    EXPECT_GT(j.hi, j.lo);
    covered = j.hi;
  }
  EXPECT_EQ(covered, pos);
  EXPECT_EQ(&p.segment_at(range * 3 + 1), &p.segments[2]);
}

}  // namespace plan_test
