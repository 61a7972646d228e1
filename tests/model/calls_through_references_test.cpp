// Calls through references as operations of the owner: `store.at(i).grow(n)` is one operation
// of Store, so the parts an object hands out by reference can be changed. Which members count as
// accessors, how the combined call is spelled and named, and how many are made.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/code_writer.hpp"
#include "objgen/objgen.hpp"

namespace calls_through_references_test {
struct Box {
  int width = 0;
  void grow(int by) { width += by; }
  void shrink(int by) { width -= by; }
  int widen(int by) { return width += by; }
};
inline void grow_twice(Box& b, int by) { b.grow(2 * by); }
struct Store {
  Box boxes[2];
  Box& at(int i) { return boxes[i & 1]; }
  Box* find(int width) {
    for (Box& b : boxes)
      if (b.width == width) return &b;
    return nullptr;
  }
  Box& operator[](int i) { return boxes[i & 1]; }
  Box& operator()(int i) { return boxes[i & 1]; }
  Box& operator*() { return boxes[0]; }
  Box& operatorFor(int i) { return boxes[i & 1]; }
};
}  // namespace calls_through_references_test
OBJGEN_FIELDS(calls_through_references_test::Box, width)
OBJGEN_FIELDS(calls_through_references_test::Store, boxes)

namespace objgen {
namespace {
using calls_through_references_test::Box;
using calls_through_references_test::Store;

const Operation& through_op(const Api& api, const std::string& name) {
  for (const Operation& o : api.operations())
    if (o.name == name) return o;
  throw std::logic_error("no operation " + name);
}

std::vector<std::string> through_names(const Api& api) {
  std::vector<std::string> out;
  for (const Operation& o : api.operations())
    if (o.through.derived()) out.push_back(o.name);
  return out;
}

// [] and () hand out parts as at() does; operator* (or any other operator) is no accessor, but a
// member whose name only starts with "operator" is an ordinary member.
TEST(CallsThroughReferences, OnlyTheIndexAndCallOperatorsAreAccessors) {
  Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow);
  api.add_class<Store>()
      .constructor<>()
      .method("operator[]", &Store::operator[])
      .method("operator()", &Store::operator())
      .method("operator*", &Store::operator*)
      .method("operatorFor", &Store::operatorFor);
  EXPECT_EQ(api.add_calls_through_references(), 3u);
  EXPECT_EQ(through_names(api), (std::vector<std::string>{"operator[].grow", "operator().grow", "operatorFor.grow"}));
  EXPECT_EQ(emit::call_statement(through_op(api, "operator[].grow"), {"v0", "1", "5"}, ""), "v0->operator[](1).grow(5);");
}

TEST(CallsThroughReferences, TheCombinedOperationRemembersItsParts) {
  Api api;
  api.add_class<Box>().constructor<>().method("widen", &Box::widen);
  api.add_class<Store>().constructor<>().method("at", &Store::at);
  ASSERT_EQ(api.add_calls_through_references(), 1u);
  const Operation& op = through_op(api, "at.widen");
  EXPECT_EQ(op.kind, OpKind::Method);
  EXPECT_EQ(op.owner, class_id<Store>());
  EXPECT_EQ(op.cpp_call, "at.widen");
  EXPECT_EQ(op.through.accessor, 3u);
  EXPECT_EQ(op.through.call, 1u);
  EXPECT_EQ(op.through.accessor_arity, 2u);
  EXPECT_EQ(op.through.accessor_name, "at");
  ASSERT_EQ(op.params.size(), 3u);
  EXPECT_EQ(op.params[0].cls, class_id<Store>());
  EXPECT_TRUE(op.result.is_literal()) << "the result is the called member's";
  EXPECT_EQ(op.signature(), "Store::at(int).widen(int)");
}

TEST(CallsThroughReferences, ParameterNamesAreTheAccessorsThenTheMembers) {
  Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow).param_names({"by"});
  api.add_class<Store>().constructor<>().method("at", &Store::at).param_names({"index"}).method("find", &Store::find);
  ASSERT_EQ(api.add_calls_through_references(), 2u);
  const Operation& at_grow = through_op(api, "at.grow");
  EXPECT_EQ(at_grow.param_names, (std::vector<std::string>{"", "index", "by"}));
  EXPECT_EQ(at_grow.parameter_name(1), "index");
  EXPECT_EQ(at_grow.parameter_name(2), "by");
  const Operation& find_grow = through_op(api, "find.grow");
  EXPECT_EQ(find_grow.param_names, (std::vector<std::string>{"", "", "by"}));
  EXPECT_EQ(find_grow.parameter_name(1), "parameter 1");
}

TEST(CallsThroughReferences, WithoutNamesThereAreNone) {
  Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow);
  api.add_class<Store>().constructor<>().method("at", &Store::at);
  api.add_calls_through_references();
  EXPECT_TRUE(through_op(api, "at.grow").param_names.empty());
}

// The limit counts the calls through references the API holds, those of earlier calls included.
TEST(CallsThroughReferences, TheLimitCapsHowManyTheApiHolds) {
  Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow).method("shrink", &Box::shrink);
  api.add_class<Store>().constructor<>().method("at", &Store::at).method("find", &Store::find);
  EXPECT_EQ(api.add_calls_through_references(3), 3u);
  EXPECT_EQ(api.add_calls_through_references(3), 0u);
  EXPECT_EQ(api.add_calls_through_references(), 1u) << "the fourth, once the limit allows it";
  EXPECT_EQ(through_names(api), (std::vector<std::string>{"at.grow", "at.shrink", "find.grow", "find.shrink"}));
}

// A member adapted by a lambda is written by its pattern: a reference's part is passed by address.
TEST(CallsThroughReferences, AMembersOwnPatternGetsThePartByAddressOrPointer) {
  Api api;
  api.add_class<Box>()
      .constructor<>()
      .method("grow_twice", &calls_through_references_test::grow_twice)
      .emitted_as("calls_through_references_test::grow_twice(*{0}, {1})");
  api.add_class<Store>().constructor<>().method("at", &Store::at).method("find", &Store::find);
  ASSERT_EQ(api.add_calls_through_references(), 2u);
  EXPECT_EQ(through_op(api, "at.grow_twice").call_pattern, "calls_through_references_test::grow_twice(*(&{0}->at({1})), {2})");
  EXPECT_EQ(through_op(api, "find.grow_twice").call_pattern, "calls_through_references_test::grow_twice(*{0}->find({1}), {2})");
  EXPECT_EQ(emit::call_statement(through_op(api, "at.grow_twice"), {"v0", "1", "4"}, ""),
            "calls_through_references_test::grow_twice(*(&v0->at(1)), 4);");
}

TEST(CallsThroughReferences, AnAdaptedAccessorIsKeptWholeInParentheses) {
  Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow);
  api.add_class<Store>().constructor<>().method("slot", [](Store& s, int i) -> Box& { return s.at(i); }).emitted_as("{0}->at({1})");
  ASSERT_EQ(api.add_calls_through_references(), 1u);
  const Operation& op = through_op(api, "slot.grow");
  EXPECT_TRUE(op.emittable);
  EXPECT_EQ(emit::call_statement(op, {"v0", "1", "5"}, ""), "(v0->at(1)).grow(5);");
  Store store;
  Object held(&store, [](void*) {});
  Literal one{LiteralKind::Int, 1}, five{LiteralKind::Int, 5};
  Arg args[3] = {{nullptr, &held}, {&one, nullptr}, {&five, nullptr}};
  CallResult out;
  op.call(args, out);
  EXPECT_EQ(store.boxes[1].width, 5);
}

TEST(CallsThroughReferences, AnAccessorEmittedCodeCannotCallMakesCallsItCannotWrite) {
  Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow);
  api.add_class<Store>().constructor<>().method("slot", [](Store& s, int i) -> Box& { return s.at(i); });
  ASSERT_EQ(api.add_calls_through_references(), 1u);
  EXPECT_FALSE(through_op(api, "slot.grow").emittable);
}

}  // namespace
}  // namespace objgen
