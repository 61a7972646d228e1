// Field extensions: the distinct (class.field, object number, value) triples a set of objects
// shows, a cheap measure of how much of the state space the objects cover (builder
// identification maximizes it).
#include "heap/field_extensions.hpp"

#include <gtest/gtest.h>

#include <regex>

#include "objgen/objgen.hpp"

namespace field_extensions_test {
struct Node {
  int value = 0;
  Node* next = nullptr;
};
struct List {
  Node* head = nullptr;
  int size = 0;
};
struct Pair {
  int a = 0;
  int b = 0;
};

// A list of two nodes at most, held by value so that copies sit at other addresses.
struct TwoNodes {
  Node first, second;
  List list;
  TwoNodes(int x) {
    first.value = x;
    list = {&first, 1};
  }
  TwoNodes(int x, int y) : TwoNodes(x) {
    second.value = y;
    first.next = &second;
    list.size = 2;
  }
};
}  // namespace field_extensions_test
OBJGEN_FIELDS(field_extensions_test::Node, value, next)
OBJGEN_FIELDS(field_extensions_test::List, head, size)
OBJGEN_FIELDS(field_extensions_test::Pair, a, b)

namespace objgen {
namespace {

using field_extensions_test::TwoNodes;

TEST(FieldExtensions, StartsEmptyAndCountsEveryFieldOfEveryReachedObject) {
  FieldExtensions ext(3, nullptr);
  EXPECT_EQ(ext.size(), 0u);
  TwoNodes one(5);
  EXPECT_TRUE(ext.add(class_id<field_extensions_test::List>(), &one.list));
  EXPECT_EQ(ext.size(), 4u);  // List.head, List.size, Node.value, Node.next
}

TEST(FieldExtensions, AnIsomorphicHeapAddsNothing) {
  FieldExtensions ext(3, nullptr);
  TwoNodes one(5), same(5);
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &one.list));
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &one.list));
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &same.list));
  EXPECT_EQ(ext.size(), 4u);
}

TEST(FieldExtensions, OnlyTheFieldsWithNewValuesAreNewTriples) {
  FieldExtensions ext(3, nullptr);
  TwoNodes five(5), six(6), five_six(5, 6);
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &five.list));
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &six.list));
  EXPECT_EQ(ext.size(), 5u) << "node 0's value 6";
  // List.size 2, node 0's next pointing at node 1, node 1's value and its null next.
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &five_six.list));
  EXPECT_EQ(ext.size(), 9u);
}

TEST(FieldExtensions, TheSameValueInAnotherObjectOrFieldIsAnotherTriple) {
  FieldExtensions ext(3, nullptr);
  field_extensions_test::Pair zeros;
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::Pair>(), &zeros));
  EXPECT_EQ(ext.size(), 2u) << "a = 0 and b = 0";
  TwoNodes same_values(0, 0);
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &same_values.list));
  EXPECT_EQ(ext.size(), 2u + 6u) << "node 1's value 0 is not node 0's";
}

TEST(FieldExtensions, AnObjectOutOfScopeAddsNothing) {
  FieldExtensions ext(1, nullptr);
  TwoNodes two(5, 6);
  EXPECT_FALSE(ext.add(class_id<field_extensions_test::List>(), &two.list));
  EXPECT_EQ(ext.size(), 0u);
  TwoNodes one(5);
  EXPECT_TRUE(ext.add(class_id<field_extensions_test::List>(), &one.list));
  EXPECT_EQ(ext.size(), 4u);
}

TEST(FieldExtensions, OmittedFieldsAreNoTriples) {
  FieldExtensions ext(3, std::make_shared<const std::regex>("size"));
  TwoNodes one(5), longer(5);
  longer.list.size = 7;
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &one.list));
  ASSERT_TRUE(ext.add(class_id<field_extensions_test::List>(), &longer.list));
  EXPECT_EQ(ext.size(), 3u);
}

}  // namespace
}  // namespace objgen
