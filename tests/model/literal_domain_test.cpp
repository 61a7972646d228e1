#include <gtest/gtest.h>

#include <limits>

#include "model/literal_domain.hpp"

namespace {
using objgen::LiteralDomain;
using objgen::LiteralKind;

TEST(LiteralDomain, DefaultsFollowTheScope) {
  auto d = LiteralDomain::defaults(4);
  ASSERT_EQ(d.of(LiteralKind::Int).size(), 4u);
  EXPECT_EQ(d.of(LiteralKind::Int)[3].i, 3);
  EXPECT_EQ(d.of(LiteralKind::Bool).size(), 2u);
}

TEST(LiteralDomain, ParsesRangesAndLists) {
  LiteralDomain d;
  d.set_ints("-2..1");
  ASSERT_EQ(d.of(LiteralKind::Int).size(), 4u);
  EXPECT_EQ(d.of(LiteralKind::Int)[0].i, -2);
  d.set_ints("5,9");
  EXPECT_EQ(d.of(LiteralKind::Int)[1].i, 9);
  d.set_strings("'',x y");
  EXPECT_EQ(d.of(LiteralKind::String)[0].s, "");
  EXPECT_EQ(d.cpp(LiteralKind::String, 1), "std::string(\"x y\", 3)");
  d.set_doubles("0,-1.5");
  EXPECT_EQ(d.cpp(LiteralKind::Double, 0), "0.0");
}

// Every literal becomes valid C++ with the same value: special doubles, control characters,
// bytes past ASCII, embedded NULs, quotes and backslashes.
TEST(LiteralDomain, WritesEveryValueAsValidCpp) {
  using objgen::cpp_literal;
  using objgen::Literal;
  auto dbl = [](double v) {
    Literal l;
    l.kind = LiteralKind::Double;
    l.d = v;
    return cpp_literal(l);
  };
  EXPECT_EQ(dbl(std::numeric_limits<double>::infinity()), "std::numeric_limits<double>::infinity()");
  EXPECT_EQ(dbl(-std::numeric_limits<double>::infinity()), "-std::numeric_limits<double>::infinity()");
  EXPECT_EQ(dbl(std::numeric_limits<double>::quiet_NaN()), "std::numeric_limits<double>::quiet_NaN()");
  EXPECT_EQ(dbl(2), "2.0");
  EXPECT_EQ(dbl(1e300), "1.0000000000000001e+300");
  auto chr = [](char c) {
    Literal l;
    l.kind = LiteralKind::Char;
    l.i = c;
    return cpp_literal(l);
  };
  EXPECT_EQ(chr('\n'), "'\\x0a'");
  EXPECT_EQ(chr('\''), "'\\''");
  EXPECT_EQ(chr('a'), "'a'");
  Literal s;
  s.kind = LiteralKind::String;
  s.s = std::string(
      "a\x01"
      "b\0\"\\\xe9",
      7);
  EXPECT_EQ(cpp_literal(s), "std::string(\"a\\x01\"\"b\\x00\"\"\\\"\\\\\\xe9\"\"\", 7)");
  Literal big;
  big.i = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(cpp_literal(big), "(-9223372036854775807LL - 1)");
  big.i = int64_t{1} << 40;
  EXPECT_EQ(cpp_literal(big), "1099511627776LL");
}

TEST(LiteralDomain, RejectsMalformedSpecs) {
  LiteralDomain d;
  EXPECT_THROW(d.set_ints("3..1"), std::invalid_argument);
  EXPECT_THROW(d.set_ints("a..3"), std::invalid_argument);
  EXPECT_THROW(d.set_ints("1,,2"), std::invalid_argument);
  EXPECT_THROW(d.set_doubles("1.2.3"), std::invalid_argument);
  EXPECT_THROW(d.set_chars("ab"), std::invalid_argument);
  EXPECT_THROW(d.set_bools("yes"), std::invalid_argument);
}

}  // namespace
