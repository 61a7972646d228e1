// The canonical form of a candidate read from its vector: the same words and fingerprint as the
// linearizer's walk over the objects the arena builds from it, for every candidate of small spaces
// (two classes, a class pointing to its own kind and to the root's, every width and sign of
// integer, bools, enumerations); where it does not apply; and whether the invariant read every
// field the root reaches.
#include "gen/invariant/space_linearizer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "gen/invariant/object_arena.hpp"
#include "gen/invariant/space_of.hpp"
#include "objgen/objgen.hpp"

namespace space_linearizer_test {
enum class Shade : signed char { Dark = -1, Light = 1 };
enum Size : unsigned short { Small, Large };
struct Leaf {
  Leaf* twin = nullptr;
  unsigned char weight = 0;
};
struct Node {
  Node* left = nullptr;
  Node* right = nullptr;
  Leaf* leaf = nullptr;
  short key = 0;
  Shade shade = Shade::Light;
};
struct Tree {
  Node* root = nullptr;
  Leaf* spare = nullptr;
  long long count = 0;
  bool open = false;
  Size size = Small;
};
struct Chain {  // the root's class is also the class its pointers reach
  Chain* next = nullptr;
  int value = 0;
};
struct Labelled {  // a field no search writes
  Node* node = nullptr;
  std::string label;
};
struct Listed {
  std::vector<int> items;
};
}  // namespace space_linearizer_test

OBJGEN_FIELDS(space_linearizer_test::Leaf, twin, weight)
OBJGEN_FIELDS(space_linearizer_test::Node, left, right, leaf, key, shade)
OBJGEN_FIELDS(space_linearizer_test::Tree, root, spare, count, open, size)
OBJGEN_FIELDS(space_linearizer_test::Chain, next, value)
OBJGEN_FIELDS(space_linearizer_test::Labelled, node, label)
OBJGEN_FIELDS(space_linearizer_test::Listed, items)

namespace objgen::invariant {
namespace {

// Qualified: the unit tests are compiled a few files to a unit, whose neighbours name their own classes alike.
namespace sl = space_linearizer_test;

using test_support::space_of;

FieldSpace tree_space() {
  Finitization fin;
  fin.scope = 2;
  fin.ranges["key"] = {-3, 0};
  fin.ranges["count"] = {-1, 1};
  fin.ranges["weight"] = {254, 255};
  return space_of(class_id<sl::Tree>(), fin);
}

// Random candidates of `space`: the vector linearizer and the objects' linearizer agree on each.
void expect_same_as_objects(const FieldSpace& space, int candidates) {
  ASSERT_TRUE(SpaceLinearizer::applies(space, false));
  ObjectArena arena(space);
  SpaceLinearizer from_vector(space);
  Linearizer objects(8, nullptr);
  std::vector<uint8_t> values(space.fields.size()), seen(space.fields.size(), 1);
  std::mt19937 random(7);
  for (int i = 0; i < candidates; ++i) {
    for (size_t f = 0; f < values.size(); ++f) values[f] = static_cast<uint8_t>(random() % space.domains[space.fields[f].domain].size);
    arena.write_all(values.data());
    ASSERT_TRUE(objects.run(space.root, arena.root()));
    from_vector.run(values.data(), seen.data());
    ASSERT_TRUE(std::ranges::equal(objects.words(), from_vector.words())) << "candidate " << i;
    ASSERT_EQ(objects.fingerprint(space.root), from_vector.fingerprint()) << "candidate " << i;
  }
}

TEST(SpaceLinearizer, TheObjectsWordsForEveryCandidate) { expect_same_as_objects(tree_space(), 20000); }

TEST(SpaceLinearizer, TheRootsClassNumberedWithItsObjects) {
  Finitization fin;
  fin.scope = 3;
  fin.ranges["value"] = {-2, 2};
  expect_same_as_objects(space_of(class_id<sl::Chain>(), fin), 5000);
}

TEST(SpaceLinearizer, OnlyWhereEveryFieldIsAWord) {
  Finitization fin;
  fin.scope = 1;
  EXPECT_FALSE(SpaceLinearizer::applies(tree_space(), true)) << "fields left out by --omit";
  EXPECT_FALSE(SpaceLinearizer::applies(space_of(class_id<sl::Labelled>(), fin), false)) << "a string left as constructed";
  fin.ranges["items.size"] = {0, 1};
  EXPECT_FALSE(SpaceLinearizer::applies(space_of(class_id<sl::Listed>(), fin), false)) << "a vector";
}

TEST(SpaceLinearizer, SaysWhetherEveryReachableFieldWasRead) {
  FieldSpace space = tree_space();
  SpaceLinearizer from_vector(space);
  std::vector<uint8_t> values(space.fields.size(), 0), seen(space.fields.size(), 0);
  // Nothing reachable but the tree itself: its fields read, the objects' unread.
  for (uint32_t f = 0; f < space.objects[0].field_count; ++f) seen[f] = 1;
  EXPECT_TRUE(from_vector.run(values.data(), seen.data()));
  // root = the first node (value 1): its fields now count, and are unread.
  values[0] = 1;
  EXPECT_FALSE(from_vector.run(values.data(), seen.data()));
  const SpaceObject& node = space.objects[space.classes[0].first_object];
  ASSERT_EQ(space.names.at(node.cls), space.names.at(class_id<sl::Node>()));
  for (uint32_t f = node.first_field; f < node.first_field + node.field_count; ++f) seen[f] = 1;
  EXPECT_TRUE(from_vector.run(values.data(), seen.data()));
}

}  // namespace
}  // namespace objgen::invariant
