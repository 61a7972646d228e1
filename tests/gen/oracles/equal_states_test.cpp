// States grouped under the class's operator==, on a span of integers kept as closed [lo, hi] or
// half-open [lo, hi) bounds: at int range 0..n-1 it has 1 + n^2 canonical forms (the empty
// default, n(n+1)/2 closed, n(n-1)/2 half-open) and 1 + n(n+1)/2 sets, since [l, h) is [l, h-1].
#include <gtest/gtest.h>

#include <csignal>
#include <stdexcept>

#include "gen/exhaustive/exhaustive.hpp"
#include "gen/oracles/equal_states.hpp"
#include "objgen/objgen.hpp"
#include "run_example.hpp"
#include "gen/oracles/spans.hpp"

namespace objgen {
namespace {

using spans::Equality;

struct Grouped {
  size_t forms;
  oracles::EqualStates groups;
};

template <Equality E>
Grouped group_spans(uint32_t n, uint64_t max_comparisons = 50'000'000) {
  using S = spans::Span<E>;
  Api api;
  api.add_class<S>().template constructor<>().method("set_closed", &S::set_closed).method("set_half_open", &S::set_half_open);
  exhaustive::ExhaustiveOptions o = testing::whole_api_options(api, class_id<S>(), n, 1, true);
  exhaustive::ExhaustiveResult r = exhaustive::ExhaustiveGenerator(api, o).run();
  oracles::EqualStatesOptions eo;
  eo.max_comparisons = max_comparisons;
  return {r.store.states_of(o.target).size(), oracles::group_equal_states(api, exhaustive::found_states(o, r), eo)};
}

TEST(EqualStates, FormsOfOneSetAreOneState) {
  for (uint32_t n : {3u, 4u}) {
    Grouped g = group_spans<Equality::Sets>(n);
    EXPECT_EQ(g.forms, 1 + n * n);
    ASSERT_TRUE(g.groups.grouped) << g.groups.why_not;
    EXPECT_EQ(g.groups.representatives.size(), 1 + n * (n + 1) / 2);
    EXPECT_EQ(g.groups.group_of.size(), g.forms);
    EXPECT_FALSE(g.groups.by_hash);
  }
}

TEST(EqualStates, WithStdHashOnlyABucketIsCompared) {
  Grouped hashed = group_spans<Equality::SetsHashed>(4);
  Grouped plain = group_spans<Equality::Sets>(4);
  ASSERT_TRUE(hashed.groups.grouped) << hashed.groups.why_not;
  EXPECT_TRUE(hashed.groups.by_hash);
  EXPECT_EQ(hashed.groups.representatives.size(), 11u);
  EXPECT_EQ(hashed.groups.group_of, plain.groups.group_of);
  EXPECT_LT(hashed.groups.comparisons * 4, plain.groups.comparisons);
}

// A subset test is no equivalence: nothing is grouped by it, and the reason names the pair.
TEST(EqualStates, AnEqualityThatHoldsOneWayGroupsNothing) {
  Grouped g = group_spans<Equality::OneWay>(4);
  EXPECT_FALSE(g.groups.grouped);
  EXPECT_NE(g.groups.why_not.find("operator== is not symmetric: it held one way only between state "), std::string::npos)
      << g.groups.why_not;
  EXPECT_TRUE(g.groups.representatives.empty());
}

TEST(EqualStates, AnEqualityThatCrashesLeavesTheStatesAsFound) {
  Grouped g = group_spans<Equality::CrashesOnTwo>(3);
  EXPECT_FALSE(g.groups.grouped);
  EXPECT_NE(g.groups.why_not.find("died"), std::string::npos) << g.groups.why_not;
  EXPECT_NE(g.groups.why_not.find("SIGSEGV"), std::string::npos) << g.groups.why_not;
  EXPECT_TRUE(g.groups.representatives.empty());
}

TEST(EqualStates, PastItsComparisonsGroupingGivesUpAndSaysSo) {
  Grouped g = group_spans<Equality::Sets>(4, 10);
  EXPECT_FALSE(g.groups.grouped);
  EXPECT_NE(g.groups.why_not.find("more than 10 comparisons"), std::string::npos) << g.groups.why_not;
}

}  // namespace
}  // namespace objgen
