// Matching the operations of a class under test with a reference's: each operation gets a key
// of kind, owner, name, parameter and result types (the target's names spelled "@"), equal keys
// pair up, and a call sequence is translated into the reference's operations and literal indices.
#include "gen/differential/operation_match.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace objgen::differential {
namespace {

// Class ids of the hand-built APIs below: the target, another class, and the reference's target.
constexpr ClassId kOperationMatchTarget = 1;
constexpr ClassId kOperationMatchOther = 2;
constexpr ClassId kOperationMatchRefTarget = 3;

SlotType operation_match_object(ClassId cls, Passing passing, std::string cpp_type) {
  SlotType s;
  s.kind = SlotKind::Object;
  s.cls = cls;
  s.passing = passing;
  s.cpp_type = std::move(cpp_type);
  return s;
}

SlotType operation_match_literal(LiteralKind kind, std::string cpp_type) {
  SlotType s;
  s.kind = SlotKind::Literal;
  s.literal = kind;
  s.cpp_type = std::move(cpp_type);
  return s;
}

Operation operation_match_op(OpKind kind, ClassId owner, std::string name, std::vector<SlotType> params, SlotType result = {},
                             bool is_const = false) {
  Operation op;
  op.kind = kind;
  op.owner = owner;
  op.name = std::move(name);
  op.params = std::move(params);
  op.result = std::move(result);
  op.is_const = is_const;
  return op;
}

// Names by class id for a side whose target has id `target` and is spelled `target_name`.
std::vector<std::string> operation_match_names(ClassId target, const std::string& target_name) {
  std::vector<std::string> names(4, "");
  names[kOperationMatchOther] = "ns::Item";
  names[target] = target_name;
  return names;
}

// A Box-like API: Box(), add(int), size() const, merge(const Box&), make(int) -> Box.
void operation_match_box_api(Api& api, ClassId target, const std::string& spelled) {
  SlotType self = operation_match_object(target, Passing::Ref, spelled + "&");
  SlotType const_self = operation_match_object(target, Passing::ConstRef, "const " + spelled + "&");
  SlotType value = operation_match_object(target, Passing::Value, spelled);
  SlotType integer = operation_match_literal(LiteralKind::Int, "int");
  api.add_operation(operation_match_op(OpKind::Constructor, target, spelled, {}, value));
  api.add_operation(operation_match_op(OpKind::Method, target, "add", {self, integer}));
  api.add_operation(operation_match_op(OpKind::Method, target, "size", {const_self}, integer, true));
  api.add_operation(operation_match_op(OpKind::Method, target, "merge", {self, const_self}));
  api.add_operation(operation_match_op(OpKind::StaticFactory, target, "make", {integer}, value));
}

TEST(OperationMatch, KeysSpellTheTargetAsAPlaceholder) {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(2);
  Side side{api, kOperationMatchTarget, domain, operation_match_names(kOperationMatchTarget, "ns::Box"), "ns::Box"};
  SlotType const_self = operation_match_object(kOperationMatchTarget, Passing::ConstRef, "const ns::Box&");
  SlotType self = operation_match_object(kOperationMatchTarget, Passing::Ref, "ns::Box&");
  SlotType integer = operation_match_literal(LiteralKind::Int, "int");

  EXPECT_EQ(match_key(operation_match_op(OpKind::Method, kOperationMatchTarget, "size", {const_self}, integer, true), side),
            "Method @::size(@1) -> int/int const");
  EXPECT_EQ(match_key(operation_match_op(OpKind::Method, kOperationMatchTarget, "add", {self, integer}), side),
            "Method @::add(@2, int) -> ");
  EXPECT_EQ(match_key(operation_match_op(OpKind::Constructor, kOperationMatchTarget, "Box", {integer},
                                         operation_match_object(kOperationMatchTarget, Passing::Value, "ns::Box")),
                      side),
            "Constructor @::@(int) -> @");
  EXPECT_EQ(match_key(operation_match_op(OpKind::StaticFactory, kOperationMatchTarget, "make", {},
                                         operation_match_object(kOperationMatchTarget, Passing::UniquePtr, "std::unique_ptr<ns::Box>")),
                      side),
            "Factory @::make() -> @");
}

TEST(OperationMatch, OtherClassesAndTypesAreNormalizedOnlyOnWholeNames) {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(2);
  Side side{api, kOperationMatchTarget, domain, operation_match_names(kOperationMatchTarget, "ns::Box"), "ns::Box"};
  SlotType item = operation_match_object(kOperationMatchOther, Passing::ConstRef, "const ns::Item&");
  // A free function of another class taking a container of boxes, a BoxView and another Box.
  Operation f = operation_match_op(
      OpKind::FreeFunction, kOperationMatchOther, "fill",
      {item, operation_match_literal(LiteralKind::String, "std::vector<ns::Box>"), operation_match_literal(LiteralKind::String, "BoxView"),
       operation_match_literal(LiteralKind::String, "other::Box"), operation_match_literal(LiteralKind::String, "Box*")},
      operation_match_literal(LiteralKind::Bool, "bool"));
  EXPECT_EQ(match_key(f, side), "Function ns::Item::fill(const ns::Item&, std::vector<@>, BoxView, other::Box, @*) -> bool/bool");
  // A class id the side has no name for is spelled as nothing.
  Operation unknown = operation_match_op(OpKind::Method, 0, "boxed", {operation_match_object(0, Passing::Ref, "Thing&")});
  EXPECT_EQ(match_key(unknown, side), "Method ::boxed(Thing&) -> ");
}

TEST(OperationMatch, EqualSignaturesMatchAcrossTargetNames) {
  Api mine, theirs;
  operation_match_box_api(mine, kOperationMatchTarget, "ns::Box");
  operation_match_box_api(theirs, kOperationMatchRefTarget, "fixed::Box2");
  LiteralDomain domain = LiteralDomain::defaults(2);
  Side subject{mine, kOperationMatchTarget, domain, operation_match_names(kOperationMatchTarget, "ns::Box"), "ns::Box"};
  Side reference{theirs, kOperationMatchRefTarget, domain, operation_match_names(kOperationMatchRefTarget, "fixed::Box2"), "fixed::Box2"};
  OperationMatch m = match_operations(subject, reference);
  EXPECT_EQ(m.to_reference, (std::vector<int64_t>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(m.unmatched.empty());
  EXPECT_TRUE(m.reference_only.empty());
}

TEST(OperationMatch, DifferencesAreReportedOnBothSides) {
  Api mine, theirs;
  operation_match_box_api(mine, kOperationMatchTarget, "Box");
  SlotType self = operation_match_object(kOperationMatchTarget, Passing::Ref, "Box&");
  SlotType integer = operation_match_literal(LiteralKind::Int, "int");
  mine.add_operation(operation_match_op(OpKind::Method, kOperationMatchTarget, "clear", {self}));  // 5: only mine
  Operation check = operation_match_op(OpKind::Method, kOperationMatchTarget, "check", {self});
  check.contract = 0;  // a contract check: neither matched nor unmatched
  mine.add_operation(check);

  // The reference's add takes a long, its size is not const; it lacks make() and clear().
  SlotType rself = operation_match_object(kOperationMatchRefTarget, Passing::Ref, "Box&");
  SlotType rconst = operation_match_object(kOperationMatchRefTarget, Passing::ConstRef, "const Box&");
  SlotType rvalue = operation_match_object(kOperationMatchRefTarget, Passing::Value, "Box");
  theirs.add_operation(operation_match_op(OpKind::Method, kOperationMatchRefTarget, "merge", {rself, rconst}));
  theirs.add_operation(operation_match_op(OpKind::Constructor, kOperationMatchRefTarget, "Box", {}, rvalue));
  theirs.add_operation(
      operation_match_op(OpKind::Method, kOperationMatchRefTarget, "add", {rself, operation_match_literal(LiteralKind::Int, "long")}));
  theirs.add_operation(operation_match_op(OpKind::Method, kOperationMatchRefTarget, "size", {rself}, integer, false));

  LiteralDomain domain = LiteralDomain::defaults(2);
  Side subject{mine, kOperationMatchTarget, domain, operation_match_names(kOperationMatchTarget, "Box"), "Box"};
  Side reference{theirs, kOperationMatchRefTarget, domain, operation_match_names(kOperationMatchRefTarget, "Box"), "Box"};
  OperationMatch m = match_operations(subject, reference);
  EXPECT_EQ(m.to_reference, (std::vector<int64_t>{1, -1, -1, 0, -1, -1, -1}));
  EXPECT_EQ(m.unmatched, (std::vector<uint32_t>{1, 2, 4, 5}));
  // Sorted by key.
  EXPECT_EQ(m.reference_only, (std::vector<std::string>{"Method @::add(@2, long) -> ", "Method @::size(@2) -> int/int"}));
}

TEST(OperationMatch, EachReferenceOperationMatchesOnce) {
  Api mine, theirs;
  SlotType self = operation_match_object(kOperationMatchTarget, Passing::Ref, "Box&");
  mine.add_operation(operation_match_op(OpKind::Method, kOperationMatchTarget, "tick", {self}));
  mine.add_operation(operation_match_op(OpKind::Method, kOperationMatchTarget, "tick", {self}));
  theirs.add_operation(operation_match_op(OpKind::Method, kOperationMatchTarget, "tick", {self}));
  LiteralDomain domain = LiteralDomain::defaults(2);
  Side subject{mine, kOperationMatchTarget, domain, operation_match_names(kOperationMatchTarget, "Box"), "Box"};
  Side reference{theirs, kOperationMatchTarget, domain, operation_match_names(kOperationMatchTarget, "Box"), "Box"};
  OperationMatch m = match_operations(subject, reference);
  EXPECT_EQ(m.to_reference, (std::vector<int64_t>{0, -1}));
  EXPECT_EQ(m.unmatched, (std::vector<uint32_t>{1}));
}

// A subject with the Box API and ints 0..2, a reference with its operations in another order
// and ints listed as `reference_ints`.
struct OperationMatchTranslation {
  Api mine, theirs;
  LiteralDomain mine_domain = LiteralDomain::defaults(2), their_domain = LiteralDomain::defaults(2);
  OperationMatch match;
  explicit OperationMatchTranslation(const std::string& reference_ints) {
    operation_match_box_api(mine, kOperationMatchTarget, "Box");
    SlotType rself = operation_match_object(kOperationMatchRefTarget, Passing::Ref, "Box&");
    SlotType rvalue = operation_match_object(kOperationMatchRefTarget, Passing::Value, "Box");
    theirs.add_operation(
        operation_match_op(OpKind::Method, kOperationMatchRefTarget, "add", {rself, operation_match_literal(LiteralKind::Int, "int")}));
    theirs.add_operation(operation_match_op(OpKind::Constructor, kOperationMatchRefTarget, "Box", {}, rvalue));
    mine_domain.set_ints("0,1,2");
    their_domain.set_ints(reference_ints);
    match = match_operations(subject(), reference());
  }
  Side subject() const {
    return Side{mine, kOperationMatchTarget, mine_domain, operation_match_names(kOperationMatchTarget, "Box"), "Box"};
  }
  Side reference() const {
    return Side{theirs, kOperationMatchRefTarget, their_domain, operation_match_names(kOperationMatchRefTarget, "Box"), "Box"};
  }
  // Box b; b.add(ints[literal]) in the subject's numbering.
  FlatSequence add_sequence(int64_t literal) const {
    FlatSequence s;
    s.calls.push_back(FlatCall{0, {}, {0}});
    s.calls.push_back(FlatCall{1, {0, -1 - literal}, {0, -1}});
    s.result_value = 0;
    return s;
  }
};

TEST(OperationMatch, TranslateMapsOperationsAndLiteralsByValue) {
  OperationMatchTranslation t("2,0,1");
  std::optional<FlatSequence> out = translate(t.add_sequence(2), t.subject(), t.reference(), t.match);
  ASSERT_TRUE(out.has_value());
  ASSERT_EQ(out->calls.size(), 2u);
  EXPECT_EQ(out->calls[0], (FlatCall{1, {}, {0}}));
  // The value 2 is the reference's literal 0; object arguments and produced values stay.
  EXPECT_EQ(out->calls[1], (FlatCall{0, {0, -1}, {0, -1}}));
  EXPECT_EQ(out->result_value, 0);

  std::optional<FlatSequence> one = translate(t.add_sequence(1), t.subject(), t.reference(), t.match);
  ASSERT_TRUE(one.has_value());
  EXPECT_EQ(one->calls[1].args, (std::vector<int64_t>{0, -3}));
}

TEST(OperationMatch, TranslateFailsOnMissingValuesAndOperations) {
  OperationMatchTranslation t("0,1");
  EXPECT_TRUE(translate(t.add_sequence(1), t.subject(), t.reference(), t.match).has_value());
  EXPECT_FALSE(translate(t.add_sequence(2), t.subject(), t.reference(), t.match).has_value());  // no 2 there
  EXPECT_FALSE(translate(t.add_sequence(7), t.subject(), t.reference(), t.match).has_value());  // no such index here
  FlatSequence with_size = t.add_sequence(0);
  with_size.calls.push_back(FlatCall{2, {0}, {0}});  // size() has no counterpart
  EXPECT_FALSE(translate(with_size, t.subject(), t.reference(), t.match).has_value());
  FlatSequence bad_op = t.add_sequence(0);
  bad_op.calls[0].op = 99;
  EXPECT_FALSE(translate(bad_op, t.subject(), t.reference(), t.match).has_value());
}

}  // namespace
}  // namespace objgen::differential
