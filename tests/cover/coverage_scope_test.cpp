// The code a method's coverage counts: its own CFG (class scope), or also the functions it calls,
// breadth first, those written under the header's directory (header scope) or any (library
// scope), side by side in one CFG whose node, outcome and site numbers are offset per function.
// (On a library Clang really instrumented: cover_test.cpp, CalleesMakeScopedCfgs.)
#include "cover/coverage_scope.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace objgen::cover {
namespace {

// root (/lib/a) calls b (/lib/a/sub), c (/lib/ab: a sibling directory, not under /lib/a) and a
// function the map does not have; b calls d (/lib/a), c calls e (/lib/a, written with ".."), d
// calls root back. f is called by nobody.
CoverageMap coverage_scope_map() {
  CoverageMap m;
  auto fn = [](std::string mangled, std::string file, std::vector<CfgNode> nodes, std::vector<uint32_t> sites,
               std::vector<std::string> callees) {
    CoveredFunction f;
    f.mangled = mangled;
    f.name = mangled + "()";
    f.file = std::move(file);
    f.nodes = std::move(nodes);
    f.sites = std::move(sites);
    f.callees = std::move(callees);
    return f;
  };
  m.functions = {fn("root", "/lib/a/root.hpp", {{"entry", {1}}, {"%1", {}}}, {0}, {"b", "c", "missing"}),
                 fn("b", "/lib/a/sub/b.hpp", {{"entry", {1, 2}}, {"%1", {}}, {"%2", {}}}, {1, 2}, {"d"}),
                 fn("c", "/lib/ab/c.hpp", {{"entry", {}}}, {}, {"e"}),
                 fn("d", "/lib/a/d.hpp", {{"entry", {}}}, {}, {"root"}),
                 fn("e", "/lib/a/../a/e.hpp", {{"entry", {1}}, {"%1", {}}}, {3}, {}),
                 fn("f", "/lib/a/f.hpp", {{"entry", {}}}, {}, {})};
  m.functions[0].comdat = "root_group";
  m.functions[0].first_guard = 7;
  m.sites.resize(4);
  m.sites[0].outcome_begin = 0, m.sites[0].outcome_count = 2;
  m.sites[1].outcome_begin = 2, m.sites[1].outcome_count = 3;  // a switch of two cases
  m.sites[2].outcome_begin = 5, m.sites[2].outcome_count = 2;
  m.sites[3].outcome_begin = 7, m.sites[3].outcome_count = 2;
  m.outcome_count = 9;
  return m;
}

std::vector<uint32_t> coverage_scope_functions(const ScopedCfg& s) {
  std::vector<uint32_t> out;
  for (const ScopedPart& p : s.parts) out.push_back(p.function);
  return out;
}

TEST(CoverageScope, ClassScopeIsTheMethodsOwnCfg) {
  CoverageMap m = coverage_scope_map();
  ScopedCfg s = scoped_cfg(m, 0, CoverageScope::Class, "");
  EXPECT_EQ(coverage_scope_functions(s), (std::vector<uint32_t>{0}));
  EXPECT_EQ(s.cfg.mangled, "root");
  EXPECT_EQ(s.cfg.name, "root()");
  EXPECT_EQ(s.cfg.comdat, "root_group");
  EXPECT_EQ(s.cfg.first_guard, 7u);
  EXPECT_EQ(s.cfg.file, "/lib/a/root.hpp");
  ASSERT_EQ(s.cfg.nodes.size(), 2u);
  EXPECT_EQ(s.cfg.nodes[0].successors, (std::vector<uint32_t>{1}));
  EXPECT_EQ(s.outcome_count, 2u);
  EXPECT_EQ(s.site_count, 1u);
  EXPECT_EQ(s.cfg.sites, (std::vector<uint32_t>{0}));
}

TEST(CoverageScope, HeaderScopeKeepsCalleesUnderTheRootsDirectory) {
  CoverageMap m = coverage_scope_map();
  // c is out of scope but is walked through: e, which it calls, is in.
  ScopedCfg s = scoped_cfg(m, 0, CoverageScope::Header, "");
  EXPECT_EQ(coverage_scope_functions(s), (std::vector<uint32_t>{0, 1, 3, 4}));
  EXPECT_EQ(coverage_scope_functions(scoped_cfg(m, 0, CoverageScope::Header, "/lib/a/")), (std::vector<uint32_t>{0, 1, 3, 4}));
  EXPECT_EQ(coverage_scope_functions(scoped_cfg(m, 0, CoverageScope::Header, "/lib/ab")), (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(coverage_scope_functions(scoped_cfg(m, 0, CoverageScope::Header, "/lib/a/sub")), (std::vector<uint32_t>{0, 1}));
}

TEST(CoverageScope, PartsAreOffsetOneAfterAnother) {
  CoverageMap m = coverage_scope_map();
  ScopedCfg s = scoped_cfg(m, 0, CoverageScope::Header, "");
  ASSERT_EQ(s.parts.size(), 4u);
  // root: nodes 0-1, b: 2-4, d: 5, e: 6-7.
  EXPECT_EQ(s.parts[1].node_begin, 2u);
  EXPECT_EQ(s.parts[2].node_begin, 5u);
  EXPECT_EQ(s.parts[3].node_begin, 6u);
  ASSERT_EQ(s.cfg.nodes.size(), 8u);
  EXPECT_EQ(s.cfg.nodes[2].successors, (std::vector<uint32_t>{3, 4}));
  EXPECT_EQ(s.cfg.nodes[6].successors, (std::vector<uint32_t>{7}));
  EXPECT_EQ(s.cfg.nodes[6].label, "entry");
  // Outcomes: root's 2, b's 3 + 2, d none, e's 2.
  EXPECT_EQ(s.parts[1].outcome_begin, 2u);
  EXPECT_EQ(s.parts[1].map_outcome_begin, 2u);
  EXPECT_EQ(s.parts[1].outcome_count, 5u);
  EXPECT_EQ(s.parts[2].outcome_begin, 7u);
  EXPECT_EQ(s.parts[2].outcome_count, 0u);
  EXPECT_EQ(s.parts[3].outcome_begin, 7u);
  EXPECT_EQ(s.parts[3].map_outcome_begin, 7u);
  EXPECT_EQ(s.outcome_count, 9u);
  // Sites: the map's ids, each function's after the one before.
  EXPECT_EQ(s.cfg.sites, (std::vector<uint32_t>{0, 1, 2, 3}));
  EXPECT_EQ(s.parts[1].site_begin, 1u);
  EXPECT_EQ(s.parts[1].map_site_begin, 1u);
  EXPECT_EQ(s.parts[1].site_count, 2u);
  EXPECT_EQ(s.parts[2].site_count, 0u);
  EXPECT_EQ(s.parts[3].site_begin, 3u);
  EXPECT_EQ(s.site_count, 4u);
}

TEST(CoverageScope, LibraryScopeTakesEveryCalleeBreadthFirst) {
  CoverageMap m = coverage_scope_map();
  EXPECT_EQ(coverage_scope_functions(scoped_cfg(m, 0, CoverageScope::Library, "/elsewhere")), (std::vector<uint32_t>{0, 1, 2, 3, 4}));
  // From b: d, then root through d's call, then c and e through root.
  EXPECT_EQ(coverage_scope_functions(scoped_cfg(m, 1, CoverageScope::Library, "")), (std::vector<uint32_t>{1, 3, 0, 2, 4}));
}

TEST(CoverageScope, AtMostMaxFunctions) {
  CoverageMap m = coverage_scope_map();
  EXPECT_EQ(coverage_scope_functions(scoped_cfg(m, 0, CoverageScope::Library, "", 2)), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(coverage_scope_functions(scoped_cfg(m, 0, CoverageScope::Library, "", 1)), (std::vector<uint32_t>{0}));
}

TEST(CoverageScope, SitesOfAFunctionMustBeConsecutive) {
  CoverageMap m = coverage_scope_map();
  m.functions[1].sites = {1, 3};
  EXPECT_THROW(scoped_cfg(m, 0, CoverageScope::Library, ""), std::logic_error);
  EXPECT_NO_THROW(scoped_cfg(m, 0, CoverageScope::Class, "")) << "b is not part of root's own CFG";
  EXPECT_THROW(scoped_cfg(m, 9, CoverageScope::Class, ""), std::out_of_range);
}

}  // namespace
}  // namespace objgen::cover
