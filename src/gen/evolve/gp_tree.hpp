// Strongly-typed GP trees over call sequences (eCrash §4.3): the root calls the method under
// test, each inner node is a function of the function set whose value feeds its parent's
// parameter of the same type, leaves of primitive type are terminals. A tree is run as its
// depth-first, children-first linearisation: a straight-line call sequence ending in the MUT.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "exec/sequence.hpp"
#include "gen/evolve/function_set.hpp"
#include "gen/evolve/terminals.hpp"
#include "model/rng.hpp"

namespace objgen::evolve {

struct GpNode {
  TypeKey type;
  int32_t function = -1;  // index into the function set; -1: a terminal (literal) or the root
  uint32_t literal = 0;   // terminal: index into the terminal domain of its kind
  std::vector<GpNode> children;
};

struct GpTree {
  GpNode root;  // calls the MUT; children are its parameters
};

struct TreeLimits {
  int init_min_depth = 2;
  int init_max_depth = 5;
  int max_depth = 8;  // offspring deeper than this are replaced by a parent
  size_t max_calls = 40;
  // Half the mutations of a terminal move it to a neighbouring value of its (sorted) domain
  // instead of drawing afresh: seeded templates' free slots approach a threshold step by step.
  bool small_steps = false;
};

class TreeFactory {
 public:
  TreeFactory(const Api& api, const InputDomain& domain, const LiteralDomain& terminals, uint32_t mut, TreeLimits limits);
  // Whether every parameter type of the MUT can be produced at all.
  bool can_build() const;
  // Ramped "grow": a random tree whose depth is at most a depth drawn from the init range.
  GpTree random_tree(Rng& rng, int depth = 0) const;  // depth 0: drawn from the init range
  // A random tree within the limits: a few ramped attempts, then the shallowest one can build.
  GpTree random_tree_within_limits(Rng& rng) const;
  GpNode random_subtree(TypeKey type, int max_depth, Rng& rng) const;
  // Strongly-typed subtree crossover: swaps a random non-root node of a with a node of the
  // same type in b; false when b has none.
  bool crossover(GpTree& a, GpTree& b, Rng& rng) const;
  // Point mutation: a random non-root node is replaced by a fresh subtree of its type.
  void mutate(GpTree& t, Rng& rng) const;
  bool within_limits(const GpTree& t) const;
  // The call sequence (value numbers as code_writer expects; literals index `terminals`).
  FlatSequence linearize(const GpTree& t) const;
  size_t call_count(const GpTree& t) const;
  uint32_t mut() const { return mut_; }
  // From here on a fresh terminal comes from the constant pool with the bias's probability.
  void set_constant_bias(ConstantBias bias) { bias_ = std::move(bias); }
  const ConstantBias& constant_bias() const { return bias_; }
  // A value learned at run time (domain index of kind k) joins the pool the bias draws from.
  void add_to_pool(LiteralKind k, uint32_t index) {
    std::vector<uint32_t>& pool = bias_.indices[static_cast<size_t>(k)];
    if (std::find(pool.begin(), pool.end(), index) == pool.end()) pool.push_back(index);
  }

 private:
  const std::vector<uint32_t>& functions_returning(TypeKey t) const;
  int min_depth(TypeKey t) const;        // of the smallest tree producing t (large: none)
  int function_depth(uint32_t f) const;  // of the smallest tree rooted in function f
  int linearize_node(const GpNode& n, FlatSequence& seq, int& next_value) const;

  const Api& api_;
  const InputDomain& domain_;
  uint32_t mut_;
  TreeLimits limits_;
  ConstantBias bias_;
  // Fresh leaves are drawn among the domain's values as it was when the factory was built: what
  // local searches and the dynamic pool add later comes only through them, so a run draws the
  // same whatever earlier runs added.
  std::array<size_t, 5> drawn_{};
  std::vector<std::pair<TypeKey, std::vector<uint32_t>>> by_type_;
  std::vector<std::pair<TypeKey, int>> min_depth_;
};

}  // namespace objgen::evolve
