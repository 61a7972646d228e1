// The member template instances a written harness registers, found again by the lines a failed
// compile of the harness points at, so that the next harness can leave them out.
#include "scan/harness_instances.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace harness_instances_test {

// A registered instance of ns::Map<int, int>'s member template `name`, declared at map.hpp:line.
inline objgen::scan::Function harness_instance(const std::string& name, const std::string& arguments, unsigned line) {
  objgen::scan::Function f;
  f.name = name;
  f.qualified_name = "ns::Map<int, int>::" + name;
  f.template_arguments = arguments;
  f.registration = objgen::scan::Registration::Method;
  f.pos = {"/lib/map.hpp", line, 5};
  return f;
}

}  // namespace harness_instances_test

namespace objgen::scan {
namespace {

using harness_instances_test::harness_instance;

// Line 2 registers emplace<int, int>, line 3 try_emplace<int>, line 4 a plain member.
const char* const kHarnessInstancesText =
    "// harness\n"
    "  .method(\"emplace\", [](Target& self, int a0, int a1) { ... })  // map.hpp:40: instantiated for int, int\n"
    "  .method(\"try_emplace\", [](Target& self, int a0) { ... })  // map.hpp:52: instantiated for int\n"
    "  .method(\"size\", &Target::size)\n";

TEST(HarnessInstances, AnInstanceKeyNamesItsMemberArgumentsAndPosition) {
  EXPECT_EQ(instance_key(harness_instance("emplace", "int, int", 40)), "ns::Map<int, int>::emplaceint, int@map.hpp:40");
  EXPECT_NE(instance_key(harness_instance("emplace", "int, int", 40)), instance_key(harness_instance("emplace", "int, long", 40)));
  EXPECT_NE(instance_key(harness_instance("emplace", "int, int", 40)), instance_key(harness_instance("emplace", "int, int", 41)));
}

TEST(HarnessInstances, OnlyTheInstancesOnTheGivenLinesAreFound) {
  ScanResult r;
  r.functions = {harness_instance("emplace", "int, int", 40), harness_instance("try_emplace", "int", 52)};
  EXPECT_EQ(instances_on_lines(r, kHarnessInstancesText, {2}), (std::set<std::string>{"ns::Map<int, int>::emplaceint, int@map.hpp:40"}));
  EXPECT_EQ(instances_on_lines(r, kHarnessInstancesText, {2, 3}).size(), 2u);
  EXPECT_TRUE(instances_on_lines(r, kHarnessInstancesText, {1, 4}).empty());
  EXPECT_TRUE(instances_on_lines(r, kHarnessInstancesText, {0, 99}).empty()) << "lines outside the file";
}

TEST(HarnessInstances, ALineMustHoldBothTheQuotedNameAndTheInstancesMark) {
  ScanResult r;
  r.functions = {harness_instance("emplace", "int, long", 40),  // another instance at the same place
                 harness_instance("try_emplace", "int", 40)};   // line 2 holds its mark (a prefix of "int, int") but not its name
  EXPECT_TRUE(instances_on_lines(r, kHarnessInstancesText, {2, 3}).empty());
}

// BUG (src/scan/harness_instances.cpp, instances_on_lines): the mark is found as a substring, so
// an instance whose arguments begin another's at the same declaration ("int" and "int, int" of
// a variadic emplace) is blamed for the other's line too, and a harness rebuilt without the
// failed instances loses one that compiled. Enable once the mark must end the arguments.
TEST(HarnessInstances, AnInstanceIsNotBlamedForAnotherWhoseArgumentsItsOwnBegin) {
  ScanResult r;
  r.functions = {harness_instance("emplace", "int, int", 40), harness_instance("emplace", "int", 40)};
  const std::string harness =
      "// harness\n"
      "  .method(\"emplace\", [](Target& self, int a0, int a1) { ... })  // map.hpp:40: instantiated for int, int\n"
      "  .method(\"emplace\", [](Target& self, int a0) { ... })  // map.hpp:40: instantiated for int\n";
  EXPECT_EQ(instances_on_lines(r, harness, {2}), (std::set<std::string>{"ns::Map<int, int>::emplaceint, int@map.hpp:40"}));
  EXPECT_EQ(instances_on_lines(r, harness, {3}), (std::set<std::string>{"ns::Map<int, int>::emplaceint@map.hpp:40"}));
}

TEST(HarnessInstances, SkippedMembersAndPlainMembersAreNoInstances) {
  ScanResult r;
  Function skipped = harness_instance("emplace", "int, int", 40);
  skipped.registration = Registration::Skip;
  Function plain = harness_instance("size", "", 60);
  r.functions = {skipped, plain};
  EXPECT_TRUE(instances_on_lines(r, kHarnessInstancesText, {2, 3, 4}).empty());
}

TEST(HarnessInstances, TheCompanionsInstancesAreFoundToo) {
  ScanResult r;
  ScanResult companion;
  companion.functions = {harness_instance("try_emplace", "int", 52)};
  r.companions.push_back(companion);
  EXPECT_EQ(instances_on_lines(r, kHarnessInstancesText, {3}), (std::set<std::string>{"ns::Map<int, int>::try_emplaceint@map.hpp:52"}));
}

}  // namespace
}  // namespace objgen::scan
