// Korat's walk (gen/invariant) on models whose invariants read the vector through the cursor:
// the counts are Korat's own (its tests' expected structures and explored candidates), so the
// field order, the backtracking, the isomorphism breaking and the unread-field rule all match.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "gen/invariant/candidate_cursor.hpp"
#include "gen/invariant/finitization.hpp"

namespace objgen::invariant {
namespace {

constexpr ClassId kTree = 1, kNode = 2;

FieldLayout ptr(const char* name, uint32_t offset, ClassId target) { return {name, offset, 8, FieldKind::Pointer, target}; }
FieldLayout num(const char* name, uint32_t offset) { return {name, offset, 4, FieldKind::Signed, 0}; }

// Korat's BinaryTree: root, size, then per node left, right.
std::map<ClassId, ClassLayout> tree_layouts() {
  return {{kTree, ClassLayout{16, 8, {ptr("root", 0, kNode), num("size", 8)}}},
          {kNode, ClassLayout{16, 8, {ptr("left", 0, kNode), ptr("right", 8, kNode)}}}};
}

FieldSpace space_of(std::map<ClassId, ClassLayout> layouts, const Finitization& fin) {
  std::map<ClassId, std::string> names{{kTree, "korat::BinaryTree"}, {kNode, "korat::BinaryTree::Node"}};
  return build_field_space(
      kTree, fin, [&](ClassId c) -> const ClassLayout* { return layouts.count(c) ? &layouts.at(c) : nullptr; },
      [&](ClassId c) { return names.at(c); });
}

struct Counts {
  uint64_t explored = 0, found = 0;
};

// Runs Korat's loop with `check` as the invariant: check(read) returns whether the candidate is
// valid, reading field f's value index through read(f).
template <class Check>
Counts search(const FieldSpace& space, Check check) {
  std::vector<uint32_t> memory(CursorBlock::bytes_for(static_cast<uint32_t>(space.fields.size())) / 4 + 1);
  CursorBlock block;
  block.attach(memory.data(), static_cast<uint32_t>(space.fields.size()));
  block.clear();
  CandidateCursor cursor(space, block);
  Counts n;
  do {
    auto read = [&](uint32_t f) {
      cursor.read(f);
      return block.values[f];
    };
    ++n.explored;
    if (check(read, cursor)) {
      ++n.found;
      cursor.add_unread_reachable_fields();
    }
  } while (cursor.advance());
  return n;
}

// Korat's BinaryTree example with its repOK; nodes may be null, size is `nodes`.
Counts binary_tree(int nodes) {
  Finitization fin;
  fin.scope = nodes;
  fin.ranges["size"] = {nodes, nodes};
  FieldSpace space = space_of(tree_layouts(), fin);
  EXPECT_EQ(space.fields.size(), 2u + 2u * static_cast<unsigned>(nodes));
  // Field f of node k is 2 + 2k + f; a value v > 0 is node v - 1.
  auto left = [](int k) { return 2u + 2u * static_cast<unsigned>(k); };
  return search(space, [&](auto read, CandidateCursor&) {
    int root = read(0) - 1;
    if (root < 0) return nodes + read(1) == 0;  // size's one value is `nodes`
    std::set<int> visited{root};
    std::vector<int> work{root};
    for (size_t i = 0; i < work.size(); ++i) {
      for (unsigned side = 0; side < 2; ++side) {
        int child = read(left(work[i]) + side) - 1;
        if (child < 0) continue;
        if (!visited.insert(child).second) return false;
        work.push_back(child);
      }
    }
    return static_cast<int>(visited.size()) == nodes + static_cast<int>(read(1));
  });
}

TEST(InvariantSearch, BinaryTreeMatchesKoratsExpectedCounts) {
  Counts six = binary_tree(6);
  EXPECT_EQ(six.found, 132u);  // Catalan(6): Korat's own test expects 132
  Counts eight = binary_tree(8);
  EXPECT_EQ(eight.found, 1430u);
  EXPECT_EQ(eight.explored, 54418u);
}

TEST(InvariantSearch, UnreadReachableFieldsAreVariedAfterAValidCandidate) {
  // An invariant that accepts everything and reads only root: Korat still enumerates the reachable
  // fields (root -> node 0's left and right -> ...), up to isomorphism.
  Finitization fin;
  fin.scope = 1;
  fin.ranges["size"] = {0, 0};
  FieldSpace space = space_of(tree_layouts(), fin);
  Counts n = search(space, [](auto read, CandidateCursor&) { return read(0) >= 0; });
  // root null; root = node 0 with left, right each null or node 0: 1 + 4.
  EXPECT_EQ(n.found, 5u);
  EXPECT_EQ(n.explored, 5u);
}

TEST(InvariantSearch, AVectorIsItsLengthThenItsElements) {
  // A root with one vector of ints: its length 0..2, then two element fields of 0..1.
  constexpr ClassId kBag = 3;
  FieldLayout items{"items", 0, 24, FieldKind::Vector, 0, FieldKind::Signed, 4};
  std::map<ClassId, ClassLayout> layouts{{kBag, ClassLayout{24, 8, {items}}}};
  Finitization fin;
  fin.ranges["items.size"] = {0, 2};
  fin.ranges["items"] = {0, 1};
  FieldSpace space = build_field_space(
      kBag, fin, [&](ClassId c) -> const ClassLayout* { return layouts.count(c) ? &layouts.at(c) : nullptr; },
      [](ClassId) { return std::string("Bag"); });
  ASSERT_EQ(space.fields.size(), 3u);
  EXPECT_EQ(space.field_name(0), "Bag.items.size");
  EXPECT_EQ(space.field_name(2), "Bag.items[1]");
  EXPECT_EQ(space.fields[0].elements, 2u);
  EXPECT_EQ(space.fields[2].element, 1);
  // An invariant that reads only the length and accepts every vector: the unread-field rule
  // varies the elements within the length only, so each vector of 0..2 bits comes once (1+2+4).
  Counts n = search(space, [](auto read, CandidateCursor&) { return read(0) >= 0; });
  EXPECT_EQ(n.found, 7u);
  fin.ranges["items.size"] = {0, 256};
  EXPECT_THROW(build_field_space(
                   kBag, fin, [&](ClassId c) -> const ClassLayout* { return layouts.count(c) ? &layouts.at(c) : nullptr; },
                   [](ClassId) { return std::string("Bag"); }),
               std::invalid_argument);
}

TEST(InvariantSearch, FinitizationNamesItsProblems) {
  Finitization fin;
  fin.ranges["sise"] = {0, 1};
  EXPECT_THROW(space_of(tree_layouts(), fin), std::invalid_argument);
  fin.ranges.clear();
  fin.ranges["BinaryTree::size"] = {0, 300};
  EXPECT_THROW(space_of(tree_layouts(), fin), std::invalid_argument);
  fin.ranges.clear();
  auto no_node = tree_layouts();
  no_node.erase(kNode);
  EXPECT_THROW(space_of(no_node, fin), std::invalid_argument);  // Node has no layout
  // More fields than the load hooks can number: refused before any worker builds the objects.
  FieldLayout wide{"items", 8, 24, FieldKind::Vector, 0, FieldKind::Signed, 4};
  std::map<ClassId, ClassLayout> many{{kTree, ClassLayout{16, 8, {ptr("root", 0, kNode), num("size", 8)}}},
                                      {kNode, ClassLayout{32, 8, {ptr("next", 0, kNode), wide}}}};
  Finitization huge;
  huge.scope = 255;
  huge.ranges["items.size"] = {0, 255};
  EXPECT_THROW(space_of(many, huge), std::invalid_argument);  // 255 nodes x 257 fields
  EXPECT_EQ(parse_range("2..5"), (std::pair<int64_t, int64_t>{2, 5}));
  EXPECT_EQ(parse_range("-3"), (std::pair<int64_t, int64_t>{-3, -3}));
  EXPECT_THROW(parse_range("a..b"), std::invalid_argument);
}

}  // namespace
}  // namespace objgen::invariant
