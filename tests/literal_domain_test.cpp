#include <gtest/gtest.h>

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
  EXPECT_EQ(d.cpp(LiteralKind::String, 1), "std::string(\"x y\")");
  d.set_doubles("0,-1.5");
  EXPECT_EQ(d.cpp(LiteralKind::Double, 0), "0.0");
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
