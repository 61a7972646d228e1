// How a harness spells one call of a scanned member: the lambda it registers, the member or
// function pointer, the names of its parameters, and the pattern emitted tests print the call with
// ({k}: the operation's k-th argument, the receiver first).
#include "scan/call_spelling.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace call_spelling_test {

using objgen::scan::Function;
using objgen::scan::FunctionKind;
using objgen::scan::Param;
using objgen::scan::ParamSupport;

inline Param spelling_literal(const std::string& name, const std::string& type) {
  Param p;
  p.name = name;
  p.type = type;
  p.support = ParamSupport::Literal;
  return p;
}

// std::pair<int, int> (or a braced Point) built from two ints.
inline Param spelling_parts(const std::string& name, const std::string& construct, bool brace) {
  Param p;
  p.name = name;
  p.type = construct;
  p.support = ParamSupport::Parts;
  p.parts = {"int", "int"};
  p.construct = construct;
  p.brace = brace;
  return p;
}

inline Function spelling_function(FunctionKind kind, const std::string& name, const std::string& result, std::vector<Param> params,
                                  bool is_const = false) {
  Function f;
  f.kind = kind;
  f.name = name;
  f.qualified_name = "ns::" + name;
  f.result_type = result;
  f.params = std::move(params);
  f.is_const = is_const;
  return f;
}

// The target as Clang spells it, as objgen registers it, and the harness's alias.
struct Box {
  std::vector<Function> functions;
  objgen::scan::CallSpelling spelling{functions, "ns::Box<int, std::allocator<int>>", "ns::Box<int>", "Target"};
};

}  // namespace call_spelling_test

namespace objgen::scan {
namespace {

using call_spelling_test::spelling_function;
using call_spelling_test::spelling_literal;
using call_spelling_test::spelling_parts;

TEST(CallSpelling, EitherSpellingOfTheTargetBecomesTheAlias) {
  call_spelling_test::Box box;
  EXPECT_EQ(box.spelling.sp("const ns::Box<int>&"), "const Target&");
  EXPECT_EQ(box.spelling.sp("std::vector<ns::Box<int, std::allocator<int>>>"), "std::vector<Target>");
  EXPECT_EQ(box.spelling.sp("ns::Boxes"), "ns::Boxes");
  Function f = spelling_function(FunctionKind::Method, "merge", "void",
                                 {spelling_literal("a", "const ns::Box<int>&"), spelling_literal("b", "int")});
  EXPECT_EQ(box.spelling.params_list(f, 2), "const Target&, int");
  EXPECT_EQ(box.spelling.params_list(f, 1), "const Target&");
}

TEST(CallSpelling, AMethodsLambdaTakesTheObjectFirst) {
  call_spelling_test::Box box;
  EXPECT_EQ(box.spelling.lambda_for(spelling_function(FunctionKind::Method, "push", "void", {spelling_literal("v", "int")}), 1),
            "[](Target& self, int a0) -> void { return self.push(a0); }");
  EXPECT_EQ(box.spelling.lambda_for(spelling_function(FunctionKind::Method, "size", "size_t", {}, true), 0),
            "[](const Target& self) -> size_t { return self.size(); }");
}

TEST(CallSpelling, AConstructorsLambdaReturnsTheObjectAndAnArityLeavesOutDefaults) {
  call_spelling_test::Box box;
  Function ctor = spelling_function(FunctionKind::Constructor, "Box", "", {spelling_literal("n", "int"), spelling_literal("fill", "int")});
  EXPECT_EQ(box.spelling.lambda_for(ctor, 1), "[](int a0) -> Target { return Target(a0); }");
  EXPECT_EQ(box.spelling.lambda_for(ctor, 2), "[](int a0, int a1) -> Target { return Target(a0, a1); }");
}

TEST(CallSpelling, AFreeFunctionsLambdaCallsItByNameAndMovesRvalueArguments) {
  call_spelling_test::Box box;
  Function swap = spelling_function(FunctionKind::FreeFunction, "swap", "void",
                                    {spelling_literal("a", "ns::Box<int>&"), spelling_literal("b", "ns::Box<int>&&")});
  EXPECT_EQ(box.spelling.lambda_for(swap, 2), "[](Target& a0, Target&& a1) -> void { return swap(a0, std::move(a1)); }");
}

TEST(CallSpelling, AnArgumentBuiltFromPartsTakesOneLambdaParameterPerPart) {
  call_spelling_test::Box box;
  Function put = spelling_function(FunctionKind::Method, "put", "bool", {spelling_parts("p", "std::pair<int, int>", false)});
  EXPECT_TRUE(CallSpelling::has_parts(put));
  EXPECT_EQ(box.spelling.lambda_for(put, 1),
            "[](Target& self, int a0_0, int a0_1) -> bool { return self.put(std::pair<int, int>(a0_0, a0_1)); }");
  EXPECT_EQ(box.spelling.call_pattern(put, 1), "{0}->put(std::pair<int, int>({1}, {2}))");
  Function at =
      spelling_function(FunctionKind::Method, "at", "int", {spelling_parts("where", "ns::Point", true), spelling_literal("d", "int")});
  EXPECT_EQ(box.spelling.call_pattern(at, 2), "{0}->at(ns::Point{{1}, {2}}, {3})");
  EXPECT_FALSE(CallSpelling::has_parts(spelling_function(FunctionKind::Method, "push", "void", {spelling_literal("v", "int")})));
}

TEST(CallSpelling, ExplicitTemplateArgumentsAreNamedAtTheCall) {
  call_spelling_test::Box box;
  Function as = spelling_function(FunctionKind::Method, "as", "int", {}, true);
  as.explicit_template_arguments = "<int>";
  EXPECT_EQ(box.spelling.lambda_for(as, 0), "[](const Target& self) -> int { return self.as<int>(); }");
  EXPECT_EQ(box.spelling.call_pattern(as, 0), "{0}->as<int>()");
}

TEST(CallSpelling, CallPatternsOfConstructorsAndFunctionsNumberArgumentsFromZero) {
  call_spelling_test::Box box;
  EXPECT_EQ(box.spelling.call_pattern(
                spelling_function(FunctionKind::Constructor, "Box", "", {spelling_literal("n", "int"), spelling_literal("v", "int")}), 2),
            "ns::Box<int>({0}, {1})");
  Function swap = spelling_function(FunctionKind::FreeFunction, "swap", "void",
                                    {spelling_literal("a", "ns::Box<int>&"), spelling_literal("b", "ns::Box<int>&")});
  EXPECT_EQ(box.spelling.call_pattern(swap, 2), "ns::swap({0}, {1})");
  swap.is_hidden_friend = true;
  EXPECT_EQ(box.spelling.call_pattern(swap, 2), "swap({0}, {1})");
  Function make = spelling_function(FunctionKind::StaticMethod, "make", "ns::Box<int>", {spelling_literal("n", "int")});
  EXPECT_EQ(box.spelling.call_pattern(make, 1), "ns::Box<int>::make({0})");
}

TEST(CallSpelling, ParamNamesGiveOneNamePerSlotOrNothingWhenAllAreUnnamed) {
  call_spelling_test::Box box;
  Function f =
      spelling_function(FunctionKind::Method, "f", "void",
                        {spelling_literal("v", "int"), spelling_literal("", "int"), spelling_parts("p", "std::pair<int, int>", false)});
  EXPECT_EQ(box.spelling.param_names(f, 3), ".param_names({\"v\", \"\", \"p\", \"p\"})");
  EXPECT_EQ(box.spelling.param_names(f, 1), ".param_names({\"v\"})");
  Function unnamed = spelling_function(FunctionKind::Method, "g", "void", {spelling_literal("", "int")});
  EXPECT_EQ(box.spelling.param_names(unnamed, 1), "");
  EXPECT_EQ(box.spelling.param_names(f, 0), "");
}

TEST(CallSpelling, AConstOverloadBesideAMutatorIsCalledThroughAConstReference) {
  call_spelling_test::Box box;
  Function reading = spelling_function(FunctionKind::Method, "at", "const int&", {spelling_literal("i", "int")}, true);
  Function inserting = spelling_function(FunctionKind::Method, "at", "int&", {spelling_literal("i", "int")});
  Function size = spelling_function(FunctionKind::Method, "size", "int", {}, true);
  box.functions = {inserting, reading, size};
  EXPECT_EQ(box.spelling.call_pattern(reading, 1), "std::as_const(*{0}).at({1})");
  EXPECT_EQ(box.spelling.emitted_through_const(reading, 1), ".emitted_as(\"std::as_const(*{0}).at({1})\")");
  EXPECT_EQ(box.spelling.call_pattern(inserting, 1), "{0}->at({1})");
  EXPECT_EQ(box.spelling.emitted_through_const(inserting, 1), "");
  EXPECT_EQ(box.spelling.emitted_through_const(size, 0), "") << "no non-const size() beside it";
}

TEST(CallSpelling, PointersAreCastToTheirTypeOnlyWhenTheNameIsOverloaded) {
  call_spelling_test::Box box;
  Function push = spelling_function(FunctionKind::Method, "push", "void", {spelling_literal("v", "int")});
  EXPECT_EQ(box.spelling.member_pointer(push), "&Target::push");
  push.overloaded = true;
  push.pointer_type = "void (ns::Box<int>::*)(int)";
  EXPECT_EQ(box.spelling.member_pointer(push), "static_cast<void (Target::*)(int)>(&Target::push)");
  Function make = spelling_function(FunctionKind::StaticMethod, "make", "ns::Box<int>", {});
  EXPECT_EQ(box.spelling.free_pointer(make), "&Target::make");
  Function equal = spelling_function(FunctionKind::FreeFunction, "operator==", "bool", {});
  EXPECT_EQ(box.spelling.free_pointer(equal), "&ns::operator==");
  equal.overloaded = true;
  equal.pointer_type = "bool (*)(const ns::Box<int>&, const ns::Box<int>&)";
  EXPECT_EQ(box.spelling.free_pointer(equal), "static_cast<bool (*)(const Target&, const Target&)>(&ns::operator==)");
}

TEST(CallSpelling, TheCalleeIsUnqualifiedOnlyForAHiddenFriend) {
  call_spelling_test::Box box;
  Function f = spelling_function(FunctionKind::FreeFunction, "swap", "void", {});
  EXPECT_EQ(box.spelling.cpp_call_of(f), "ns::swap");
  f.is_hidden_friend = true;
  EXPECT_EQ(box.spelling.cpp_call_of(f), "swap");
  EXPECT_EQ(box.spelling.cpp_call_of(spelling_function(FunctionKind::StaticMethod, "make", "ns::Box<int>", {})), "ns::Box<int>::make");
  EXPECT_EQ(CallSpelling::quote("a b"), "\"a b\"");
}

}  // namespace
}  // namespace objgen::scan
