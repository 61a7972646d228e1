// Choosing the operations a strategy combines from a --methods list: names, signatures with or
// without their class, "all", and names after '-' left out; the target's constructors are added
// when nothing chosen creates it.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "example_api.hpp"
#include "model/selection.hpp"

namespace objgen {
namespace {

using SelectionIndices = std::vector<uint32_t>;
using SelectionNames = std::vector<std::string>;

// The stack example's operations, in API order.
struct SelectionStack : testing::ExampleApi {
  SelectionStack() : ExampleApi("stack") {}
  SelectionIndices select(const SelectionNames& names, bool add_constructors = true) const {
    return select_operations(api, target, names, add_constructors);
  }
};

TEST(SplitExclusions, SeparatesTheNamesAfterADash) {
  MethodList list = split_exclusions({"push", "-pop", "peek", "-size"});
  EXPECT_EQ(list.included, (SelectionNames{"push", "peek"}));
  EXPECT_EQ(list.excluded, (SelectionNames{"pop", "size"}));
}

TEST(SplitExclusions, OnlyExclusionsMeanAllButThose) {
  MethodList list = split_exclusions({"-pop"});
  EXPECT_EQ(list.included, (SelectionNames{"all"}));
  EXPECT_EQ(list.excluded, (SelectionNames{"pop"}));
  EXPECT_EQ(split_exclusions({}).included, (SelectionNames{"all"}));
}

// "-" alone names nothing to leave out: it is taken as a name (and then reported unknown).
TEST(SplitExclusions, ALoneDashIsAName) {
  MethodList list = split_exclusions({"-"});
  EXPECT_EQ(list.included, (SelectionNames{"-"}));
  EXPECT_TRUE(list.excluded.empty());
}

TEST(SelectOperations, AllIsEveryOperationInApiOrder) {
  SelectionStack s;
  EXPECT_EQ(s.select({"all"}), (SelectionIndices{0, 1, 2, 3, 4, 5, 6}));
}

TEST(SelectOperations, AddsTheConstructorsWhenNothingChosenCreatesTheTarget) {
  SelectionStack s;
  EXPECT_EQ(s.select({"push"}), (SelectionIndices{s.op("Stack"), s.op("push")}));
  EXPECT_EQ(s.select({"push"}, false), (SelectionIndices{s.op("push")}));
}

TEST(SelectOperations, ReturnsApiOrderWhateverTheOrderOfTheNames) {
  SelectionStack s;
  EXPECT_EQ(s.select({"size", "Stack", "push", "push"}), (SelectionIndices{s.op("Stack"), s.op("push"), s.op("size")}));
}

TEST(SelectOperations, NamesBySignatureWithOrWithoutClassOrConst) {
  SelectionStack s;
  SelectionIndices peek{s.op("peek")};
  EXPECT_EQ(s.select({"Stack::peek() const"}, false), peek);
  EXPECT_EQ(s.select({"Stack::peek()"}, false), peek);
  EXPECT_EQ(s.select({"peek() const"}, false), peek);
  EXPECT_EQ(s.select({"peek()"}, false), peek);
  EXPECT_EQ(s.select({"search(int)"}, false), (SelectionIndices{s.op("search")}));
}

// "eek()" is the end of "Stack::peek()" but not a member's whole name: it names nothing.
TEST(SelectOperations, AnUnqualifiedSignatureMustFollowTheClassSeparator) {
  SelectionStack s;
  EXPECT_THROW(s.select({"eek()"}), std::invalid_argument);
  EXPECT_THROW(s.select({"ck::push(int)"}), std::invalid_argument);
  EXPECT_EQ(s.select({"Stack"}, false), (SelectionIndices{s.op("Stack")})) << "a class's name is its constructors";
}

TEST(SelectOperations, ExclusionsWinOverInclusionsAndConstructors) {
  SelectionStack s;
  EXPECT_EQ(s.select({"all", "-push", "-peek() const"}), (SelectionIndices{0, 2, 4, 5, 6}));
  EXPECT_EQ(s.select({"-Stack"}), (SelectionIndices{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(s.select({"push", "-Stack"}), (SelectionIndices{s.op("push")})) << "an excluded constructor is not added back";
}

TEST(SelectOperations, AnUnknownNameListsTheApi) {
  SelectionStack s;
  try {
    s.select({"pushh"});
    FAIL() << "pushh was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown method 'pushh'; the API has:\n  Stack::Stack()\n  Stack::push(int)\n  Stack::pop()\n  Stack::peek() const\n"
              "  Stack::empty() const\n  Stack::search(int) const\n  Stack::size() const");
  }
}

TEST(SelectOperations, AnUnknownExclusionIsAnErrorToo) {
  SelectionStack s;
  EXPECT_THROW(s.select({"all", "-nope"}), std::invalid_argument);
}

TEST(ExcludedOperations, SortedWithEachOperationOnce) {
  SelectionStack s;
  EXPECT_EQ(excluded_operations(s.api, {"-size", "push", "-Stack::push(int)", "-push", "-size() const"}),
            (SelectionIndices{s.op("push"), s.op("size")}));
  EXPECT_TRUE(excluded_operations(s.api, {"push", "all"}).empty());
}

}  // namespace
}  // namespace objgen
