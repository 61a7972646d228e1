// eCrash's search for one method under test (paper §4.3-4.4): a population of typed trees,
// tournament selection, reproduction / crossover / mutation, and fitness from weights on the
// MUT's CFG nodes that are re-evaluated every generation, so that the search is pulled towards
// the nodes no test case has reached yet (all-nodes criterion).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cover/coverage_map.hpp"
#include "gen/evolve/gp_tree.hpp"
#include "gen/evolve/test_runner.hpp"

namespace objgen::evolve {

struct EvolveOptions {
  int population = 10;
  int generations = 100;
  double p_reproduction = 0.33, p_crossover = 0.33, p_mutation = 0.34;
  int tournament = 2;
  double w_init = 200, alpha = 0.5, beta = 150;
  // objgen's addition to Eq. 3: a feasible test case also pays distance_weight times its
  // smallest normalised branch distance to an uncovered node (1 when it evaluated none of their
  // branches), so that among test cases hitting the same nodes, those closer to flipping a
  // missing branch win. 0 is the paper's fitness.
  double distance_weight = 0;
  uint64_t seed = 0;
  TreeLimits limits;
};

// CFG node weights (Eq. 1 and 2) and the fitness they give (Eq. 3 and 4; lower is better).
class NodeWeights {
 public:
  NodeWeights(const cover::CoveredFunction& f, double w_init, double alpha);
  // tests_hitting[n]: how many of the generation's `tests` test cases hit node n.
  void update(const std::vector<uint32_t>& tests_hitting, size_t tests);
  double feasible_fitness(const std::vector<uint32_t>& hits) const;
  static double unfeasible_fitness(double beta, uint32_t length, uint32_t failed_at);
  double weight(uint32_t node) const { return weights_[node]; }
  const std::vector<uint32_t>& targets() const { return targets_; }

 private:
  std::vector<uint32_t> targets_;                 // node indices of the coverage targets
  std::vector<std::vector<uint32_t>> successors_;  // by node: successors that are targets
  std::vector<double> weights_;                   // by node
  double w_init_, alpha_;
};

struct GenerationStats {
  int generation;  // 1: the initial population
  uint32_t covered;
  uint32_t remaining;
  uint32_t feasible;
  double best_fitness;
};

struct CoveringTest {
  FlatSequence sequence;
  int generation;
  std::vector<uint32_t> new_nodes;
  TestOutcome outcome;
};

struct EvolveResult {
  bool full_coverage = false;
  int generations = 0;  // the generation that completed coverage, or the last one run
  uint32_t targets = 0;
  std::vector<uint32_t> uncovered;  // node indices
  std::vector<GenerationStats> per_generation;
  std::vector<CoveringTest> test_set;
  std::vector<SequenceFinding> findings;
  uint64_t evaluations = 0;
  double seconds = 0;
};

// A comparison outcome of the MUT (index into TestOutcome::distances) and the node it leads to.
struct OutcomeTarget {
  uint32_t outcome;
  uint32_t node;
};
std::vector<OutcomeTarget> outcome_targets(const cover::CoverageMap& map, const cover::CoveredFunction& f,
                                           uint32_t outcome_begin);

EvolveResult evolve_method(const TreeFactory& trees, const cover::CoveredFunction& mut_cfg,
                           const std::vector<OutcomeTarget>& outcomes, TestRunner& runner, const EvolveOptions& options);

}  // namespace objgen::evolve
