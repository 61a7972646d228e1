// The pieces of objgen evolve without coverage: eCrash's weight and fitness formulas on a known
// CFG, the Stack's input domain with and without purity, typed trees that stay well-typed
// through crossover and mutation, and the test runner on real Stack sequences.
#include <gtest/gtest.h>

#include "gen/evolve/evolve.hpp"
#include "gen/evolve/function_set.hpp"
#include "gen/evolve/gp_tree.hpp"
#include "gen/evolve/local_search.hpp"
#include "gen/evolve/purity.hpp"
#include "exec/test_runner.hpp"
#include "emit/evolve_report.hpp"
#include "example_api.hpp"
#include "objgen/example.hpp"

namespace objgen::evolve {
namespace {

// entry -> {then, else} -> exit
cover::CoveredFunction diamond() {
  cover::CoveredFunction f;
  f.nodes = {{"entry", {1, 2}}, {"%then", {3}}, {"%else", {3}}, {"%exit", {}}};
  return f;
}

TEST(NodeWeights, EquationsOneAndTwo) {
  NodeWeights w(diamond(), 200, 0.5);
  for (uint32_t n = 0; n < 4; ++n) EXPECT_EQ(w.weight(n), 200);
  // 10 test cases; all hit entry, then and exit; none hit else.
  w.update({10, 10, 0, 10}, 10);
  // Eq. 1: exit 0.5*200*2*1 = 200; then 0.5*200*2*(200/100) = 400; else 0.5*200*1*2 = 200;
  // entry 0.5*200*2*((200+200)/200) = 400. Eq. 2 scales the heaviest to 200.
  EXPECT_DOUBLE_EQ(w.weight(0), 200);
  EXPECT_DOUBLE_EQ(w.weight(1), 200);
  EXPECT_DOUBLE_EQ(w.weight(2), 100);
  EXPECT_DOUBLE_EQ(w.weight(3), 100);
}

TEST(NodeWeights, RarelyHitNodesMakeBetterFitness) {
  NodeWeights w(diamond(), 200, 0.5);
  w.update({10, 10, 0, 10}, 10);
  double common = w.feasible_fitness({1, 1, 0, 1});  // Eq. 3: (200 + 200 + 100) / 3
  double rare = w.feasible_fitness({1, 0, 1, 1});    // (200 + 100 + 100) / 3
  EXPECT_DOUBLE_EQ(common, 500.0 / 3);
  EXPECT_DOUBLE_EQ(rare, 400.0 / 3);
  EXPECT_LT(rare, common);  // lower is better
  // Eq. 4: beta + (len - failed_at) * 100 / len; breaking off later is better.
  EXPECT_DOUBLE_EQ(NodeWeights::unfeasible_fitness(150, 4, 1), 225);
  EXPECT_DOUBLE_EQ(NodeWeights::unfeasible_fitness(150, 4, 4), 150);
}

TEST(NodeWeights, NonTargetNodesAreIgnored) {
  cover::CoveredFunction f = diamond();
  f.nodes[2].target = false;
  NodeWeights w(f, 200, 0.5);
  EXPECT_EQ(w.targets(), (std::vector<uint32_t>{0, 1, 3}));
  EXPECT_DOUBLE_EQ(w.feasible_fitness({1, 0, 1, 1}), 200);  // only entry and exit count
}

// entry -> {a, b}; a -> c; b -> c; c -> {d, e}; d, e -> exit. d depends on c's branch, which
// every path reaches; a and b on entry's.
cover::CoveredFunction two_decisions() {
  cover::CoveredFunction f;
  f.nodes = {{"entry", {1, 2}}, {"%a", {3}}, {"%b", {3}}, {"%c", {4, 5}}, {"%d", {6}}, {"%e", {6}}, {"%exit", {}}};
  return f;
}

TEST(BranchDistanceFitness, ControlDependencesFromPostDominators) {
  std::vector<OutcomeTarget> outcomes;
  BranchDistanceFitness b(two_decisions(), outcomes);
  using Edges = std::vector<std::pair<uint32_t, uint32_t>>;
  EXPECT_EQ(b.dependences(1), (Edges{{0, 1}}));
  EXPECT_EQ(b.dependences(4), (Edges{{3, 4}}));
  EXPECT_TRUE(b.dependences(3).empty());  // c post-dominates entry: runs on every path
  EXPECT_TRUE(b.dependences(6).empty());
}

TEST(BranchDistanceFitness, ApproachLevelPlusBranchDistance) {
  std::vector<OutcomeTarget> outcomes = {{0, 4, 3}, {1, 5, 3}};  // c's comparison: true -> d, false -> e
  BranchDistanceFitness b(two_decisions(), outcomes);
  TestOutcome reached_c;
  reached_c.feasible = true;
  reached_c.hits = {1, 1, 0, 1, 0, 1, 1};
  reached_c.distances = {0.25, 0.0};
  std::vector<bool> covered = {true, true, false, true, false, true, true};  // b and d are open
  // d: c was reached, its edge to d missed by 0.25; b: entry reached, no traced comparison: 1.
  EXPECT_DOUBLE_EQ(b.feasible(reached_c, covered), 0.25);
  covered[4] = true;
  EXPECT_DOUBLE_EQ(b.feasible(reached_c, covered), 1.0);
  EXPECT_GT(b.unfeasible(4, 1), b.feasible(reached_c, covered));  // any feasible test case is better
  EXPECT_GT(b.unfeasible(4, 1), b.unfeasible(4, 3));              // breaking off later is better
}

struct StackApi : testing::ExampleApi {
  std::vector<uint32_t> members;
  StackApi() : ExampleApi("stack") { members = cluster_members(api, target); }
};

TEST(InputDomain, StackWithAndWithoutPurity) {
  StackApi s;
  InputDomain plain = build_input_domain(s.api, s.members, nullptr);
  std::vector<ParamPurity> purity = static_purity(s.api, s.members);
  InputDomain purified = build_input_domain(s.api, s.members, &purity);
  // Stack(), push, pop, peek, empty, search, size: 7 receivers or results provide a Stack.
  EXPECT_EQ(plain.functions.size(), 7u);
  EXPECT_EQ(purified.functions.size(), 3u);  // Stack(), push, pop: the const members no longer provide
  EXPECT_EQ(plain.edges.size() - purified.edges.size(), 4u);
  for (const GpFunction& f : purified.functions) EXPECT_FALSE(s.api.operations()[f.op].is_const);
  std::vector<std::string> read_only;
  for (const ParamPurity& p : purity)
    if (p.purity != Purity::ReadWrite) read_only.push_back(s.api.operations()[p.op].name);
  std::sort(read_only.begin(), read_only.end());
  EXPECT_EQ(read_only, (std::vector<std::string>{"empty", "peek", "search", "size"}));
}

TEST(InputDomain, TerminalsAreBoundariesAndClassConstantsWithNeighbours) {
  LiteralDomain d = terminal_domain({64, 100000});
  std::vector<int64_t> ints;
  for (const Literal& l : d.of(LiteralKind::Int)) ints.push_back(l.i);
  EXPECT_EQ(ints, (std::vector<int64_t>{-1, 0, 1, 63, 64, 65}));  // 100000 is past the 4096 bound
}

// The pool's values are terminals whatever their size, numbers with their neighbours, and a fresh
// terminal comes from them with the bias's probability.
TEST(InputDomain, ConstantPoolValuesAreTerminalsAndDrawnWithTheirProbability) {
  objgen::analysis::ConstantPool pool;
  pool.ints = {48213};
  pool.doubles = {63.25};
  pool.strings = {"FRAGILE"};
  LiteralDomain d = terminal_domain({64, 100000}, pool);
  auto ints = [&] {
    std::vector<int64_t> v;
    for (const Literal& l : d.of(LiteralKind::Int)) v.push_back(l.i);
    return v;
  }();
  EXPECT_EQ(ints, (std::vector<int64_t>{-1, 0, 1, 63, 64, 65, 48212, 48213, 48214}));
  std::vector<double> doubles;
  for (const Literal& l : d.of(LiteralKind::Double)) doubles.push_back(l.d);
  EXPECT_EQ(doubles, (std::vector<double>{-1, 0, 0.5, 1, 62.25, 63.25, 64.25}));
  std::vector<std::string> strings;
  for (const Literal& l : d.of(LiteralKind::String)) strings.push_back(l.s);
  EXPECT_EQ(strings, (std::vector<std::string>{"", "FRAGILE", "a"}));

  ConstantBias bias = constant_bias(d, pool, 0.5);
  EXPECT_EQ(bias.indices[static_cast<size_t>(LiteralKind::Int)], (std::vector<uint32_t>{6, 7, 8}));
  EXPECT_EQ(bias.indices[static_cast<size_t>(LiteralKind::String)], (std::vector<uint32_t>{1}));
  StackApi s;
  InputDomain domain = build_input_domain(s.api, s.members, nullptr);
  TreeFactory trees(s.api, domain, d, s.op("push"), TreeLimits{});
  trees.set_constant_bias(bias);
  Rng rng(7);
  int from_pool = 0, draws = 2000;
  for (int i = 0; i < draws; ++i)
    from_pool += trees.random_subtree(TypeKey{true, static_cast<uint32_t>(LiteralKind::Int)}, 0, rng).literal >= 6;
  // Half from the pool, and 3 of 9 of the other half: 2/3.
  EXPECT_NEAR(from_pool / static_cast<double>(draws), 2.0 / 3.0, 0.05);
}

// Every object argument names an earlier value of the parameter's class; the MUT is last.
void expect_well_typed(const Api& api, const FlatSequence& seq, uint32_t mut) {
  ASSERT_FALSE(seq.calls.empty());
  EXPECT_EQ(seq.calls.back().op, mut);
  std::vector<ClassId> value_class;
  for (const FlatCall& c : seq.calls) {
    const Operation& op = api.operations()[c.op];
    ASSERT_EQ(c.args.size(), op.params.size());
    for (size_t i = 0; i < c.args.size(); ++i) {
      if (!op.params[i].is_object()) {
        EXPECT_LT(c.args[i], 0);
        continue;
      }
      ASSERT_GE(c.args[i], 0);
      ASSERT_LT(static_cast<size_t>(c.args[i]), value_class.size());
      EXPECT_EQ(value_class[c.args[i]], op.params[i].cls);
    }
    if (op.result.is_object()) value_class.push_back(op.result.cls);
  }
}

TEST(GpTrees, StayWellTypedThroughCrossoverAndMutation) {
  StackApi s;
  InputDomain domain = build_input_domain(s.api, s.members, nullptr);
  LiteralDomain terminals = terminal_domain({});
  uint32_t mut = s.op("search");
  TreeFactory trees(s.api, domain, terminals, mut, TreeLimits{});
  ASSERT_TRUE(trees.can_build());
  Rng rng(42);
  std::vector<GpTree> pop;
  for (int i = 0; i < 20; ++i) pop.push_back(trees.random_tree_within_limits(rng));
  for (int round = 0; round < 500; ++round) {
    GpTree a = pop[rng.below(pop.size())], b = pop[rng.below(pop.size())];
    if (round % 2)
      trees.crossover(a, b, rng);
    else
      trees.mutate(a, rng);
    if (trees.within_limits(a)) pop[rng.below(pop.size())] = a;
  }
  for (const GpTree& t : pop) {
    EXPECT_TRUE(trees.within_limits(t));
    expect_well_typed(s.api, trees.linearize(t), mut);
  }
}

TEST(LocalSearch, ObjectiveOrdersReachedNearTracedUntracedAndUnfeasible) {
  LocalTarget target{1, 3, 0};  // outcome 1 leads from node 0 to node 3
  TestOutcome o;
  o.feasible = true;
  o.hits = {1, 0, 0, 0};
  o.distances = {0.0, 0.25};
  EXPECT_DOUBLE_EQ(local_objective(o, target), 0.25);
  o.distances = {0.0, 2.0};  // not evaluated
  EXPECT_DOUBLE_EQ(local_objective(o, target), 1.0);
  o.hits = {0, 0, 0, 0};
  EXPECT_DOUBLE_EQ(local_objective(o, target), 2.0);
  o.hits = {1, 0, 0, 1};
  EXPECT_DOUBLE_EQ(local_objective(o, target), 0.0);
  o.feasible = false;
  EXPECT_DOUBLE_EQ(local_objective(o, target), 3.0);
}

// Runs keep thinned generation records; the mean is taken at the longest run's generations, a
// run between its records counting with the last one before.
TEST(EvolveReport, MeanNodesRemainingOverThinnedRuns) {
  emit::EvolvedMethod m;
  m.runs.resize(2);
  m.runs[0].per_generation = {{1, 0, 4, 0, 0, 0}, {3, 0, 2, 0, 0, 0}, {5, 0, 1, 0, 0, 0}};
  m.runs[1].per_generation = {{1, 0, 3, 0, 0, 0}, {2, 0, 0, 0, 0, 0}};
  using Points = std::vector<std::pair<int, double>>;
  EXPECT_EQ(m.mean_nodes_remaining(), (Points{{1, 3.5}, {3, 1.0}, {5, 0.5}}));
}

}  // namespace
}  // namespace objgen::evolve
