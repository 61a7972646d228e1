// A local search on a test case's primitive values (issue 36): the alternating variable method
// (Korel's AVM, as EvoSuite applies it to primitive statements) over the int, char and double
// leaves of a tree, driven by the branch distance of one comparison outcome the search has not
// reached yet. Exploratory moves (every variable +-step at once, one batch), then pattern moves
// along the improving direction (the doublings step * 2^k, k = 1..40, one batch; the best one
// wins), until the outcome is reached, a round improves nothing at the smallest step, or the
// evaluation budget is spent. Values it tries are scratch literals of the runner; only those it
// keeps (the final tree, and probes the caller records) are committed to the domain.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "gen/evolve/gp_tree.hpp"
#include "exec/test_runner.hpp"

namespace objgen::evolve {

// The comparison outcome a local search drives towards: index into TestOutcome::distances, the
// node it leads to and the node deciding it (as evolve's OutcomeTarget).
struct LocalTarget {
  uint32_t outcome;
  uint32_t node;
  uint32_t from;
};

// 0: the outcome's node was reached; (0, 1): the normalised branch distance at its comparison;
// 1: the deciding node ran but the comparison was not traced; 2: it did not run; 3: unfeasible.
double local_objective(const TestOutcome& o, const LocalTarget& target);

struct LocalSearchOptions {
  uint32_t max_evaluations = 1024;
  uint32_t max_variables = 16;  // leaves varied, drawn at random among the tree's numeric leaves
  uint64_t seed = 0;
  std::chrono::steady_clock::time_point deadline{};  // none by default
};

// Every test case the search ran, with its outcome and its calls as run (`raw`: literal indices
// may name scratch values); `committed()` returns them with the scratch values committed to the
// domain (an empty sequence when the domain has no room left), for a caller that keeps the test
// case (it covered something new, or met a new failure).
using ProbeSink = std::function<void(const TestOutcome&, const FlatSequence& raw, const std::function<FlatSequence()>& committed)>;

struct LocalSearchResult {
  GpTree tree;           // the start tree, or the improved one (its values committed)
  double objective = 3;  // of `tree`
  bool improved = false;
  uint32_t evaluations = 0;
  // Every value it committed (kind, index in the domain): the caller's pool may take them.
  std::vector<std::pair<LiteralKind, uint32_t>> committed;
};

LocalSearchResult local_search(const TreeFactory& trees, TestRunner& runner, const GpTree& start, double start_objective,
                               const LocalTarget& target, const LocalSearchOptions& options, const ProbeSink& sink);

}  // namespace objgen::evolve
