// The small string helpers of scan's reports and harness writer: a class's short name, the edit
// distance behind "did you mean", snake and camel case, whole-name replacement, and the model's
// own spellings of a position and a signature.
#include "scan/names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scan/model.hpp"

namespace objgen::scan {
namespace {

TEST(ScanNames, ShortClassNameIsTheLastComponentWithoutTemplateArguments) {
  EXPECT_EQ(short_class_name("boost::circular_buffer<int>"), "circular_buffer");
  EXPECT_EQ(short_class_name("ns::inner::Map<std::pair<int, int>, ns::Less>"), "Map");
  EXPECT_EQ(short_class_name("Plain"), "Plain");
}

TEST(ScanNames, EditDistanceCountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("stack", "stack"), 0u);
  EXPECT_EQ(edit_distance("stack", "stakc"), 2u);
}

TEST(ScanNames, ClosestNamesAreBestFirstWithoutDuplicatesOrFarOnes) {
  std::vector<std::string> candidates{"other::Stack", "ns::Queue", "ns::Stack", "ns::Stack"};
  EXPECT_EQ(closest_names("ns::Stak", candidates, 5), (std::vector<std::string>{"ns::Stack", "other::Stack"}));
  EXPECT_EQ(closest_names("ns::Stak", candidates, 1), (std::vector<std::string>{"ns::Stack"}));
  EXPECT_TRUE(closest_names("Unrelated", candidates, 5).empty());
}

TEST(ScanNames, ClosestNamesCompareWithoutTemplateArguments) {
  EXPECT_EQ(closest_names("ns::Box<int>", {"ns::Box<long>", "ns::Fox"}, 5), (std::vector<std::string>{"ns::Box<long>", "ns::Fox"}));
}

TEST(ScanNames, SnakeCaseSplitsWordsAndTurnsPunctuationIntoOneUnderscore) {
  EXPECT_EQ(snake_case("NodeCachingList"), "node_caching_list");
  EXPECT_EQ(snake_case("circular_buffer<int>"), "circular_buffer_int");
  EXPECT_EQ(snake_case("ns::Box<int, long>"), "ns_box_int_long");
  EXPECT_EQ(snake_case("already_snake"), "already_snake");
}

TEST(ScanNames, CamelCaseCapitalisesEachWordAndDropsTheRest) {
  EXPECT_EQ(camel_case("circular_buffer"), "CircularBuffer");
  EXPECT_EQ(camel_case("ns::Box<int>"), "NsBoxInt");
  EXPECT_EQ(camel_case("x__y"), "XY");
  EXPECT_EQ(camel_case("keepCase"), "KeepCase");
}

TEST(ScanNames, ReplaceNameReplacesOnlyWholeUnqualifiedNames) {
  EXPECT_EQ(replace_name("Stack<Stack> MyStack Stack::x ns::Stack Stacks", "Stack", "S"), "S<S> MyStack S::x ns::Stack Stacks");
  EXPECT_EQ(replace_name("const ns::Box<int>&", "ns::Box<int>", "Target"), "const Target&");
  EXPECT_EQ(replace_name("text", "", "x"), "text");
  EXPECT_EQ(replace_name("", "a", "b"), "");
}

TEST(ScanNames, APositionIsItsFileNameAndLineOrNothing) {
  EXPECT_EQ((SourcePos{"/src/lib/box.hpp", 12, 3}.str()), "box.hpp:12");
  EXPECT_EQ((SourcePos{"", 12, 3}.str()), "");
}

TEST(ScanNames, ASignatureHasNamesDefaultsAndQualifiers) {
  Function f;
  f.name = "at";
  f.params.push_back({.name = "i", .type = "size_t"});
  f.params.push_back({.name = "", .type = "int", .default_value = "0"});
  f.is_const = true;
  f.ref_qualifier = "&";
  f.is_noexcept = true;
  EXPECT_EQ(f.signature(), "at(size_t i, int = 0) const & noexcept");
  Function g;
  g.name = "clear";
  EXPECT_EQ(g.signature(), "clear()");
}

}  // namespace
}  // namespace objgen::scan
