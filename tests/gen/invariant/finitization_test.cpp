// The bounds of a search from an invariant: which objects exist (the root, then each class its
// pointer fields reach, breadth first), which fields make the candidate vector and the values
// each may take, as the user's counts, ranges and non-null fields (or their defaults) say.
#include "gen/invariant/finitization.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace objgen::invariant {
namespace {

constexpr ClassId kFinList = 11, kFinNode = 12, kFinEntry = 13, kFinBag = 14;

// ds::List { Node* head; int size; bool flag; std::string name; }
// ds::List::Node { Node* next; int value; Entry* entry; }
// ds::Entry { unsigned char key; }
std::map<ClassId, ClassLayout> finitization_layouts() {
  return {{kFinList, ClassLayout{48,
                                 8,
                                 {{"head", 0, 8, FieldKind::Pointer, kFinNode},
                                  {"size", 8, 4, FieldKind::Signed, 0},
                                  {"flag", 12, 1, FieldKind::Bool, 0},
                                  {"name", 16, 32, FieldKind::Other, 0}}}},
          {kFinNode, ClassLayout{24,
                                 8,
                                 {{"next", 0, 8, FieldKind::Pointer, kFinNode},
                                  {"value", 8, 4, FieldKind::Signed, 0},
                                  {"entry", 16, 8, FieldKind::Pointer, kFinEntry}}}},
          {kFinEntry, ClassLayout{1, 1, {{"key", 0, 1, FieldKind::Unsigned, 0}}}}};
}

FieldSpace finitization_space(const Finitization& fin, std::map<ClassId, ClassLayout> layouts = finitization_layouts(),
                              ClassId root = kFinList) {
  std::map<ClassId, std::string> names{{kFinList, "ds::List"}, {kFinNode, "ds::List::Node"}, {kFinEntry, "ds::Entry"}, {kFinBag, "Bag"}};
  return build_field_space(
      root, fin, [&](ClassId c) -> const ClassLayout* { return layouts.count(c) ? &layouts.at(c) : nullptr; },
      [&](ClassId c) { return names.at(c); });
}

Finitization finitization_scope(int scope) {
  Finitization fin;
  fin.scope = scope;
  return fin;
}

std::vector<std::string> finitization_field_names(const FieldSpace& space) {
  std::vector<std::string> out;
  for (uint32_t f = 0; f < space.fields.size(); ++f) out.push_back(space.field_name(f));
  return out;
}

TEST(Finitization, ShortClassNames) {
  EXPECT_EQ(short_class_name("ds::List::Node"), "Node");
  EXPECT_EQ(short_class_name("Node"), "Node");
  EXPECT_EQ(short_class_name(""), "");
}

TEST(Finitization, RangesAreOneValueOrLowDotDotHigh) {
  EXPECT_EQ(parse_range("-2..-1"), (std::pair<int64_t, int64_t>{-2, -1}));
  EXPECT_EQ(parse_range("0..0"), (std::pair<int64_t, int64_t>{0, 0}));
  EXPECT_THROW(parse_range(""), std::invalid_argument);
  EXPECT_THROW(parse_range("1.."), std::invalid_argument);
  EXPECT_THROW(parse_range("..2"), std::invalid_argument);
  EXPECT_THROW(parse_range("1x"), std::invalid_argument);
  EXPECT_THROW(parse_range("99999999999999999999"), std::invalid_argument);
}

TEST(Finitization, TheRootThenEachClassReachedBreadthFirst) {
  FieldSpace space = finitization_space(finitization_scope(2));
  ASSERT_EQ(space.classes.size(), 2u);
  EXPECT_EQ(space.classes[0].cls, kFinNode);
  EXPECT_EQ(space.classes[0].count, 2u);
  EXPECT_EQ(space.classes[0].first_object, 1u);
  EXPECT_EQ(space.classes[1].cls, kFinEntry);
  EXPECT_EQ(space.classes[1].first_object, 3u);
  ASSERT_EQ(space.objects.size(), 5u);
  EXPECT_EQ(space.objects[0].class_domain, -1);
  EXPECT_EQ(space.object_name(0), "List");
  EXPECT_EQ(space.object_name(2), "Node#1");
  EXPECT_EQ(space.object_name(4), "Entry#1");
  // Fields object after object, each in its layout's order; the string is no field of the vector.
  EXPECT_EQ(finitization_field_names(space),
            (std::vector<std::string>{"List.head", "List.size", "List.flag", "Node#0.next", "Node#0.value", "Node#0.entry", "Node#1.next",
                                      "Node#1.value", "Node#1.entry", "Entry#0.key", "Entry#1.key"}));
  EXPECT_EQ(space.left_as_constructed, (std::vector<std::string>{"ds::List::name"}));
  EXPECT_EQ(space.objects[1].first_field, 3u);
  EXPECT_EQ(space.objects[1].field_count, 3u);
}

TEST(Finitization, DefaultDomainsFollowTheScope) {
  FieldSpace space = finitization_space(finitization_scope(2));
  const Domain& head = space.domains[space.fields[0].domain];
  EXPECT_EQ(head.kind, Domain::Objects);
  EXPECT_TRUE(head.null_allowed);
  EXPECT_EQ(head.size, 3u);  // null and two nodes
  const Domain& size = space.domains[space.fields[1].domain];
  EXPECT_EQ(size.kind, Domain::Ints);
  EXPECT_EQ(size.lo, 0);
  EXPECT_EQ(size.hi, 1);
  const Domain& flag = space.domains[space.fields[2].domain];
  EXPECT_EQ(flag.size, 2u);
  // 3 * 2 * 2 for the list, (3 * 2 * 3) per node, 2 per entry.
  EXPECT_NEAR(space.log10_candidates(), std::log10(12.0 * 18 * 18 * 2 * 2), 1e-9);
}

TEST(Finitization, ValuesAsCppText) {
  Finitization fin = finitization_scope(2);
  fin.ranges["Node.value"] = {-1, 1};
  FieldSpace space = finitization_space(fin);
  EXPECT_EQ(space.value_text(0, 0), "nullptr");
  EXPECT_EQ(space.value_text(0, 1), "Node#0");
  EXPECT_EQ(space.value_text(0, 2), "Node#1");
  EXPECT_EQ(space.value_text(2, 0), "false");
  EXPECT_EQ(space.value_text(2, 1), "true");
  EXPECT_EQ(space.value_text(4, 0), "-1");
  EXPECT_EQ(space.value_text(4, 2), "1");
  EXPECT_EQ(space.value_text(5, 2), "Entry#1");
}

TEST(Finitization, AnObjectValueIndexSkipsNull) {
  Domain nullable{Domain::Objects, 0, 0, true, 0, 0, 3};
  EXPECT_EQ(nullable.object_of(0), -1);
  EXPECT_EQ(nullable.object_of(2), 1);
  Domain never_null{Domain::Objects, 0, 0, false, 0, 0, 2};
  EXPECT_EQ(never_null.object_of(0), 0);
  EXPECT_EQ(never_null.object_of(1), 1);
  Domain ints{Domain::Ints, 0, 0, true, 0, 4, 5};
  EXPECT_EQ(ints.object_of(1), -1);
}

TEST(Finitization, ObjectCountsByShortOrFullNameAndNonNullFields) {
  Finitization fin = finitization_scope(2);
  fin.objects["Node"] = 1;
  fin.objects["ds::Entry"] = 3;
  fin.not_null.push_back("Node::next");
  FieldSpace space = finitization_space(fin);
  EXPECT_EQ(space.classes[0].count, 1u);
  EXPECT_EQ(space.classes[1].count, 3u);
  const Domain& next = space.domains[space.fields[3].domain];
  EXPECT_FALSE(next.null_allowed);
  EXPECT_EQ(next.size, 1u);  // the one node, pointing to itself
  EXPECT_EQ(space.value_text(3, 0), "Node#0");
  EXPECT_TRUE(space.domains[space.fields[0].domain].null_allowed) << "head was not named";
  EXPECT_EQ(space.fields.size(), 3u + 3u + 3u);
}

TEST(Finitization, NoObjectsOfAClassLeavesItsPointersNullOnly) {
  Finitization fin = finitization_scope(1);
  fin.objects["Entry"] = 0;
  FieldSpace space = finitization_space(fin);
  EXPECT_EQ(space.objects.size(), 2u);  // the list and one node
  EXPECT_EQ(space.domains[space.fields[5].domain].size, 1u);
  EXPECT_EQ(space.value_text(5, 0), "nullptr");
  fin.not_null.push_back("entry");
  EXPECT_THROW(finitization_space(fin), std::invalid_argument) << "no object, and null refused: no value";
}

TEST(Finitization, TheCommandLineWinsOverTheFileHoweverEitherNamesAField) {
  Finitization fin = finitization_scope(2);
  fin.file_ranges["List::size"] = {1, 1};
  FieldSpace from_file = finitization_space(fin);
  EXPECT_EQ(from_file.domains[from_file.fields[1].domain].lo, 1);
  EXPECT_EQ(from_file.domains[from_file.fields[1].domain].size, 1u);
  fin.ranges["ds::List.size"] = {0, 4};
  FieldSpace both = finitization_space(fin);
  EXPECT_EQ(both.domains[both.fields[1].domain].lo, 0);
  EXPECT_EQ(both.domains[both.fields[1].domain].hi, 4);
  fin.file_objects["Node"] = 3;
  fin.objects["ds::List::Node"] = 1;
  EXPECT_EQ(finitization_space(fin).classes[0].count, 1u);
  fin.objects.clear();
  EXPECT_EQ(finitization_space(fin).classes[0].count, 3u);
}

TEST(Finitization, RangesMustFitTheFieldsType) {
  Finitization fin = finitization_scope(1);
  fin.ranges["key"] = {0, 255};  // an unsigned char: all of it
  EXPECT_EQ(finitization_space(fin).domains.back().size, 256u);
  fin.ranges["key"] = {-1, 3};
  EXPECT_THROW(finitization_space(fin), std::invalid_argument);
  fin.ranges["key"] = {0, 256};
  EXPECT_THROW(finitization_space(fin), std::invalid_argument);
  fin.ranges.clear();
  fin.ranges["flag"] = {0, 2};
  EXPECT_THROW(finitization_space(fin), std::invalid_argument);
  fin.ranges.clear();
  fin.ranges["value"] = {3, 2};
  EXPECT_THROW(finitization_space(fin), std::invalid_argument);
  fin.ranges.clear();
  fin.ranges["value"] = {-128, 127};
  EXPECT_EQ(finitization_space(fin).domains[finitization_space(fin).fields[4].domain].size, 256u);
}

TEST(Finitization, EveryNameGivenMustBeUsed) {
  Finitization objects = finitization_scope(1);
  objects.objects["Tree"] = 1;
  EXPECT_THROW(finitization_space(objects), std::invalid_argument);
  Finitization file_objects = finitization_scope(1);
  file_objects.file_objects["Tree"] = 1;
  EXPECT_THROW(finitization_space(file_objects), std::invalid_argument);
  Finitization file_ranges = finitization_scope(1);
  file_ranges.file_ranges["List::height"] = {0, 1};
  EXPECT_THROW(finitization_space(file_ranges), std::invalid_argument);
  Finitization not_null = finitization_scope(1);
  not_null.not_null.push_back("size");  // an int, not a pointer
  EXPECT_THROW(finitization_space(not_null), std::invalid_argument);
  Finitization negative = finitization_scope(1);
  negative.objects["Node"] = -1;
  EXPECT_THROW(finitization_space(negative), std::invalid_argument);
  EXPECT_THROW(finitization_space(finitization_scope(-1)), std::invalid_argument);
}

TEST(Finitization, AClassWithNothingToSearchIsRefused) {
  std::map<ClassId, ClassLayout> layouts{{kFinBag, ClassLayout{32, 8, {{"name", 0, 32, FieldKind::Other, 0}}}}};
  try {
    finitization_space(finitization_scope(2), layouts, kFinBag);
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no field of Bag"), std::string::npos) << e.what();
  }
}

TEST(Finitization, AVectorOfPointersToAClassWithoutLayoutIsLeftAsConstructed) {
  // Bag { std::vector<Opaque*> items; int n; }, Opaque has no layout.
  constexpr ClassId kOpaque = 99;
  std::map<ClassId, ClassLayout> layouts{
      {kFinBag,
       ClassLayout{32, 8, {{"items", 0, 24, FieldKind::Vector, kOpaque, FieldKind::Pointer, 8}, {"n", 24, 4, FieldKind::Signed, 0}}}}};
  FieldSpace space = finitization_space(finitization_scope(2), layouts, kFinBag);
  EXPECT_TRUE(space.classes.empty());
  EXPECT_EQ(finitization_field_names(space), (std::vector<std::string>{"Bag.n"}));
  EXPECT_EQ(space.left_as_constructed, (std::vector<std::string>{"Bag::items"}));
}

TEST(Finitization, AVectorOfPointersGetsObjectElements) {
  // Bag { std::vector<Node*> items; } with nodes { Node* next; int value; Entry* entry; }
  std::map<ClassId, ClassLayout> layouts = finitization_layouts();
  layouts[kFinBag] = ClassLayout{24, 8, {{"items", 0, 24, FieldKind::Vector, kFinNode, FieldKind::Pointer, 8}}};
  Finitization fin = finitization_scope(1);
  fin.ranges["Bag.items.size"] = {1, 2};
  FieldSpace space = finitization_space(fin, layouts, kFinBag);
  ASSERT_GE(space.fields.size(), 3u);
  EXPECT_EQ(space.field_name(0), "Bag.items.size");
  EXPECT_EQ(space.field_name(1), "Bag.items[0]");
  EXPECT_EQ(space.field_name(2), "Bag.items[1]");
  EXPECT_EQ(space.fields[0].elements, 2u);
  EXPECT_EQ(space.domains[space.fields[0].domain].lo, 1);
  EXPECT_EQ(space.domains[space.fields[1].domain].kind, Domain::Objects);
  EXPECT_EQ(space.value_text(0, 0), "1");  // the shortest length
  EXPECT_EQ(space.value_text(2, 1), "Node#0");
}

TEST(Finitization, ReachableObjectsFollowPointersFromTheRoot) {
  FieldSpace space = finitization_space(finitization_scope(2));
  // head = Node#1, Node#1.next = Node#0, Node#0.entry = Entry#1; Node#1.entry null.
  std::vector<uint8_t> values(space.fields.size(), 0);
  values[0] = 2;
  values[6] = 1;
  values[5] = 2;
  std::vector<uint8_t> reached;
  space.reachable(values.data(), reached);
  EXPECT_EQ(reached, (std::vector<uint8_t>{1, 1, 1, 0, 1}));
  EXPECT_TRUE(space.in_structure(5, values.data(), reached));
  EXPECT_FALSE(space.in_structure(9, values.data(), reached)) << "Entry#0 is not reached";
  // A value past its domain is no object: nothing beyond the root.
  values.assign(space.fields.size(), 0);
  values[0] = 7;
  space.reachable(values.data(), reached);
  EXPECT_EQ(reached, (std::vector<uint8_t>{1, 0, 0, 0, 0}));
}

TEST(Finitization, AVectorsElementsPastItsLengthAreOutOfTheStructure) {
  std::map<ClassId, ClassLayout> layouts{{kFinBag, ClassLayout{24, 8, {{"items", 0, 24, FieldKind::Vector, 0, FieldKind::Signed, 4}}}}};
  Finitization fin = finitization_scope(3);
  fin.ranges["items.size"] = {1, 3};
  FieldSpace space = finitization_space(fin, layouts, kFinBag);
  ASSERT_EQ(space.fields.size(), 4u);
  std::vector<uint8_t> values{1, 0, 0, 0};  // length 2 (the range starts at 1)
  std::vector<uint8_t> reached;
  space.reachable(values.data(), reached);
  EXPECT_TRUE(space.in_structure(0, values.data(), reached));
  EXPECT_TRUE(space.in_structure(1, values.data(), reached));
  EXPECT_TRUE(space.in_structure(2, values.data(), reached));
  EXPECT_FALSE(space.in_structure(3, values.data(), reached));
}

}  // namespace
}  // namespace objgen::invariant
