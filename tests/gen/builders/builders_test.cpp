// Builder identification end to end on the bundled examples: observers, hill climbing, the
// genetic algorithm, proofs, and random generation surviving hostile code.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>

#include "emit/code_writer.hpp"
#include "gen/builders/builders_file.hpp"
#include "gen/builders/identify.hpp"
#include "gen/builders/verify.hpp"
#include "gen/random/random_batch.hpp"
#include "model/selection.hpp"
#include "objgen/example.hpp"
#include "objgen/objgen.hpp"

namespace fragile {
// peek() changes nothing, but crashes when the glass holds two drops.
struct Glass {
  int drops = 0;
  void fill() { ++drops; }
  int peek() const {
    if (drops == 2) std::raise(SIGSEGV);
    return drops;
  }
};
}  // namespace fragile

OBJGEN_FIELDS(fragile::Glass, drops)

namespace objgen {
namespace {

struct Subject {
  Api api;
  builders::BuilderSearchOptions options;
  std::vector<std::string> names(const std::vector<uint32_t>& ops) const {
    std::vector<std::string> out;
    for (uint32_t op : ops) out.push_back(api.operations()[op].name);
    return out;
  }
  std::vector<uint32_t> ops(const std::vector<std::string>& names) const { return select_operations(api, options.target, names, false); }
};

std::unique_ptr<Subject> subject(const std::string& example, int workers = 2) {
  auto s = std::make_unique<Subject>();
  const Example* ex = find_example(example);
  ex->register_api(s->api);
  const ClassInfo* target = s->api.find_class(ex->target);
  s->options.target = target->id;
  s->options.operations = select_operations(s->api, target->id, {"all"});
  if (!target->omit_fields.empty()) s->options.omit = std::make_shared<const std::regex>(target->omit_fields);
  s->options.workers = workers;
  return s;
}

using Names = std::vector<std::string>;

TEST(Observers, RedBlackTreeQueriesAreObserversAndMutatorsAreNot) {
  auto s = subject("rbt");
  builders::Classification c = builders::classify_operations(s->api, s->options);
  EXPECT_EQ(s->names(c.observers()), (Names{"contains", "first", "last", "getSize", "isEmpty"}));
  EXPECT_EQ(s->names(c.candidates()), (Names{"RedBlackTree", "add", "remove", "removeMin", "clear"}));
  for (const auto& o : c.operations)
    EXPECT_EQ(o.const_hint, o.role == builders::OperationRole::Observer) << s->api.operations()[o.op].signature();
}

TEST(HillClimbing, FindsAddAndRemoveForRedBlackTreeAndProvesThem) {
  auto s = subject("rbt");
  builders::Identification id = builders::identify_builders(s->api, s->options, builders::BuilderAlgorithm::HillClimbing);
  EXPECT_EQ(s->names(id.builders), (Names{"RedBlackTree", "add", "remove"}));
  builders::Verification v = builders::verify_builders(s->api, s->options, id.builders, s->options.operations, {4, 5});
  EXPECT_TRUE(v.sufficient());
  EXPECT_TRUE(v.minimal());
  ASSERT_EQ(v.scopes[1].needed.size(), 3u);
  EXPECT_EQ(v.scopes[1].builder_states, v.scopes[1].api_states);
  EXPECT_EQ(v.scopes[1].api_states, 72u);  // red-black trees of up to 5 nodes with keys 0..4, as BEAPI counts them
}

TEST(Verify, CatchesBuildersWithoutRemoveForRedBlackTree) {
  auto s = subject("rbt");
  builders::Verification v = builders::verify_builders(s->api, s->options, s->ops({"RedBlackTree", "add"}), s->options.operations, {5});
  EXPECT_FALSE(v.sufficient());
  EXPECT_TRUE(v.minimal());
  ASSERT_FALSE(v.scopes[0].missing.empty());
  std::string program;
  const builders::Witness& w = v.scopes[0].missing[0];
  for (const auto& line : emit::write_statements(s->api, w.domain, w.sequence, "o")) program += line + "\n";
  EXPECT_NE(program.find("remove"), std::string::npos) << program;
  EXPECT_LT(v.scopes[0].builder_states, v.scopes[0].api_states);
}

TEST(Verify, CatchesARedundantBuilder) {
  auto s = subject("sll");
  builders::Verification v =
      builders::verify_builders(s->api, s->options, s->ops({"SinglyLinkedList", "add", "addFirst"}), s->options.operations, {4});
  EXPECT_TRUE(v.sufficient());
  EXPECT_FALSE(v.minimal());
  EXPECT_EQ(v.scopes[0].redundant.size(), 2u);  // either adder alone builds every list
}

TEST(Verify, TheLadderDropsARedundantBuilderAndTheRestIsMinimal) {
  auto s = subject("sll");
  std::vector<uint32_t> builders = s->ops({"SinglyLinkedList", "add", "addFirst"});
  builders::ScopeProof proof = builders::verify_builders(s->api, s->options, builders, s->options.operations, {4}).scopes[0];
  ASSERT_TRUE(builders::drop_redundant_builder(s->api, s->options, proof, builders));
  ASSERT_EQ(builders.size(), 2u);
  builders::Verification v = builders::verify_builders(s->api, s->options, builders, s->options.operations, {4});
  EXPECT_TRUE(v.sufficient());
  EXPECT_TRUE(v.minimal());
  EXPECT_FALSE(builders::drop_redundant_builder(s->api, s->options, v.scopes[0], builders));  // nothing redundant left
}

TEST(Genetic, SameSeedSameResultForAnyWorkerCount) {
  auto one = subject("ncl", 1), two = subject("ncl", 2);
  one->options.generations = two->options.generations = 6;
  builders::GeneticResult a =
      builders::genetic_builders(one->api, one->options, builders::classify_operations(one->api, one->options).candidates());
  builders::GeneticResult b =
      builders::genetic_builders(two->api, two->options, builders::classify_operations(two->api, two->options).candidates());
  EXPECT_EQ(a.builders, b.builders);
  ASSERT_EQ(a.history.size(), b.history.size());
  for (size_t i = 0; i < a.history.size(); ++i) EXPECT_EQ(a.history[i].best_fitness, b.history[i].best_fitness);
  EXPECT_EQ(a.evaluations, b.evaluations);
}

TEST(Genetic, FindsProvablySufficientAndMinimalBuildersForRedBlackTree) {
  auto s = subject("rbt");
  builders::Identification id = builders::identify_builders(s->api, s->options, builders::BuilderAlgorithm::Genetic);
  builders::Verification v = builders::verify_builders(s->api, s->options, id.builders, s->options.operations, {4});
  EXPECT_TRUE(v.sufficient()) << ::testing::PrintToString(s->names(id.builders));
  EXPECT_TRUE(v.minimal()) << ::testing::PrintToString(s->names(id.builders));
  ASSERT_FALSE(id.genetic.history.empty());
  for (size_t i = 1; i < id.genetic.history.size(); ++i)  // elitist: the best never gets worse
    EXPECT_GE(id.genetic.history[i].best_fitness, id.genetic.history[i - 1].best_fitness);
}

TEST(Fitness, TieBreakPrefersFewerAndSimplerMethods) {
  auto s = subject("sll");
  std::vector<uint32_t> genes = s->ops({"SinglyLinkedList", "add", "insertAt", "removeFirst"});
  builders::FitnessEvaluator eval(s->api, s->options, genes);
  EXPECT_DOUBLE_EQ(eval.simplicity({0, 0, 0, 0}), 1.0);
  EXPECT_DOUBLE_EQ(eval.simplicity({1, 1, 1, 1}), 0.0);
  EXPECT_GT(eval.simplicity({1, 1, 0, 0}), eval.simplicity({1, 0, 1, 0}));  // add(int) beats insertAt(int, int)
  EXPECT_GT(eval.simplicity({1, 1, 0, 0}), eval.simplicity({1, 1, 0, 1}));
}

TEST(RandomBatch, SurvivesASegfaultAndReportsIt) {
  auto s = subject("buggy_segv");
  random::RandomOptions r;
  r.operations = s->options.operations;
  r.target = s->options.target;
  r.max_calls = 3000;
  auto results = random::run_random_batch(s->api, {r, r}, {2, true, 2.0});
  ASSERT_EQ(results.size(), 2u);
  for (const auto& res : results) {
    EXPECT_GT(res.calls, 1000u);  // the run went on after each crash
    bool crash = false;
    for (const auto& f : res.findings)
      if (f.kind == Outcome::Crash) {
        crash = true;
        EXPECT_EQ(s->api.operations()[f.op].name, "add");
        EXPECT_NE(f.message.find("SIGSEGV"), std::string::npos);
      }
    EXPECT_TRUE(crash);
  }
  EXPECT_EQ(results[0].states, results[1].states);  // same seed, same run
}

TEST(RandomBatch, QuarantinesAnOperationAfterItsSecondCrash) {
  auto s = subject("buggy_segv");
  random::RandomOptions r;
  r.operations = s->options.operations;
  r.target = s->options.target;
  r.max_calls = 3000;
  random::RandomOptions never = r;
  never.quarantine_after = 0;
  auto results = random::run_random_batch(s->api, {r, never}, {2, true, 2.0});
  EXPECT_EQ(results[0].skipped.size(), 2u);  // add crashed twice, then was no longer called
  EXPECT_GT(results[1].skipped.size(), 2u);  // without quarantine it keeps crashing
  EXPECT_EQ(random::run_random_batch(s->api, {r}, {1, true, 2.0})[0].states, results[0].states);  // deterministic
}

TEST(BuildersFile, RoundTripsAndRejectsUnknownSignatures) {
  auto s = subject("rbt");
  std::string path = ::testing::TempDir() + "/rbt_builders.json";
  builders::write_builders_file(path, {"examples::RedBlackTree", "abc", "hc", {"RedBlackTree::add(int)"}, {}, 0.5});
  builders::BuildersFile f = builders::read_builders_file(path);
  EXPECT_EQ(f.cls, "examples::RedBlackTree");
  EXPECT_EQ(s->names(builders::operations_by_signature(s->api, f.builders)), (Names{"add"}));
  EXPECT_THROW(builders::operations_by_signature(s->api, {"RedBlackTree::nope()"}), std::invalid_argument);
  std::FILE* bad = std::fopen(path.c_str(), "w");
  std::fputs("{ not json", bad);
  std::fclose(bad);
  EXPECT_THROW(builders::read_builders_file(path), std::invalid_argument);
}

TEST(Observers, AnOperationThatCrashedIsNotCalledAnObserver) {
  Api api;
  api.add_class<fragile::Glass>().constructor<>().method("fill", &fragile::Glass::fill).method("peek", &fragile::Glass::peek);
  builders::BuilderSearchOptions o;
  o.target = class_id<fragile::Glass>();
  o.operations = select_operations(api, o.target, {"all"});
  o.workers = 2;
  builders::Classification c = builders::classify_operations(api, o);
  for (const auto& oc : c.operations)
    if (api.operations()[oc.op].name == "peek") {
      EXPECT_EQ(oc.role, builders::OperationRole::Untested) << oc.evidence;
    }
}

TEST(Selection, SignatureWithoutTheClassNamesTheOverload) {
  auto s = subject("rbt");
  Names chosen;
  for (uint32_t op : s->ops({"add(int)", "RedBlackTree()", "contains(int)"})) chosen.push_back(s->api.operations()[op].signature());
  std::sort(chosen.begin(), chosen.end());
  EXPECT_EQ(chosen, (Names{"RedBlackTree::RedBlackTree()", "RedBlackTree::add(int)", "RedBlackTree::contains(int) const"}));
  EXPECT_THROW(s->ops({"add(long)"}), std::invalid_argument);
  EXPECT_THROW(s->ops({"Tree::add(int)"}), std::invalid_argument);  // not a whole qualifier
}

}  // namespace
}  // namespace objgen
