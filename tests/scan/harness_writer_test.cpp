// What a harness describes, as objgen's reader names it (scan/harness_writer): the candidates a
// reading that crashes is tried without (exec/initialising_call).
#include "scan/harness_writer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace objgen::scan {
namespace {

Field field(const std::string& name, bool supported = true) {
  Field f;
  f.name = name;
  f.supported = supported;
  return f;
}

TypeDesc type(const std::string& name, std::vector<Field> fields, std::vector<std::string> bases = {}) {
  TypeDesc t;
  t.name = t.objgen_name = name;
  t.fields = std::move(fields);
  t.bases = std::move(bases);
  return t;
}

TEST(DescribedFieldNames, EachClassNamesItsFieldsAndItsBasesFieldsUnderItsOwnName) {
  ScanResult r;
  r.types = {type("ns::Node", {field("value"), field("next")}), type("ns::Base", {field("b")}),
             type("ns::Pool", {field("slots"), field("lock", false)}, {"ns::Base"})};
  r.types.back().objgen_name = "ns::Pool";
  r.types.back().is_target = true;
  ScanResult companion;
  companion.types = {type("ns::Node", {field("value"), field("next")}), type("ns::Other", {field("x")})};
  r.companions.push_back(companion);
  std::vector<std::string> expected{"ns::Node.value", "ns::Node.next", "ns::Base.b", "ns::Pool.slots", "ns::Pool.b", "ns::Other.x"};
  EXPECT_EQ(described_field_names(r), expected);  // a field left out of the description is no candidate
}

TEST(DescribedFieldNames, TheTargetIsNamedAsTheUserSpelledIt) {
  ScanResult r;
  r.types = {type("ns::Box<int, std::allocator<int>>", {field("items")})};
  r.types[0].objgen_name = "ns::Box<int>";
  r.types[0].is_target = true;
  EXPECT_EQ(described_field_names(r), std::vector<std::string>{"ns::Box<int>.items"});
}

}  // namespace
}  // namespace objgen::scan
