// The genetic builder search's fitness: a chromosome picks operations, random generation with
// only those counts field-extension values (and by default states) reached, plus a term in [0, 1]
// preferring fewer operations with fewer, simpler parameters; results are cached per chromosome.
#include "gen/builders/fitness.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace fitness_test {
// raise() and lower() reach both values of `up`; lower() alone from a new flag reaches nothing new.
struct Flag {
  bool up = false;
  void raise() { up = true; }
  void lower() { up = false; }
  void pair(int a, int b) { up = a < b; }
  void copy(const Flag& other) { up = other.up; }
  void set(int a) { up = a > 0; }
};
}  // namespace fitness_test

OBJGEN_FIELDS(fitness_test::Flag, up)

namespace objgen::builders {
namespace {

using fitness_test::Flag;

struct FitnessSubject {
  Api api;
  BuilderSearchOptions options;
  std::vector<uint32_t> genes;  // Flag(), raise, lower, pair, copy, set
  FitnessSubject() {
    api.add_class<Flag>()
        .constructor<>()
        .method("raise", &Flag::raise)
        .method("lower", &Flag::lower)
        .method("pair", &Flag::pair)
        .method("copy", &Flag::copy)
        .method("set", &Flag::set);
    for (uint32_t i = 0; i < api.operations().size(); ++i) genes.push_back(i);
    options.target = class_id<Flag>();
    options.operations = genes;
    options.isolate = false;
    options.workers = 1;
    options.fitness_calls = 300;
    options.seed = 7;
  }
};

TEST(FitnessEvaluator, ParameterCostCountsExplicitParametersObjectsDouble) {
  FitnessSubject s;
  FitnessWeights w;
  const auto& ops = s.api.operations();
  EXPECT_EQ(parameter_cost(ops[0], w), 0);  // the constructor
  EXPECT_EQ(parameter_cost(ops[1], w), 0);  // raise(): the receiver costs nothing
  EXPECT_EQ(parameter_cost(ops[3], w), 2);  // pair(int, int)
  EXPECT_EQ(parameter_cost(ops[4], w), 2);  // copy(const Flag&)
  w.object_param_cost = 5;
  EXPECT_EQ(parameter_cost(ops[4], w), 5);
}

TEST(FitnessEvaluator, SimplicityWeighsFewerOperationsAndCheaperParameters) {
  FitnessSubject s;
  FitnessEvaluator e(s.api, s.options, s.genes);
  // Costs 0, 0, 0, 2, 2, 1 (total 5); weights 2 (fewer) and 1 (simpler).
  EXPECT_DOUBLE_EQ(e.simplicity({1, 1, 1, 1, 1, 1}), 0.0);
  EXPECT_DOUBLE_EQ(e.simplicity({0, 0, 0, 0, 0, 0}), 1.0);
  EXPECT_DOUBLE_EQ(e.simplicity({1, 1, 0, 0, 0, 0}), (2 * (1 - 2.0 / 6) + 1 * 1.0) / 3);
  EXPECT_DOUBLE_EQ(e.simplicity({1, 0, 0, 1, 0, 1}), (2 * (1 - 3.0 / 6) + 1 * (1 - 3.0 / 5)) / 3);
  EXPECT_EQ(e.operations_of({1, 0, 0, 1, 0, 1}), (std::vector<uint32_t>{0, 3, 5}));
  EXPECT_EQ(e.genes(), s.genes);
}

TEST(FitnessEvaluator, SimplicityWithoutParameterCostsCountsOperationsOnly) {
  FitnessSubject s;
  s.options.weights.fewer_methods = 1;
  s.options.weights.simpler_params = 3;
  FitnessEvaluator e(s.api, s.options, {0, 1, 2});  // no parameters at all: every subset is as simple
  EXPECT_DOUBLE_EQ(e.simplicity({1, 0, 0}), (1 * (1 - 1.0 / 3) + 3 * 1.0) / 4);
  EXPECT_DOUBLE_EQ(e.simplicity({1, 1, 1}), 3.0 / 4);
}

TEST(FitnessEvaluator, FieldExtensionsPlusSimplicityWhenStatesAreNotCounted) {
  FitnessSubject s;
  s.options.measure = FitnessMeasure::FieldExtensions;
  FitnessEvaluator e(s.api, s.options, s.genes);
  Chromosome only_new{1, 0, 0, 0, 0, 0}, with_raise{1, 1, 0, 0, 0, 0}, with_both{1, 1, 1, 0, 0, 0};
  e.evaluate({only_new, with_raise, with_both, with_raise});
  EXPECT_EQ(e.evaluations(), 3u);
  for (const Chromosome& c : {only_new, with_raise, with_both})
    EXPECT_DOUBLE_EQ(e.fitness(c), static_cast<double>(e.field_extensions(c)) + e.simplicity(c));
  // raise() reaches a field value a new flag lacks; lower() adds none, so it only costs.
  EXPECT_GT(e.field_extensions(with_raise), e.field_extensions(only_new));
  EXPECT_EQ(e.field_extensions(with_both), e.field_extensions(with_raise));
  EXPECT_GT(e.fitness(with_raise), e.fitness(with_both));
  EXPECT_TRUE(e.findings().empty());
}

TEST(FitnessEvaluator, StatesCountByDefaultAndEvaluationIsCached) {
  FitnessSubject s;
  FitnessEvaluator e(s.api, s.options, s.genes);
  Chromosome with_raise{1, 1, 0, 0, 0, 0};
  e.evaluate({with_raise});
  double first = e.fitness(with_raise);
  // Flag's two states count besides its field extensions.
  EXPECT_GE(first, static_cast<double>(e.field_extensions(with_raise)) + 2 + e.simplicity(with_raise));
  e.evaluate({with_raise});
  EXPECT_EQ(e.evaluations(), 1u);
  EXPECT_DOUBLE_EQ(e.fitness(with_raise), first);
  EXPECT_THROW(e.fitness({0, 1, 0, 0, 0, 0}), std::out_of_range);  // never evaluated
}

TEST(FitnessEvaluator, SameSeedSameFitnessWhateverTheBatchAndWorkers) {
  FitnessSubject s;
  std::vector<Chromosome> batch{{1, 1, 1, 1, 1, 1}, {1, 0, 0, 1, 0, 0}, {1, 0, 0, 0, 1, 1}};
  FitnessEvaluator one(s.api, s.options, s.genes);
  one.evaluate(batch);
  BuilderSearchOptions two_workers = s.options;
  two_workers.workers = 2;
  FitnessEvaluator other(s.api, two_workers, s.genes);
  other.evaluate({batch[2]});
  other.evaluate({batch[1], batch[0]});
  for (const Chromosome& c : batch) {
    EXPECT_DOUBLE_EQ(one.fitness(c), other.fitness(c));
    EXPECT_EQ(one.field_extensions(c), other.field_extensions(c));
    double coverage = one.fitness(c) - one.simplicity(c);
    EXPECT_DOUBLE_EQ(coverage, std::round(coverage));  // whole counts plus the tie-breaker
  }
}

}  // namespace
}  // namespace objgen::builders
