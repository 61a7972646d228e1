// Writes call sequences as C++ statements for the emitted suites, turns a call whose value was
// recorded into a GoogleTest check, and makes identifiers and include lines from names.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/code_writer.hpp"
#include "exec/sequence.hpp"
#include "objgen/objgen.hpp"

namespace code_writer_test {
struct Gauge {
  int level = 0;
  void set(int v) { level = v; }
  int get() const { return level; }
  std::string name() const { return "g"; }
  Gauge copy() const { return *this; }
  bool ok() const { return level >= 0; }
};
struct Plain {
  int x = 0;
};
}  // namespace code_writer_test
OBJGEN_FIELDS(code_writer_test::Gauge, level)
OBJGEN_FIELDS(code_writer_test::Plain, x)

namespace objgen {
namespace {
using code_writer_test::Gauge;

struct CodeWriterGauge {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);  // ints 0, 1, 2; strings "", "a"
  CodeWriterGauge() {
    api.add_class<Gauge>()
        .constructor<>()
        .method("set", &Gauge::set)
        .method("get", &Gauge::get)
        .method("name", &Gauge::name)
        .method("copy", &Gauge::copy)
        .method("twice", [](Gauge& g) { g.level *= 2; })
        .invariant(&Gauge::ok, "ok");
    api.add_class<code_writer_test::Plain>().constructor<>().invariant([](const code_writer_test::Plain&) { return true; });
  }
  uint32_t op(const std::string& name) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    throw std::logic_error("no operation " + name);
  }
};

TEST(WriteStatements, NumbersEachNewObjectAndSpellsLiterals) {
  CodeWriterGauge g;
  FlatSequence seq;
  seq.calls.push_back({g.op("Gauge"), {}});
  seq.calls.push_back({g.op("set"), {0, -2}});  // literal index 1 of the ints: 1
  seq.calls.push_back({g.op("copy"), {0}});
  seq.calls.push_back({g.op("get"), {1}});
  EXPECT_EQ(emit::write_statements(g.api, g.domain, seq),
            (std::vector<std::string>{"auto v0 = std::make_shared<code_writer_test::Gauge>();", "v0->set(1);",
                                      "auto v1 = std::make_shared<code_writer_test::Gauge>(v0->copy());", "(void)v1->get();"}));
  EXPECT_EQ(emit::write_statements(g.api, g.domain, seq, "obj")[2], "auto obj1 = std::make_shared<code_writer_test::Gauge>(obj0->copy());");
}

TEST(CallStatement, ALambdaWithoutACallIsACommentSayingSo) {
  CodeWriterGauge g;
  EXPECT_EQ(emit::call_statement(g.api.operations()[g.op("twice")], {"v0"}, ""),
            "// twice: registered as a lambda without a cpp_call; cannot be written as C++");
}

TEST(CallStatement, AVoidMemberIsNotCastAndAValueIs) {
  CodeWriterGauge g;
  EXPECT_EQ(emit::call_statement(g.api.operations()[g.op("set")], {"v3", "7"}, ""), "v3->set(7);");
  EXPECT_EQ(emit::call_statement(g.api.operations()[g.op("name")], {"v3"}, ""), "(void)v3->name();");
}

TEST(Emittable, FalseWhenAnyCallIsALambdaWithoutACall) {
  CodeWriterGauge g;
  FlatSequence seq;
  seq.calls.push_back({g.op("Gauge"), {}});
  EXPECT_TRUE(emit::emittable(g.api, seq));
  seq.calls.push_back({g.op("twice"), {0}});
  EXPECT_FALSE(emit::emittable(g.api, seq));
}

TEST(ExpectReturns, EachLiteralKindItsOwnCheck) {
  EXPECT_EQ(emit::expect_returns("(void)v0->get();", LiteralKind::Int, "3"), "EXPECT_EQ(static_cast<long long>(v0->get()), 3);");
  EXPECT_EQ(emit::expect_returns("(void)v0->get();", LiteralKind::Char, "97"), "EXPECT_EQ(static_cast<long long>(v0->get()), 97);");
  EXPECT_EQ(emit::expect_returns("(void)v0->ratio();", LiteralKind::Double, "1.5"), "EXPECT_DOUBLE_EQ(v0->ratio(), 1.5);");
  EXPECT_EQ(emit::expect_returns("(void)v0->name();", LiteralKind::String, "std::string(\"a\", 1)"),
            "EXPECT_EQ(v0->name(), std::string(\"a\", 1));");
}

TEST(ExpectReturns, ABoolIsTrueFalseOrComparedWithAnExpression) {
  EXPECT_EQ(emit::expect_returns("(void)v0->empty();", LiteralKind::Bool, "true"), "EXPECT_TRUE(v0->empty());");
  EXPECT_EQ(emit::expect_returns("(void)v0->empty();", LiteralKind::Bool, "false"), "EXPECT_FALSE(v0->empty());");
  EXPECT_EQ(emit::expect_returns("(void)v0->empty();", LiteralKind::Bool, "row.empty"),
            "EXPECT_EQ(static_cast<bool>(v0->empty()), row.empty);");
}

TEST(ExpectReturns, OnlyADiscardedValueBecomesACheck) {
  EXPECT_EQ(emit::expect_returns("v0->set(1);", LiteralKind::Int, "1"), "v0->set(1);");
  EXPECT_EQ(emit::expect_returns("auto v1 = std::make_shared<G>();", LiteralKind::Int, "1"), "auto v1 = std::make_shared<G>();");
  EXPECT_EQ(emit::expect_returns("(void)x", LiteralKind::Int, "1"), "(void)x") << "no statement: no ';'";
}

// A template argument list's comma would split the macro's arguments.
TEST(ExpectReturns, ACallWithATopLevelCommaIsParenthesized) {
  EXPECT_EQ(emit::expect_returns("(void)v0->at<1, 2>();", LiteralKind::Double, "0.5"), "EXPECT_DOUBLE_EQ((v0->at<1, 2>()), 0.5);");
  EXPECT_EQ(emit::expect_returns("(void)v0->has<1, 2>();", LiteralKind::Bool, "true"), "EXPECT_TRUE((v0->has<1, 2>()));");
}

TEST(MacroArgument, OnlyACommaOutsideParenthesesAndQuotesNeedsThem) {
  EXPECT_EQ(emit::macro_argument("f(a, b)"), "f(a, b)");
  EXPECT_EQ(emit::macro_argument("get<int, int>(t)"), "(get<int, int>(t))");
  EXPECT_EQ(emit::macro_argument("a, (b)"), "(a, (b))");
  EXPECT_EQ(emit::macro_argument("s == \"x,y\""), "s == \"x,y\"");
  EXPECT_EQ(emit::macro_argument("c == ','"), "c == ','");
  EXPECT_EQ(emit::macro_argument(""), "");
}

// An escaped quote does not end the string literal: the comma after it is still inside.
TEST(MacroArgument, AnEscapedQuoteStaysInsideTheString) {
  EXPECT_EQ(emit::macro_argument("s == \"\\\",\""), "s == \"\\\",\"");
  EXPECT_EQ(emit::macro_argument("c == '\\'', d"), "(c == '\\'', d)");
}

TEST(ExpectValue, ACharIsComparedAsItsNumber) {
  Literal c{LiteralKind::Char, 200};
  EXPECT_EQ(emit::expect_value("(void)v0->mark();", c), "EXPECT_EQ(static_cast<long long>(v0->mark()), 200);");
  Literal a{LiteralKind::Char, 'a'};
  EXPECT_EQ(emit::expect_value("(void)v0->mark();", a), "EXPECT_EQ(static_cast<long long>(v0->mark()), 97);");
}

TEST(ExpectValue, OtherKindsAreSpelledAsCpp) {
  EXPECT_EQ(emit::expect_value("(void)v0->ratio();", Literal{LiteralKind::Double, 0, 2.0}), "EXPECT_DOUBLE_EQ(v0->ratio(), 2.0);");
  EXPECT_EQ(emit::expect_value("(void)v0->on();", Literal{LiteralKind::Bool, 1}), "EXPECT_TRUE(v0->on());");
  EXPECT_EQ(emit::expect_value("(void)v0->get();", Literal{LiteralKind::Int, -4}), "EXPECT_EQ(static_cast<long long>(v0->get()), -4);");
  EXPECT_EQ(emit::expect_value("(void)v0->name();", Literal{LiteralKind::String, 0, 0, "ab"}),
            "EXPECT_EQ(v0->name(), std::string(\"ab\", 2));");
}

TEST(IncludeLine, QuotesAPathAndKeepsAnglesAndAsksWhenUnknown) {
  EXPECT_EQ(emit::include_line("shelf/tag_set.hpp"), "#include \"shelf/tag_set.hpp\"\n\n");
  EXPECT_EQ(emit::include_line("<set>"), "#include <set>\n\n");
  EXPECT_EQ(emit::include_line(""), "// #include the class's header here (objgen does not know it for this subject)\n\n");
}

TEST(InvariantCheck, OnlyForAnInvariantEmittedCodeCanCall) {
  CodeWriterGauge g;
  EXPECT_EQ(emit::invariant_check(g.api, class_id<Gauge>(), "v3"), "  EXPECT_TRUE(v3->ok());\n");
  EXPECT_EQ(emit::invariant_check(g.api, class_id<code_writer_test::Plain>(), "v3"), "") << "a lambda has no member name";
  EXPECT_EQ(emit::invariant_check(Api(), class_id<Gauge>(), "v3"), "") << "a class the API does not describe";
}

TEST(CIdentifier, EveryCharacterButLettersAndDigitsIsAnUnderscore) {
  EXPECT_EQ(emit::c_identifier("shelf::TagSet<int>"), "shelf__TagSet_int_");
  EXPECT_EQ(emit::c_identifier("abc123"), "abc123");
}

TEST(CamelCase, CapitalizesAfterEachSeparatorAndDropsIt) {
  EXPECT_EQ(emit::camel_case("ncl_list"), "NclList");
  EXPECT_EQ(emit::camel_case("bin-tree2x"), "BinTree2x");
  EXPECT_EQ(emit::camel_case("__a__b"), "AB");
  EXPECT_EQ(emit::camel_case(""), "");
}

TEST(TestIdentifier, OneUnderscoreForEachRunOfPunctuation) {
  EXPECT_EQ(emit::test_identifier("List::add(int)"), "List_add_int");
  EXPECT_EQ(emit::test_identifier("Stack::peek() const"), "Stack_peek_const");
  EXPECT_EQ(emit::test_identifier("Map::put(const std::string&, int)"), "Map_put_const_std_string_int");
}

// Overloads of different operators must name different tests.
TEST(TestIdentifier, OperatorsAreSpelledInWords) {
  EXPECT_EQ(emit::test_identifier("Set::operator+=(int)"), "Set_operator_plus_eq_int");
  EXPECT_EQ(emit::test_identifier("Set::operator-=(int)"), "Set_operator_minus_eq_int");
  EXPECT_EQ(emit::test_identifier("Set::operator<(const Set&) const"), "Set_operator_lt_const_Set_const");
  EXPECT_EQ(emit::test_identifier("Set::operator!=(const Set&) const"), "Set_operator_not_eq_const_Set_const");
  EXPECT_EQ(emit::test_identifier("Vec::operator[](unsigned long)"), "Vec_operator_index_unsigned_long");
}

}  // namespace
}  // namespace objgen
