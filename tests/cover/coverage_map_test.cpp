// What a coverage build instrumented, as saved beside the library: functions with their blocks
// and comparison sites, written as JSON and read back, refused when damaged; the predicate names
// sites are saved with; functions found by either name.
#include "cover/coverage_map.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace objgen::cover {
namespace {

CoverageMap coverage_map_sample() {
  CoverageMap m;
  m.guard_count = 5;
  m.outcome_count = 5;
  m.constants = {-7, 0, 4096};
  CoveredFunction f;
  f.mangled = "_ZN3cov5Probe6branchEi";
  f.name = "cov::Probe::branch(int)";
  f.comdat = "_ZN3cov5Probe6branchEi";
  f.first_guard = 2;
  f.nodes = {{"entry", {1, 2}, 4, true}, {"%5", {}, 5, true}, {"%6", {}, 0, false}};
  f.sites = {0, 1};
  f.file = "/src/probe.cpp";
  f.callees = {"_Z1gv", "_Z1hv"};
  CoveredFunction g;
  g.mangled = "_Z1gv";
  g.name = "g()";
  g.nodes = {{"entry", {}, 0, true}};
  m.functions = {f, g};
  CmpSite icmp;
  icmp.function = 0, icmp.node = 0, icmp.predicate = Predicate::Sgt, icmp.width = 32, icmp.swapped = true;
  icmp.outcome_nodes = {1, 2};
  icmp.outcome_begin = 0, icmp.outcome_count = 2;
  icmp.file = "/src/probe.cpp", icmp.line = 4, icmp.column = 9;
  CmpSite sw;
  sw.function = 0, sw.node = 0, sw.predicate = Predicate::Switch, sw.width = 64;
  sw.outcome_nodes = {1, -1, 2};
  sw.cases = {-3, 5};
  sw.outcome_begin = 2, sw.outcome_count = 3;
  m.sites = {icmp, sw};
  return m;
}

TEST(CoverageMap, PredicateNamesReadBack) {
  for (int p = 0; p <= static_cast<int>(Predicate::Switch); ++p) {
    Predicate back = Predicate::Eq;
    ASSERT_TRUE(parse_predicate(predicate_name(static_cast<Predicate>(p)), back)) << p;
    EXPECT_EQ(static_cast<int>(back), p);
  }
  EXPECT_STREQ(predicate_name(Predicate::Ule), "ule");
  EXPECT_STREQ(predicate_name(Predicate::Switch), "switch");
  Predicate untouched = Predicate::Slt;
  EXPECT_FALSE(parse_predicate("SGT", untouched));
  EXPECT_FALSE(parse_predicate("", untouched));
  EXPECT_EQ(untouched, Predicate::Slt);
}

TEST(CoverageMap, FunctionsAreFoundByMangledOrDemangledName) {
  CoverageMap m = coverage_map_sample();
  EXPECT_EQ(m.find("_Z1gv"), &m.functions[1]);
  EXPECT_EQ(m.find("cov::Probe::branch(int)"), &m.functions[0]);
  EXPECT_EQ(m.find("branch"), nullptr);
}

TEST(CoverageMap, AFunctionsOutcomesSpanItsSites) {
  CoverageMap m = coverage_map_sample();
  EXPECT_EQ(m.outcomes_of(m.functions[0]), (std::pair<uint32_t, uint32_t>{0, 5}));
  EXPECT_EQ(m.outcomes_of(m.functions[1]), (std::pair<uint32_t, uint32_t>{0, 0}));
}

TEST(CoverageMap, EveryFieldSurvivesJson) {
  CoverageMap m = coverage_map_sample();
  CoverageMap back = map_from_json(map_to_json(m));
  EXPECT_EQ(back.guard_count, 5u);
  EXPECT_EQ(back.outcome_count, 5u);
  EXPECT_EQ(back.constants, m.constants);
  ASSERT_EQ(back.functions.size(), 2u);
  const CoveredFunction& f = back.functions[0];
  EXPECT_EQ(f.mangled, m.functions[0].mangled);
  EXPECT_EQ(f.name, m.functions[0].name);
  EXPECT_EQ(f.comdat, m.functions[0].comdat);
  EXPECT_EQ(f.first_guard, 2u);
  EXPECT_EQ(f.sites, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(f.file, "/src/probe.cpp");
  EXPECT_EQ(f.callees, (std::vector<std::string>{"_Z1gv", "_Z1hv"}));
  ASSERT_EQ(f.nodes.size(), 3u);
  EXPECT_EQ(f.nodes[0].label, "entry");
  EXPECT_EQ(f.nodes[0].successors, (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(f.nodes[0].line, 4u);
  EXPECT_TRUE(f.nodes[0].target);
  EXPECT_FALSE(f.nodes[2].target);
  ASSERT_EQ(back.sites.size(), 2u);
  const CmpSite& icmp = back.sites[0];
  EXPECT_EQ(icmp.predicate, Predicate::Sgt);
  EXPECT_EQ(icmp.width, 32);
  EXPECT_TRUE(icmp.swapped);
  EXPECT_EQ(icmp.outcome_nodes, (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(icmp.file, "/src/probe.cpp");
  EXPECT_EQ(icmp.line, 4u);
  EXPECT_EQ(icmp.column, 9u);
  const CmpSite& sw = back.sites[1];
  EXPECT_EQ(sw.predicate, Predicate::Switch);
  EXPECT_EQ(sw.width, 64);
  EXPECT_FALSE(sw.swapped);
  EXPECT_EQ(sw.outcome_nodes, (std::vector<int32_t>{1, -1, 2}));
  EXPECT_EQ(sw.cases, (std::vector<int64_t>{-3, 5}));
  EXPECT_EQ(sw.outcome_begin, 2u);
  EXPECT_EQ(sw.outcome_count, 3u);
  // Written again, the same text.
  EXPECT_EQ(map_to_json(back), map_to_json(m));
}

TEST(CoverageMap, AnEmptyMapRoundTrips) {
  CoverageMap back = map_from_json(map_to_json(CoverageMap{}));
  EXPECT_TRUE(back.functions.empty());
  EXPECT_TRUE(back.sites.empty());
  EXPECT_EQ(back.guard_count, 0u);
}

TEST(CoverageMap, MapsOfEarlierBuildsWithoutFilesOrCalleesRead) {
  nlohmann::json j = nlohmann::json::parse(map_to_json(coverage_map_sample()));
  j["functions"][0].erase("file");
  j["functions"][0].erase("callees");
  CoverageMap back = map_from_json(j.dump());
  EXPECT_EQ(back.functions[0].file, "");
  EXPECT_TRUE(back.functions[0].callees.empty());
}

// The message of the std::runtime_error that reading `text` throws ("" when none).
std::string coverage_map_refusal(const std::string& text) {
  try {
    map_from_json(text);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(CoverageMap, ADamagedMapIsRefused) {
  nlohmann::json good = nlohmann::json::parse(map_to_json(coverage_map_sample()));
  EXPECT_EQ(coverage_map_refusal("{ not json").rfind("malformed coverage map: ", 0), 0u);
  nlohmann::json no_sites = good;
  no_sites.erase("sites");
  EXPECT_EQ(coverage_map_refusal(no_sites.dump()).rfind("malformed coverage map: ", 0), 0u);
  nlohmann::json no_nodes = good;
  no_nodes["functions"][1].erase("nodes");
  EXPECT_NE(coverage_map_refusal(no_nodes.dump()), "");
  nlohmann::json bad_predicate = good;
  bad_predicate["sites"][0]["predicate"] = "gt";
  EXPECT_EQ(coverage_map_refusal(bad_predicate.dump()), "unknown predicate");
  nlohmann::json wrong_type = good;
  wrong_type["sites"][1]["cases"] = "5";
  EXPECT_NE(coverage_map_refusal(wrong_type.dump()), "");
}

}  // namespace
}  // namespace objgen::cover
