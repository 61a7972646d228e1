// Shortens text to a byte budget without splitting a UTF-8 character, and splits a tool's output
// into lines.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/utf8_text.hpp"

namespace objgen {
namespace {

using Utf8TextLines = std::vector<std::string>;

TEST(Utf8Prefix, TextThatFitsIsReturnedWhole) {
  EXPECT_EQ(utf8_prefix("abc", 3), "abc");
  EXPECT_EQ(utf8_prefix("abc", 100), "abc");
  EXPECT_EQ(utf8_prefix("", 0), "");
}

TEST(Utf8Prefix, AsciiIsCutAtExactlyTheBudget) {
  EXPECT_EQ(utf8_prefix("abcdef", 4), "abcd");
  EXPECT_EQ(utf8_prefix("abcdef", 0), "");
}

// A four-byte character (U+1F600) cut anywhere inside is left out whole, never half kept.
TEST(Utf8Prefix, AFourByteCharacterIsKeptWholeOrNotAtAll) {
  const std::string text =
      "ab\xF0\x9F\x98\x80"
      "c";
  EXPECT_EQ(utf8_prefix(text, 2), "ab");
  EXPECT_EQ(utf8_prefix(text, 3), "ab");
  EXPECT_EQ(utf8_prefix(text, 4), "ab");
  EXPECT_EQ(utf8_prefix(text, 5), "ab");
  EXPECT_EQ(utf8_prefix(text, 6), "ab\xF0\x9F\x98\x80");
}

TEST(Utf8Prefix, ATwoByteCharacterAtTheStartMayLeaveNothing) {
  EXPECT_EQ(utf8_prefix("\xC3\xA9t\xC3\xA9", 1), "");
  EXPECT_EQ(utf8_prefix("\xC3\xA9t\xC3\xA9", 2), "\xC3\xA9");
  EXPECT_EQ(utf8_prefix("\xC3\xA9t\xC3\xA9", 4), "\xC3\xA9t");
}

TEST(Utf8Shorten, AddsTheEllipsisOnlyWhenItCuts) {
  EXPECT_EQ(utf8_shorten("abcdef", 6), "abcdef");
  EXPECT_EQ(utf8_shorten("abcdef", 5), "abcde...");
  EXPECT_EQ(utf8_shorten("abcdef", 2, " [cut]"), "ab [cut]");
  EXPECT_EQ(utf8_shorten("abcdef", 0, "~"), "~");
}

// The ellipsis comes after the prefix: the result is longer than the budget by its size.
TEST(Utf8Shorten, CutsACharacterOutBeforeTheEllipsis) { EXPECT_EQ(utf8_shorten("x\xE2\x80\x98y", 3, "..."), "x..."); }

TEST(LinesOf, SplitsOnNewlinesWithoutKeepingThem) { EXPECT_EQ(lines_of("one\ntwo\nthree"), (Utf8TextLines{"one", "two", "three"})); }

TEST(LinesOf, AFinalNewlineMakesNoEmptyLine) { EXPECT_EQ(lines_of("one\ntwo\n"), (Utf8TextLines{"one", "two"})); }

TEST(LinesOf, EmptyLinesInsideAreKept) {
  EXPECT_EQ(lines_of("a\n\nb"), (Utf8TextLines{"a", "", "b"}));
  EXPECT_EQ(lines_of("\n\n"), (Utf8TextLines{"", ""}));
}

TEST(LinesOf, EmptyTextHasNoLines) { EXPECT_TRUE(lines_of("").empty()); }

// Only '\n' ends a line: a carriage return of Windows-style output stays part of the line.
TEST(LinesOf, ACarriageReturnStaysInItsLine) { EXPECT_EQ(lines_of("a\r\nb"), (Utf8TextLines{"a\r", "b"})); }

}  // namespace
}  // namespace objgen
