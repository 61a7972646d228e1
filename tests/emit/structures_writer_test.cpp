// A structure a search from an invariant found, as C++ a user can paste into a test: the objects
// its root reaches made with new, then each of their fields set to its value.
#include "emit/structures_writer.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace structures_writer_test {

using objgen::ClassId;
using objgen::ClassLayout;
using objgen::FieldKind;

constexpr ClassId kList = 31, kNode = 32, kOtherNode = 33;

// ds::List { Node* head; int size; bool flag; }, ds::List::Node { Node* next; int value; }, and
// for the clash of short names ds::Pair { ds::List::Node* left; other::Node* right; }.
inline objgen::invariant::FieldSpace space(ClassId root, int scope) {
  std::map<ClassId, ClassLayout> layouts{
      {kList,
       ClassLayout{
           16, 8, {{"head", 0, 8, FieldKind::Pointer, kNode}, {"size", 8, 4, FieldKind::Signed, 0}, {"flag", 12, 1, FieldKind::Bool, 0}}}},
      {kNode, ClassLayout{16, 8, {{"next", 0, 8, FieldKind::Pointer, kNode}, {"value", 8, 4, FieldKind::Signed, 0}}}},
      {kOtherNode, ClassLayout{4, 4, {{"weight", 0, 4, FieldKind::Signed, 0}}}},
      {34, ClassLayout{16, 8, {{"left", 0, 8, FieldKind::Pointer, kNode}, {"right", 8, 8, FieldKind::Pointer, kOtherNode}}}}};
  std::map<ClassId, std::string> names{{kList, "ds::List"}, {kNode, "ds::List::Node"}, {kOtherNode, "other::Node"}, {34, "ds::Pair"}};
  objgen::invariant::Finitization fin;
  fin.scope = scope;
  return objgen::invariant::build_field_space(
      root, fin, [&](ClassId c) -> const ClassLayout* { return layouts.count(c) ? &layouts.at(c) : nullptr; },
      [&](ClassId c) { return names.at(c); });
}

}  // namespace structures_writer_test

namespace objgen {
namespace {

// Candidate vectors of the list at scope 2: List.head, List.size, List.flag, Node#0.next,
// Node#0.value, Node#1.next, Node#1.value; a pointer's value 0 is null, k the node k - 1.
TEST(StructuresWriter, OnlyTheObjectsTheRootReachesAreMadeAndSet) {
  invariant::FieldSpace space = structures_writer_test::space(structures_writer_test::kList, 2);
  ASSERT_EQ(space.fields.size(), 7u);
  const uint8_t one_node[] = {1, 1, 1, 0, 1, 0, 0};
  EXPECT_EQ(emit::structure_statements(space, one_node),
            (std::vector<std::string>{"auto* root = new ds::List();", "auto* node0 = new ds::List::Node();", "root->head = node0;",
                                      "root->size = 1;", "root->flag = true;", "node0->next = nullptr;", "node0->value = 1;"}));
}

TEST(StructuresWriter, PointersNameTheObjectsTheyReach) {
  invariant::FieldSpace space = structures_writer_test::space(structures_writer_test::kList, 2);
  const uint8_t two_nodes[] = {1, 0, 0, 2, 0, 1, 1};  // node 1 points back at node 0
  EXPECT_EQ(
      emit::structure_statements(space, two_nodes),
      (std::vector<std::string>{"auto* root = new ds::List();", "auto* node0 = new ds::List::Node();",
                                "auto* node1 = new ds::List::Node();", "root->head = node0;", "root->size = 0;", "root->flag = false;",
                                "node0->next = node1;", "node0->value = 0;", "node1->next = node0;", "node1->value = 1;"}));
}

TEST(StructuresWriter, AnEmptyStructureIsItsRootAlone) {
  invariant::FieldSpace space = structures_writer_test::space(structures_writer_test::kList, 2);
  const uint8_t empty[] = {0, 0, 0, 1, 1, 1, 1};  // the nodes' values do not count: nothing reaches them
  EXPECT_EQ(emit::structure_statements(space, empty),
            (std::vector<std::string>{"auto* root = new ds::List();", "root->head = nullptr;", "root->size = 0;", "root->flag = false;"}));
}

TEST(StructuresWriter, ClassesSharingAShortNameAreToldApartByTheirNumber) {
  invariant::FieldSpace space = structures_writer_test::space(34, 1);
  ASSERT_EQ(space.fields.size(), 5u);  // Pair.left, Pair.right, Node#0.next, Node#0.value, Node#0.weight
  const uint8_t both[] = {1, 1, 0, 0, 0};
  std::vector<std::string> lines = emit::structure_statements(space, both);
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[1], "auto* node0_0 = new ds::List::Node();");
  EXPECT_EQ(lines[2], "auto* node0_1 = new other::Node();");
  EXPECT_EQ(lines[3], "root->left = node0_0;");
  EXPECT_EQ(lines[4], "root->right = node0_1;");
}

}  // namespace
}  // namespace objgen
