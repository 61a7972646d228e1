// The genetic builder search: singletons first, then per generation the fittest kept, single-point
// crossover and per-gene mutation, each chromosome's fitness evaluated once; the fittest set at
// the end is the answer.
#include "gen/builders/genetic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "objgen/objgen.hpp"

namespace genetic_test {
// Only a new lamp and switch_on() reach both values of `lit`; the others add nothing or cost more.
struct Lamp {
  bool lit = false;
  void switch_on() { lit = true; }
  void switch_off() { lit = false; }
  void set(int a, int b) { lit = a < b; }
  void noop() {}
};
}  // namespace genetic_test

OBJGEN_FIELDS(genetic_test::Lamp, lit)

namespace objgen::builders {
namespace {

using genetic_test::Lamp;

// Operations: 0 Lamp(), 1 switch_on, 2 switch_off, 3 set, 4 noop.
struct GeneticLamps {
  Api api;
  BuilderSearchOptions options;
  std::vector<uint32_t> all{0, 1, 2, 3, 4};
  explicit GeneticLamps(uint64_t seed) {
    api.add_class<Lamp>()
        .constructor<>()
        .method("switch_on", &Lamp::switch_on)
        .method("switch_off", &Lamp::switch_off)
        .method("set", &Lamp::set)
        .method("noop", &Lamp::noop);
    options.target = class_id<Lamp>();
    options.operations = all;
    options.isolate = false;
    options.workers = 1;
    options.fitness_calls = 200;
    options.population = 8;
    options.generations = 4;
    options.mutation_rate = 0.2;
    options.seed = seed;
  }
};

TEST(GeneticBuilders, NoCandidatesNoSearch) {
  GeneticLamps g(1);
  GeneticResult r = genetic_builders(g.api, g.options, {});
  EXPECT_TRUE(r.builders.empty());
  EXPECT_TRUE(r.history.empty());
  EXPECT_EQ(r.evaluations, 0u);
}

TEST(GeneticBuilders, WithoutGenerationsTheBestSingletonWins) {
  GeneticLamps g(1);
  g.options.generations = 0;
  GeneticResult r = genetic_builders(g.api, g.options, g.all);
  // Only the constructor builds anything on its own.
  EXPECT_EQ(r.builders, (std::vector<uint32_t>{0}));
  EXPECT_EQ(r.evaluations, 5u);
  EXPECT_TRUE(r.history.empty());
}

TEST(GeneticBuilders, FindsASetReachingEveryValueForAnySeed) {
  for (uint64_t seed : {1u, 2u, 3u}) {
    GeneticLamps g(seed);
    FitnessEvaluator whole_api(g.api, g.options, g.all);
    whole_api.evaluate({{1, 1, 1, 1, 1}});
    std::vector<GenerationRecord> seen;
    GeneticResult r = genetic_builders(g.api, g.options, g.all, [&](const GenerationRecord& rec) { seen.push_back(rec); });
    // The constructor and a way to light the lamp: every field value the whole API reaches.
    ASSERT_FALSE(r.builders.empty());
    EXPECT_EQ(r.builders[0], 0u) << "seed " << seed;
    EXPECT_TRUE(std::count(r.builders.begin(), r.builders.end(), 1u) || std::count(r.builders.begin(), r.builders.end(), 3u))
        << "seed " << seed;
    ASSERT_EQ(r.history.size(), 4u);
    ASSERT_EQ(seen.size(), 4u);
    EXPECT_EQ(r.history.back().best_field_extensions, whole_api.field_extensions({1, 1, 1, 1, 1})) << "seed " << seed;
    for (size_t i = 0; i < r.history.size(); ++i) {
      EXPECT_EQ(r.history[i].generation, static_cast<int>(i + 1));
      EXPECT_EQ(seen[i].best, r.history[i].best);
      if (i > 0) {  // the fittest are always kept
        EXPECT_GE(r.history[i].best_fitness, r.history[i - 1].best_fitness);
        EXPECT_GE(r.history[i].evaluations, r.history[i - 1].evaluations);
      }
    }
    EXPECT_EQ(r.builders, r.history.back().best);
    EXPECT_DOUBLE_EQ(r.fitness, r.history.back().best_fitness);
    EXPECT_EQ(r.evaluations, r.history.back().evaluations);
    EXPECT_TRUE(r.findings.empty());
  }
}

TEST(GeneticBuilders, EnoughGenerationsFindTheSmallestSuchSet) {
  GeneticLamps g(1);
  g.options.generations = 12;
  GeneticResult r = genetic_builders(g.api, g.options, g.all);
  EXPECT_EQ(r.builders, (std::vector<uint32_t>{0, 1}));  // fewer and cheaper than {0, 3} or {0, 1, 2}
}

TEST(GeneticBuilders, SameSeedSameSearch) {
  GeneticLamps a(9), b(9);
  GeneticResult x = genetic_builders(a.api, a.options, a.all), y = genetic_builders(b.api, b.options, b.all);
  EXPECT_EQ(x.builders, y.builders);
  EXPECT_DOUBLE_EQ(x.fitness, y.fitness);
  EXPECT_EQ(x.evaluations, y.evaluations);
  ASSERT_EQ(x.history.size(), y.history.size());
  for (size_t i = 0; i < x.history.size(); ++i) EXPECT_EQ(x.history[i].best, y.history[i].best);
}

TEST(GeneticBuilders, ReplicasKeepTheBestToo) {
  GeneticLamps g(5);
  g.options.replicas = 2;
  GeneticResult r = genetic_builders(g.api, g.options, g.all);
  EXPECT_EQ(r.builders, (std::vector<uint32_t>{0, 1}));
  for (size_t i = 1; i < r.history.size(); ++i) EXPECT_GE(r.history[i].best_fitness, r.history[i - 1].best_fitness);
}

}  // namespace
}  // namespace objgen::builders
