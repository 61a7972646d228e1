// scan's two views of what it learnt about a class: the listing a person reads (--list), which
// names the class as the user did, and the JSON a program reads (--json), which keeps Clang's
// spellings and every flag of every member.
#include "scan/report.hpp"

#include <gtest/gtest.h>

#include <string>

namespace scan_report_test {

using namespace objgen::scan;

// ns::Box<int> as Clang spells it, with a registered push, a skipped data() and two fields, one
// of them left out.
inline ScanResult box() {
  ScanResult r;
  r.requested_name = "ns::Box<int>";
  r.target = "ns::Box<int, std::allocator<int>>";
  r.target_short = "Box";
  r.enclosing_namespace = "ns";
  Function push;
  push.kind = FunctionKind::Method;
  push.registration = Registration::Method;
  push.name = "push";
  push.qualified_name = "ns::Box<int, std::allocator<int>>::push";
  push.result_type = "void";
  push.params.push_back({.name = "v",
                         .type = "const std::basic_string<char, std::char_traits<char>, std::allocator<char>>&",
                         .support = ParamSupport::Literal});
  push.purity = "mutator";
  push.pos = {"/lib/box.hpp", 10, 8};
  Function data;
  data.kind = FunctionKind::Method;
  data.name = "data";
  data.qualified_name = "ns::Box<int, std::allocator<int>>::data";
  data.result_type = "int *";
  data.is_const = true;
  data.skip_reason = "returns a pointer";
  r.functions = {push, data};
  TypeDesc t;
  t.name = "ns::Box<int, std::allocator<int>>";
  t.objgen_name = "ns::Box<int>";
  t.is_target = true;
  t.pos = {"/lib/box.hpp", 3, 7};
  t.fields.push_back({.name = "items", .type = "std::vector<int>", .access = "private"});
  t.fields.push_back({.name = "lock", .type = "std::mutex", .access = "private", .supported = false, .reason = "not copyable"});
  r.types = {t};
  return r;
}

}  // namespace scan_report_test

namespace objgen::scan {
namespace {

TEST(ScanReport, NamesOfKindsRegistrationsAndSupport) {
  EXPECT_STREQ(kind_name(FunctionKind::StaticMethod), "static method");
  EXPECT_STREQ(kind_name(FunctionKind::FreeFunction), "free function");
  EXPECT_STREQ(registration_name(Registration::Factory), "factory");
  EXPECT_STREQ(registration_name(Registration::Skip), "skip");
  EXPECT_STREQ(support_name(ParamSupport::Parts), "parts");
  EXPECT_STREQ(support_name(ParamSupport::Unsupported), "unsupported");
}

TEST(ScanReport, TheListingNamesTheClassAsRequestedAndSaysWhatClangCallsIt) {
  std::string list = list_report(scan_report_test::box());
  EXPECT_EQ(list.rfind("class ns::Box<int>  (box.hpp:3)\n  names ns::Box<int, std::allocator<int>>\n\nFunctions (2):\n", 0), 0u) << list;
  EXPECT_NE(list.find("  ns::Box<int>  (target, box.hpp:3)\n"), std::string::npos) << list;
  EXPECT_EQ(list.find("allocator", list.find("Functions")), std::string::npos) << "only the `names` line spells it as Clang does";
}

TEST(ScanReport, TheListingShowsEachMembersSignatureWhereAndWhy) {
  std::string list = list_report(scan_report_test::box());
  size_t push = list.find("push(const std::string& v) -> void");
  size_t data = list.find("data() const -> int *");
  ASSERT_NE(push, std::string::npos) << list;
  ASSERT_NE(data, std::string::npos) << list;
  EXPECT_LT(push, data) << "members in the scan's order";
  std::string push_line = list.substr(push, list.find('\n', push) - push);
  EXPECT_NE(push_line.find("mutator"), std::string::npos) << push_line;
  EXPECT_NE(push_line.find("box.hpp:10"), std::string::npos) << push_line;
  EXPECT_NE(push_line.find(" method"), std::string::npos) << push_line;
  std::string data_line = list.substr(data, list.find('\n', data) - data);
  EXPECT_NE(data_line.find("skipped: returns a pointer"), std::string::npos) << data_line;
}

TEST(ScanReport, TheListingSaysWhichFieldsAreLeftOutAndWhy) {
  std::string list = list_report(scan_report_test::box());
  size_t lock = list.find("    field  lock ");
  ASSERT_NE(lock, std::string::npos) << list;
  std::string lock_line = list.substr(lock, list.find('\n', lock) - lock);
  EXPECT_NE(lock_line.find("left out: not copyable"), std::string::npos) << lock_line;
  size_t items = list.find("    field  items ");
  ASSERT_NE(items, std::string::npos) << list;
  EXPECT_EQ(list.substr(items, list.find('\n', items) - items).find("left out"), std::string::npos);
}

TEST(ScanReport, TheListingEndsWithWarningsAndTheCompanions) {
  ScanResult r = scan_report_test::box();
  r.warnings = {"ns::Box<int, std::allocator<int>> hides state"};
  ScanResult companion;
  companion.target = "ns::Item";
  companion.reached_by = "ns::Box::push takes it";
  r.companions.push_back(companion);
  std::string list = list_report(r);
  EXPECT_NE(list.find("\nwarning: ns::Box<int> hides state\n"), std::string::npos) << list;
  EXPECT_NE(list.find("\nRegistered too (1 classes its API reaches):\n  ns::Item  (ns::Box::push takes it)\n"), std::string::npos) << list;
  EXPECT_NE(list.find("\nclass ns::Item\n"), std::string::npos) << "each companion listed after the target";
}

TEST(ScanReport, TheJsonKeepsClangsSpellingAndEveryField) {
  nlohmann::ordered_json j = to_json(scan_report_test::box());
  EXPECT_EQ(j.begin().key(), "requested");
  EXPECT_EQ(j["target"], "ns::Box<int, std::allocator<int>>");
  EXPECT_EQ(j["short_name"], "Box");
  EXPECT_EQ(j["namespace"], "ns");
  ASSERT_EQ(j["functions"].size(), 2u);
  const auto& push = j["functions"][0];
  EXPECT_EQ(push["kind"], "method");
  EXPECT_EQ(push["registration"], "method");
  EXPECT_EQ(push["signature"], "push(const std::basic_string<char, std::char_traits<char>, std::allocator<char>>& v)");
  EXPECT_EQ(push["params"][0]["support"], "literal");
  EXPECT_EQ(push["at"], (nlohmann::ordered_json{{"file", "/lib/box.hpp"}, {"line", 10}, {"column", 8}}));
  EXPECT_EQ(j["functions"][1]["registration"], "skip");
  EXPECT_EQ(j["functions"][1]["skip_reason"], "returns a pointer");
  const auto& fields = j["types"][0]["fields"];
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[1]["supported"], false);
  EXPECT_EQ(fields[1]["reason"], "not copyable");
  EXPECT_FALSE(j.contains("reached_by")) << "only a companion says how it was reached";
  EXPECT_TRUE(j["companions"].empty());
}

TEST(ScanReport, TheJsonNestsTheCompanions) {
  ScanResult r = scan_report_test::box();
  ScanResult companion;
  companion.target = "ns::Item";
  companion.reached_by = "--class";
  r.companions.push_back(companion);
  nlohmann::ordered_json j = to_json(r);
  ASSERT_EQ(j["companions"].size(), 1u);
  EXPECT_EQ(j["companions"][0]["target"], "ns::Item");
  EXPECT_EQ(j["companions"][0]["reached_by"], "--class");
}

}  // namespace
}  // namespace objgen::scan
