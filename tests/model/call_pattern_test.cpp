// An operation's call pattern: how emitted code spells a call, with {0}, {1}, ... standing for
// its arguments. Only a brace around digits alone is a placeholder; other braces are C++ text.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/call_pattern.hpp"

namespace objgen {
namespace {

std::string call_pattern_named(const std::string& pattern) {
  return rewrite_placeholders(pattern, [](size_t k) { return "a" + std::to_string(k); });
}

TEST(RewritePlaceholders, ReplacesEachArgumentInPlace) { EXPECT_EQ(call_pattern_named("{0}->insert({1}, {2})"), "a0->insert(a1, a2)"); }

TEST(RewritePlaceholders, ABraceInitializerAroundPlaceholdersStaysText) {
  EXPECT_EQ(call_pattern_named("{0}->absorb(shapes::Box{{1} * {2}})"), "a0->absorb(shapes::Box{a1 * a2})");
  EXPECT_EQ(call_pattern_named("std::pair<int, int>{}"), "std::pair<int, int>{}");
}

TEST(RewritePlaceholders, NumbersOfSeveralDigits) { EXPECT_EQ(call_pattern_named("f({10}, {2})"), "f(a10, a2)"); }

TEST(RewritePlaceholders, AnythingButDigitsBetweenBracesIsText) {
  EXPECT_EQ(call_pattern_named("{x} { 1} {1 } {-1} {1a}"), "{x} { 1} {1 } {-1} {1a}");
}

TEST(RewritePlaceholders, AnUnclosedBraceIsText) {
  EXPECT_EQ(call_pattern_named("f({1"), "f({1");
  EXPECT_EQ(call_pattern_named("{"), "{");
  EXPECT_EQ(call_pattern_named("{0}{"), "a0{");
}

TEST(RewritePlaceholders, APlaceholderMayRepeatAndEachUseIsAsked) {
  std::vector<size_t> asked;
  std::string out = rewrite_placeholders("{0}->absorb(*{0}, {1})", [&](size_t k) {
    asked.push_back(k);
    return std::string(k == 0 ? "self" : "x");
  });
  EXPECT_EQ(out, "self->absorb(*self, x)");
  EXPECT_EQ(asked, (std::vector<size_t>{0, 0, 1}));
}

TEST(RewritePlaceholders, AReplacementIsNotReadAgain) {
  EXPECT_EQ(rewrite_placeholders("{0}+{1}", [](size_t k) { return k == 0 ? std::string("{1}") : std::string("b"); }), "{1}+b");
}

TEST(RewritePlaceholders, TextWithoutPlaceholdersIsUnchanged) {
  EXPECT_EQ(call_pattern_named(""), "");
  EXPECT_EQ(call_pattern_named("make()"), "make()");
}

}  // namespace
}  // namespace objgen
