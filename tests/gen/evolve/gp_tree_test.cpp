// Strongly-typed GP trees for objgen evolve: random trees grown within a depth, subtree crossover
// and point mutation that keep every node's type, and the tree run as straight-line calls, each
// argument computed by its subtree before the call that takes it.
#include "gen/evolve/gp_tree.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace gp_tree_test {
class Box {
 public:
  Box() = default;
  explicit Box(int v) : v_(v) {}
  void put(int v) { v_ += v; }
  int combine(const Box& other) const { return v_ + other.v_; }
  int v_ = 0;
};
}  // namespace gp_tree_test

OBJGEN_FIELDS(gp_tree_test::Box, v_)

namespace objgen::evolve {
namespace {

using gp_tree_test::Box;

constexpr TypeKey kGpInt{true, static_cast<uint32_t>(LiteralKind::Int)};

// Box's API with a function set made by hand: f0 = Box(), f1 = Box(int), f2 = put(int) on a box
// (its receiver is the value); the method under test is combine(box, box).
struct GpTreeFixture {
  Api api;
  uint32_t make = 0, make_int = 0, put = 0, combine = 0;
  TypeKey box;
  InputDomain domain;
  LiteralDomain terminals = LiteralDomain::defaults(3);  // ints 0, 1, 2
  GpTreeFixture() {
    api.add_class<Box>().constructor<>().constructor<int>().method("put", &Box::put).method("combine", &Box::combine);
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const Operation& op = api.operations()[i];
      if (op.name == "Box") (op.params.empty() ? make : make_int) = i;
      if (op.name == "put") put = i;
      if (op.name == "combine") combine = i;
    }
    box = TypeKey{false, api.operations()[make].result.cls};
    domain.functions = {{make, Item::Return, 0, 0, box, {}},
                        {make_int, Item::Return, 0, 0, box, {kGpInt}},
                        {put, Item::Implicit, 0, 0, box, {box, kGpInt}}};
  }
  GpNode literal(uint32_t index) const { return GpNode{kGpInt, -1, index, {}}; }
  GpNode call(int32_t function, std::vector<GpNode> children) const { return GpNode{box, function, 0, std::move(children)}; }
  GpTree tree(std::vector<GpNode> children) const { return GpTree{GpNode{box, -1, 0, std::move(children)}}; }
};

// The literal indices of a tree, depth first.
void gp_tree_literals(const GpNode& n, std::vector<uint32_t>& out) {
  if (n.type.literal && n.function < 0) out.push_back(n.literal);
  for (const GpNode& c : n.children) gp_tree_literals(c, out);
}

TEST(GpTree, ATreeRunsAsItsCallsChildrenFirst) {
  GpTreeFixture f;
  TreeFactory trees(f.api, f.domain, f.terminals, f.combine, TreeLimits{});
  // combine(put(Box(2), 0), Box())
  GpTree t = f.tree({f.call(2, {f.call(1, {f.literal(2)}), f.literal(0)}), f.call(0, {})});
  FlatSequence s = trees.linearize(t);
  std::vector<FlatCall> expected{{f.make_int, {-3}, {-1, 0}},  // v0 = Box(2)
                                 {f.put, {0, -1}, {0, -1, -1}},
                                 {f.make, {}, {1}},  // v1 = Box()
                                 {f.combine, {0, 1}, {0, 1, -1}}};
  EXPECT_EQ(s.calls, expected);
  EXPECT_EQ(trees.call_count(t), 4u);
}

TEST(GpTree, LimitsBoundDepthAndCalls) {
  GpTreeFixture f;
  GpTree t = f.tree({f.call(2, {f.call(1, {f.literal(2)}), f.literal(0)}), f.call(0, {})});  // depth 3, 4 calls
  TreeLimits limits;
  limits.max_depth = 3, limits.max_calls = 4;
  EXPECT_TRUE(TreeFactory(f.api, f.domain, f.terminals, f.combine, limits).within_limits(t));
  limits.max_depth = 2;
  EXPECT_FALSE(TreeFactory(f.api, f.domain, f.terminals, f.combine, limits).within_limits(t));
  limits.max_depth = 3, limits.max_calls = 3;
  EXPECT_FALSE(TreeFactory(f.api, f.domain, f.terminals, f.combine, limits).within_limits(t));
}

TEST(GpTree, AMethodCanBeBuiltOnlyWhenEachParameterTypeCanBe) {
  GpTreeFixture f;
  EXPECT_TRUE(TreeFactory(f.api, f.domain, f.terminals, f.combine, TreeLimits{}).can_build());
  InputDomain only_put = f.domain;
  only_put.functions = {f.domain.functions[2]};  // a box only from a box: never a first one
  EXPECT_FALSE(TreeFactory(f.api, only_put, f.terminals, f.combine, TreeLimits{}).can_build());
  InputDomain from_int = f.domain;
  from_int.functions = {f.domain.functions[1]};
  EXPECT_TRUE(TreeFactory(f.api, from_int, f.terminals, f.combine, TreeLimits{}).can_build());
}

// With no room below the root, each box comes from the shallowest function: Box().
TEST(GpTree, NoRoomLeftTakesTheShallowestFunction) {
  GpTreeFixture f;
  TreeFactory trees(f.api, f.domain, f.terminals, f.combine, TreeLimits{});
  Rng rng(5);
  FlatSequence s = trees.linearize(trees.random_tree(rng, 1));
  std::vector<FlatCall> expected{{f.make, {}, {0}}, {f.make, {}, {1}}, {f.combine, {0, 1}, {0, 1, -1}}};
  EXPECT_EQ(s.calls, expected);
}

TEST(GpTree, RandomTreesStayWithinTheirDepth) {
  GpTreeFixture f;
  for (int depth = 2; depth <= 5; ++depth) {
    TreeLimits limits;
    limits.max_depth = depth, limits.max_calls = 10000;
    TreeFactory trees(f.api, f.domain, f.terminals, f.combine, limits);
    for (uint64_t seed = 1; seed <= 50; ++seed) {
      Rng rng(seed);
      GpTree t = trees.random_tree(rng, depth);
      ASSERT_TRUE(trees.within_limits(t)) << "depth " << depth << ", seed " << seed;
      ASSERT_EQ(t.root.children.size(), 2u);
      EXPECT_EQ(t.root.children[0].type, f.box);
      EXPECT_EQ(trees.linearize(t).calls.back().op, f.combine);
    }
  }
}

TEST(GpTree, TheSameSeedGrowsTheSameTree) {
  GpTreeFixture f;
  TreeFactory trees(f.api, f.domain, f.terminals, f.combine, TreeLimits{});
  std::vector<std::vector<FlatCall>> first, second;
  for (int pass = 0; pass < 2; ++pass) {
    Rng rng(1234);
    for (int i = 0; i < 20; ++i) (pass ? second : first).push_back(trees.linearize(trees.random_tree_within_limits(rng)).calls);
  }
  EXPECT_EQ(first, second);
  size_t distinct = 0;
  for (size_t i = 0; i < first.size(); ++i) distinct += std::count(first.begin(), first.end(), first[i]) == 1;
  EXPECT_GT(distinct, 0u) << "twenty trees, all alike";
}

TEST(GpTree, CrossoverSwapsSubtreesOfOneType) {
  GpTreeFixture f;
  TreeFactory trees(f.api, f.domain, f.terminals, f.put, TreeLimits{});
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    // put(Box(), 1) and put(Box(2), 0): whatever is swapped, both stay put(box, int) and the
    // calls and literals are only moved between them.
    GpTree a = f.tree({f.call(0, {}), f.literal(1)});
    GpTree b = f.tree({f.call(1, {f.literal(2)}), f.literal(0)});
    Rng rng(seed);
    ASSERT_TRUE(trees.crossover(a, b, rng));
    for (const GpTree* t : {&a, &b}) {
      ASSERT_EQ(t->root.children.size(), 2u);
      EXPECT_EQ(t->root.children[0].type, f.box);
      EXPECT_EQ(t->root.children[1].type, kGpInt);
    }
    EXPECT_EQ(trees.call_count(a) + trees.call_count(b), 4u);
    std::vector<uint32_t> literals;
    gp_tree_literals(a.root, literals);
    gp_tree_literals(b.root, literals);
    std::sort(literals.begin(), literals.end());
    EXPECT_EQ(literals, (std::vector<uint32_t>{0, 1, 2}));
  }
}

TEST(GpTree, CrossoverWithATreeOfNoNodesChangesNothing) {
  GpTreeFixture f;
  TreeFactory trees(f.api, f.domain, f.terminals, f.put, TreeLimits{});
  GpTree a = f.tree({f.call(0, {}), f.literal(1)});
  GpTree empty = f.tree({});
  Rng rng(3);
  EXPECT_FALSE(trees.crossover(a, empty, rng));
  EXPECT_FALSE(trees.crossover(empty, a, rng));
  EXPECT_EQ(trees.call_count(a), 2u);
  EXPECT_EQ(a.root.children[1].literal, 1u);
}

TEST(GpTree, MutationKeepsTheTypesOfTheMethodsParameters) {
  GpTreeFixture f;
  TreeFactory trees(f.api, f.domain, f.terminals, f.put, TreeLimits{});
  Rng rng(77);
  GpTree t = f.tree({f.call(0, {}), f.literal(1)});
  for (int i = 0; i < 200; ++i) {
    trees.mutate(t, rng);
    ASSERT_EQ(t.root.children.size(), 2u);
    EXPECT_EQ(t.root.children[0].type, f.box);
    EXPECT_EQ(t.root.children[1].type, kGpInt);
    EXPECT_LT(t.root.children[1].literal, 3u);
    EXPECT_EQ(trees.linearize(t).calls.back().op, f.put);
  }
  GpTree bare = f.tree({});
  trees.mutate(bare, rng);  // nothing to mutate
  EXPECT_TRUE(bare.root.children.empty());
}

TEST(GpTree, FreshLeavesComeFromTheDomainAsItWasWhenTheFactoryWasBuilt) {
  GpTreeFixture f;
  LiteralDomain terminals = LiteralDomain::defaults(3);
  TreeFactory trees(f.api, f.domain, terminals, f.put, TreeLimits{});
  terminals.set_ints("0..99");  // grown later: not drawn from
  Rng rng(11);
  std::vector<int> counts(3, 0);
  for (int i = 0; i < 300; ++i) {
    uint32_t v = trees.random_subtree(kGpInt, 3, rng).literal;
    ASSERT_LT(v, 3u);
    ++counts[v];
  }
  for (int c : counts) EXPECT_GT(c, 0);
}

TEST(GpTree, TheConstantPoolDecidesFreshLeavesWithItsProbability) {
  GpTreeFixture f;
  TreeFactory trees(f.api, f.domain, f.terminals, f.put, TreeLimits{});
  ConstantBias always;
  always.indices[static_cast<size_t>(LiteralKind::Int)] = {2};
  always.probability = 1.0;
  trees.set_constant_bias(always);
  Rng rng(8);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(trees.random_subtree(kGpInt, 3, rng).literal, 2u);
  trees.add_to_pool(LiteralKind::Int, 0);
  trees.add_to_pool(LiteralKind::Int, 0);
  trees.add_to_pool(LiteralKind::Int, 2);
  EXPECT_EQ(trees.constant_bias().indices[static_cast<size_t>(LiteralKind::Int)], (std::vector<uint32_t>{2, 0}));
  std::vector<int> counts(3, 0);
  for (int i = 0; i < 200; ++i) ++counts[trees.random_subtree(kGpInt, 3, rng).literal];
  EXPECT_EQ(counts[1], 0) << "1 is not in the pool";
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[2], 0);
}

}  // namespace
}  // namespace objgen::evolve
