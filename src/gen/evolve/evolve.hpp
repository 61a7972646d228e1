// eCrash's search for one method under test (paper §4.3-4.4): a population of typed trees,
// tournament selection, reproduction / crossover / mutation, and fitness from weights on the
// MUT's CFG nodes that are re-evaluated every generation, so that the search is pulled towards
// the nodes no test case has reached yet (all-nodes criterion).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cover/coverage_map.hpp"
#include "cover/coverage_scope.hpp"
#include "gen/evolve/gp_tree.hpp"
#include "exec/test_runner.hpp"

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
  // Fitness of feasible test cases: eCrash's CFG node weights (the paper's), or the approach
  // level + branch distance to the nearest uncovered node (BranchDistanceFitness).
  enum class Fitness : uint8_t { Nodes, Branch } fitness = Fitness::Nodes;
  uint64_t seed = 0;
  TreeLimits limits;
  // Seeding (EvoObj): after breeding, with probability p_app, a template for one uncovered node
  // chosen at random replaces a random offspring. `seed_template` returns false when it has none
  // for that node. Unset: no seeding.
  std::function<bool(uint32_t node, Rng& rng, GpTree& out)> seed_template;
  double p_app = 0.3;
  // Local search (issue 36): after a generation, when a test case evaluated a comparison whose
  // outcome leads to an uncovered node (distance in (0, 1)), closer than any local search on that
  // outcome got before, the alternating variable method moves its numeric leaves towards it
  // (gen/evolve/local_search.hpp); the tree it improves replaces the test case.
  bool local_search = false;
  // EvoSuite's dynamic pool: after each generation, both operands of the comparisons whose
  // outcomes lead to uncovered nodes (at their evaluation nearest to equal, |value| < 2^32: not
  // addresses) join the constant pool, up to this many per run (0: none).
  uint32_t dynamic_pool = 256;
  uint32_t local_search_evaluations = 1024;  // per local search
  // Stop after this instant (the wall-clock budget of the whole command); default: none.
  std::chrono::steady_clock::time_point deadline{};
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
  std::vector<uint32_t> targets_;                  // node indices of the coverage targets
  std::vector<std::vector<uint32_t>> successors_;  // by node: successors that are targets
  std::vector<double> weights_;                    // by node
  double w_init_, alpha_;
};

struct GenerationStats {
  int generation;  // 1: the initial population
  uint32_t covered;
  uint32_t remaining;
  uint32_t feasible;
  double best_fitness;
  double seconds;  // since the run started, when the generation was evaluated
};

// A target node and what the run did about it.
struct TargetProgress {
  uint32_t node;
  int covered_generation = -1;  // -1: never
  double covered_seconds = -1;
  uint32_t templates = 0;  // seeded templates inserted for it
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
  std::vector<uint32_t> uncovered;              // node indices
  std::vector<GenerationStats> per_generation;  // the first 1024 generations, then thinned evenly; the last always
  std::vector<CoveringTest> test_set;
  std::vector<SequenceFinding> findings;
  std::vector<TargetProgress> targets_progress;  // by target, in node order
  uint64_t evaluations = 0;
  uint64_t templates = 0;  // seeded templates inserted
  uint64_t local_searches = 0, local_evaluations = 0, local_improvements = 0;
  uint64_t dynamic_constants = 0;  // values the dynamic pool added
  double seconds = 0;
  bool stopped_by_budget = false;
};

// A comparison outcome of the MUT (index into TestOutcome::distances), the node it leads to and
// the node deciding it.
struct OutcomeTarget {
  uint32_t outcome;
  uint32_t node;
  uint32_t from;
  uint32_t site = 0;  // its comparison site (index into TestOutcome::operands)
};

// EvoSuite's branch fitness over the MUT's CFG: for an uncovered node, the approach level (how
// many control dependences above it the test case did not reach) plus the normalised branch
// distance at the dependence it reached; a test case scores the uncovered node it is nearest
// to (lower is better, 0 never: covered nodes are not targets).
class BranchDistanceFitness {
 public:
  BranchDistanceFitness(const cover::CoveredFunction& f, const std::vector<OutcomeTarget>& outcomes);
  double feasible(const TestOutcome& o, const std::vector<bool>& covered) const;
  double unfeasible(uint32_t length, uint32_t failed_at) const;
  // The edges (from, to) node n is control dependent on.
  const std::vector<std::pair<uint32_t, uint32_t>>& dependences(uint32_t n) const { return cd_[n]; }

 private:
  double approach(uint32_t target, const TestOutcome& o) const;
  std::vector<uint32_t> targets_;
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> cd_;  // by node
  const std::vector<OutcomeTarget>& outcomes_;
  uint32_t levels_ = 1;
};
// Every comparison outcome of a scoped CFG's functions that leads to a target node, numbered as
// the runner reports them (the parts' outcomes one after the other).
std::vector<OutcomeTarget> outcome_targets(const cover::CoverageMap& map, const cover::ScopedCfg& scoped);

// The factory's constant pool grows by what the run learns (restored when it ends).
EvolveResult evolve_method(TreeFactory& trees, const cover::CoveredFunction& mut_cfg, const std::vector<OutcomeTarget>& outcomes,
                           TestRunner& runner, const EvolveOptions& options);

}  // namespace objgen::evolve
