// The states an invariant accepts against those the API builds, compared by canonical form:
// counts of each side and of both, a state of another class never matching, structures without
// a canonical form or seen twice left out, and the smallest witnesses of each side.
#include "gen/invariant/api_diff.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace api_diff_test {

using namespace objgen;
using namespace objgen::invariant;

constexpr ClassId kTree = 1, kNode = 2;

// Korat's BinaryTree with up to two nodes: root, size, then each node's left and right. A
// pointer's value v > 0 is node v - 1.
FieldSpace tree_space() {
  std::map<ClassId, ClassLayout> layouts{
      {kTree, ClassLayout{16, 8, {{"root", 0, 8, FieldKind::Pointer, kNode}, {"size", 8, 4, FieldKind::Signed, 0}}}},
      {kNode, ClassLayout{16, 8, {{"left", 0, 8, FieldKind::Pointer, kNode}, {"right", 8, 8, FieldKind::Pointer, kNode}}}}};
  Finitization fin;
  fin.scope = 2;
  fin.ranges["size"] = {0, 2};
  return build_field_space(
      kTree, fin, [&](ClassId c) -> const ClassLayout* { return layouts.count(c) ? &layouts.at(c) : nullptr; },
      [](ClassId c) { return std::string(c == kTree ? "Tree" : "Node"); });
}

Fingerprint fp(uint64_t n) { return {n, n * 7919}; }

// A search result of the given structures (candidate vectors) and their fingerprints.
SearchResult found(const std::vector<std::vector<uint8_t>>& structures, const std::vector<Fingerprint>& fps) {
  SearchResult r;
  r.space = tree_space();
  std::vector<uint8_t> vectors;
  for (const auto& v : structures) {
    EXPECT_EQ(v.size(), r.space.fields.size());
    vectors.insert(vectors.end(), v.begin(), v.end());
  }
  r.found = FoundStructures(static_cast<uint32_t>(r.space.fields.size()), std::move(vectors), fps);
  r.structures = fps.size();
  return r;
}

const std::vector<uint8_t> kEmpty{0, 0, 0, 0, 0, 0};     // no root: the tree object alone
const std::vector<uint8_t> kOneNode{1, 1, 0, 0, 0, 0};   // root -> node 0
const std::vector<uint8_t> kTwoNodes{1, 2, 2, 0, 0, 0};  // root -> node 0, its left -> node 1

// A store holding the given (fingerprint, class) states, in that order.
StateStore store_of(const std::vector<std::pair<Fingerprint, ClassId>>& states) {
  StateStore s;
  for (const auto& [f, cls] : states) {
    uint32_t seq = s.add_sequence(0, {});
    s.add_state(f, seq, kResultSlot, cls, 1);
  }
  s.seal();
  return s;
}

TEST(ApiDiff, CountsEachSideAndBoth) {
  ASSERT_EQ(tree_space().fields.size(), 6u);
  SearchResult r = found({kEmpty, kOneNode, kTwoNodes}, {fp(1), fp(2), fp(3)});
  StateStore store = store_of({{fp(1), kTree}, {fp(4), kTree}});
  ApiDiff d = diff_against_api(r, store, kTree, 5);
  EXPECT_EQ(d.invariant_states, 3u);
  EXPECT_EQ(d.api_states, 2u);
  EXPECT_EQ(d.both, 1u);
  EXPECT_EQ(d.invariant_only, 2u);
  EXPECT_EQ(d.api_only, 1u);
  EXPECT_EQ(d.api_only_examples, (std::vector<uint32_t>{1}));
}

TEST(ApiDiff, AStateOfAnotherClassIsNoMatch) {
  SearchResult r = found({kOneNode}, {fp(2)});
  StateStore store = store_of({{fp(2), kNode}});
  ApiDiff d = diff_against_api(r, store, kTree, 5);
  EXPECT_EQ(d.both, 0u);
  EXPECT_EQ(d.invariant_only, 1u);
  EXPECT_EQ(d.api_states, 0u);  // only the tree's own states count
}

TEST(ApiDiff, StructuresWithoutACanonicalFormOrSeenBeforeAreLeftOut) {
  SearchResult r = found({kOneNode, kEmpty, kOneNode}, {fp(2), Fingerprint{}, fp(2)});
  StateStore store = store_of({});
  ApiDiff d = diff_against_api(r, store, kTree, 5);
  EXPECT_EQ(d.invariant_states, 1u);
  EXPECT_EQ(d.invariant_only, 1u);
  EXPECT_EQ(d.invariant_only_examples, (std::vector<size_t>{0}));
}

TEST(ApiDiff, TheSmallestWitnessesComeFirst) {
  // Invariant-only structures of 3, 1 and 2 reachable objects, and one more of 2.
  SearchResult r = found({kTwoNodes, kEmpty, kOneNode, kOneNode}, {fp(3), fp(1), fp(2), fp(5)});
  StateStore store = store_of({{fp(6), kTree}, {fp(7), kTree}, {fp(8), kTree}});
  ApiDiff two = diff_against_api(r, store, kTree, 2);
  EXPECT_EQ(two.invariant_only, 4u);
  EXPECT_EQ(two.invariant_only_examples, (std::vector<size_t>{1, 2}));  // ties in the search's order
  EXPECT_EQ(two.api_only, 3u);
  EXPECT_EQ(two.api_only_examples, (std::vector<uint32_t>{0, 1}));  // the order the API reached them
  ApiDiff all = diff_against_api(r, store, kTree, 10);
  EXPECT_EQ(all.invariant_only_examples, (std::vector<size_t>{1, 2, 3, 0}));
}

TEST(ApiDiff, NoExamplesWhenNoneAreAsked) {
  SearchResult r = found({kEmpty, kOneNode}, {fp(1), fp(2)});
  StateStore store = store_of({{fp(3), kTree}});
  ApiDiff d = diff_against_api(r, store, kTree, 0);
  EXPECT_EQ(d.invariant_only, 2u);
  EXPECT_EQ(d.api_only, 1u);
  EXPECT_TRUE(d.invariant_only_examples.empty());
  EXPECT_TRUE(d.api_only_examples.empty());
}

}  // namespace api_diff_test
