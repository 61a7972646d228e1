// Hill climbing for builders: the constructor that alone builds the most structures first, then
// the operation whose addition most increases the structures exhaustive generation finds at the
// climbing scope, until no addition increases them; ties go to cheaper parameters, then API order.
#include "gen/builders/hill_climbing.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "objgen/objgen.hpp"

namespace hill_climbing_test {
// At scope 3 (ints 0..2): Pair() builds (0,0), Pair(x) the three (x,0); set_ab(x, y) and set_b
// then reach all nine pairs (set_b with one parameter fewer), both(x) only the diagonal.
struct Pair {
  int a = 0;
  int b = 0;
  Pair() = default;
  explicit Pair(int x) : a(x) {}
  void set_ab(int x, int y) {
    a = x;
    b = y;
  }
  void set_a(int x) { a = x; }
  void set_b(int x) { b = x; }
  void both(int x) { a = b = x; }
  void zero() { a = b = 0; }
};
}  // namespace hill_climbing_test

OBJGEN_FIELDS(hill_climbing_test::Pair, a, b)

namespace objgen::builders {
namespace {

using hill_climbing_test::Pair;

// Operations: 0 Pair(), 1 Pair(int), 2 set_ab, 3 set_a, 4 set_b, 5 both, 6 zero.
struct HillClimbingPairs {
  Api api;
  BuilderSearchOptions options;
  std::vector<uint32_t> all{0, 1, 2, 3, 4, 5, 6};
  HillClimbingPairs() {
    api.add_class<Pair>()
        .constructor<>()
        .constructor<int>()
        .method("set_ab", &Pair::set_ab)
        .method("set_a", &Pair::set_a)
        .method("set_b", &Pair::set_b)
        .method("both", &Pair::both)
        .method("zero", &Pair::zero);
    options.target = class_id<Pair>();
    options.operations = all;
    options.climb_scope = 3;
    options.isolate = false;
    options.workers = 1;
  }
};

TEST(ClimbBuilders, ClimbsFromTheBestConstructorUntilNothingAddsStructures) {
  HillClimbingPairs p;
  size_t tries = 0;
  std::vector<size_t> steps;
  ClimbProgress progress;
  progress.on_try = [&](uint32_t, size_t, size_t) { ++tries; };
  progress.on_step = [&](const ClimbStep& s) { steps.push_back(s.structures); };
  ClimbResult r = climb_builders(p.api, p.options, p.all, progress);
  // set_ab and set_b both reach the nine pairs: the one with fewer parameters is taken.
  EXPECT_EQ(r.builders, (std::vector<uint32_t>{1, 4}));
  EXPECT_EQ(r.structures, 9u);
  ASSERT_EQ(r.history.size(), 2u);
  EXPECT_EQ(r.history[0].builders, (std::vector<uint32_t>{1}));
  EXPECT_EQ(r.history[0].structures, 3u);
  EXPECT_EQ(r.history[0].runs, 2u);  // the two constructors
  EXPECT_EQ(r.history[1].builders, (std::vector<uint32_t>{1, 4}));
  EXPECT_EQ(r.history[1].structures, 9u);
  EXPECT_EQ(r.history[1].runs, 8u);  // and the six other operations
  EXPECT_EQ(r.runs, 13u);            // and the five left, none of which adds a structure
  EXPECT_EQ(tries, r.runs);
  EXPECT_EQ(steps, (std::vector<size_t>{3, 9}));
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.interrupted);
  EXPECT_TRUE(r.findings.empty());
}

TEST(ClimbBuilders, OnlyTheGivenCandidatesAreTried) {
  HillClimbingPairs p;
  ClimbResult r = climb_builders(p.api, p.options, {0, 5, 6});
  // Pair() alone, then both() adds the diagonal; zero() adds nothing.
  EXPECT_EQ(r.builders, (std::vector<uint32_t>{0, 5}));
  EXPECT_EQ(r.structures, 3u);
  EXPECT_EQ(r.runs, 4u);  // Pair(); both() and zero(); zero() again
}

TEST(ClimbBuilders, AResumedClimbStartsFromItsBuildersAndBreaksTiesByCostThenOrder) {
  HillClimbingPairs p;
  // From Pair() and both() (the diagonal): set_ab, set_a and set_b each reach all nine pairs;
  // set_a costs less than set_ab and comes before set_b.
  ClimbResult r = climb_builders(p.api, p.options, p.all, {}, {0, 5});
  EXPECT_EQ(r.builders, (std::vector<uint32_t>{0, 5, 3}));
  EXPECT_EQ(r.structures, 9u);
  ASSERT_EQ(r.history.size(), 1u);
  EXPECT_EQ(r.history[0].structures, 9u);
  EXPECT_EQ(r.runs, 1u + 5u + 4u);  // the start, five candidates, then the four left
}

}  // namespace
}  // namespace objgen::builders
