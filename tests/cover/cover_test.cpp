// The coverage layer on a library of small functions with known CFGs, built the way objgen
// builds coverage harnesses: Clang -> instrumented IR -> objgen's map and rewrite -> object ->
// shared object, loaded and bound to objgen's runtime.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "cover/coverage_runtime.hpp"
#include "cover/coverage_scope.hpp"
#include "cover/ir_coverage_map.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cover {
namespace {

namespace fs = std::filesystem;

const char* kProbeSource = R"(
namespace cov {
struct Probe {
  int straight(int x);
  int branch(int x);
  int loop(int n);
  int sw(int k);
  bool eq(long a, long b);
  int neg(int k);
  int caught(int a);
  int careful(int a) noexcept;
  int twice(int x);
};
struct Local {  // a local with a destructor: unwinding through a frame runs it (cleanup pads)
  ~Local();
};
Local::~Local() {}
void may_throw(int a) {
  if (a > 1) throw a;
}
int Probe::straight(int x) { return x + 1; }
int Probe::branch(int x) {
  if (x > 10) return 1;
  return 2;
}
int Probe::loop(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += i;
  return s;
}
int Probe::sw(int k) {
  switch (k) {
    case 1: return 10;
    case 5: return 20;
    default: return 0;
  }
}
bool Probe::eq(long a, long b) {
  if (a == b) return true;
  return false;
}
int Probe::neg(int k) {
  switch (k) {
    case -20: return 1;
    default: return 0;
  }
}
int Probe::caught(int a) {
  Local l;
  try {
    may_throw(a);
  } catch (int e) {
    return e;
  }
  return 0;
}
int Probe::careful(int a) noexcept {
  Local l;
  may_throw(a - 100);
  return a;
}
int Probe::twice(int x) { return branch(x) + straight(x); }
}  // namespace cov
extern "C" long probe_call(int which, long a, long b) {
  cov::Probe p;
  switch (which) {
    case 0: return p.straight(static_cast<int>(a));
    case 1: return p.branch(static_cast<int>(a));
    case 2: return p.loop(static_cast<int>(a));
    case 3: return p.sw(static_cast<int>(a));
    case 5: return p.neg(static_cast<int>(a));
    case 6: return p.caught(static_cast<int>(a));
    case 7: return p.careful(static_cast<int>(a));
    default: return p.eq(a, b);
  }
}
)";

void run(const std::string& cmd) { ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd; }

class CoverageLayer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(fs::temp_directory_path() / ("objgen_cover_test_" + std::to_string(getpid())));
    fs::create_directories(*dir_);
    std::ofstream(*dir_ + "/probe.cpp") << kProbeSource;
    std::ofstream(*dir_ + "/allow.txt") << "src:*\nfun:_ZN3cov5Probe*\n";
    std::string cmd = std::string(OBJGEN_COVERAGE_CXX) + " -fPIC";
    for (const auto& f : coverage_ir_flags(*dir_ + "/allow.txt")) cmd += " " + f;
    run(cmd + " " + *dir_ + "/probe.cpp -o " + *dir_ + "/probe.ll");
    std::string ir = read_whole_file(*dir_ + "/probe.ll").value_or("");
    std::vector<ModuleCoverage> modules{read_instrumented_ir(ir, 0)};
    std::ofstream(*dir_ + "/probe.cov.ll") << ir;
    map_ = new CoverageMap(link_coverage(std::move(modules)));
    run(std::string(OBJGEN_COVERAGE_CXX) + " -fPIC -c " + *dir_ + "/probe.cov.ll -o " + *dir_ + "/probe.o");
    run(std::string(OBJGEN_COVERAGE_CXX) + " -shared " + *dir_ + "/probe.o -o " + *dir_ + "/probe.so");
    handle_ = dlopen((*dir_ + "/probe.so").c_str(), RTLD_NOW);
    ASSERT_NE(handle_, nullptr) << dlerror();
    call_ = reinterpret_cast<long (*)(int, long, long)>(dlsym(handle_, "probe_call"));
    CoverageRuntime::get().bind(*map_, *dir_ + "/probe.so");
  }
  static void TearDownTestSuite() { fs::remove_all(*dir_); }

  static const CoveredFunction& fn(const std::string& name) {
    const CoveredFunction* f = map_->find(name);
    EXPECT_NE(f, nullptr) << name;
    return *f;
  }
  static std::vector<std::vector<uint32_t>> successors(const CoveredFunction& f) {
    std::vector<std::vector<uint32_t>> out;
    for (const auto& n : f.nodes) out.push_back(n.successors);
    return out;
  }
  static std::vector<uint32_t> hits_of(const std::string& name) {
    const CoveredFunction& f = fn(name);
    const uint32_t* h = CoverageRuntime::get().function_hits(static_cast<uint32_t>(&f - map_->functions.data()));
    return {h, h + f.nodes.size()};
  }
  static float distance(const std::string& name, uint32_t site_index, uint32_t outcome) {
    const CmpSite& s = map_->sites[fn(name).sites.at(site_index)];
    return CoverageRuntime::get().outcome_distance(s.outcome_begin + outcome);
  }

  static inline std::string* dir_;
  static inline CoverageMap* map_;
  static inline void* handle_;
  static inline long (*call_)(int, long, long);
};

using Succ = std::vector<std::vector<uint32_t>>;

TEST_F(CoverageLayer, OnlyAllowlistedFunctionsAreInstrumented) {
  EXPECT_EQ(map_->functions.size(), 9u);
  EXPECT_EQ(map_->find("probe_call"), nullptr);
}

TEST_F(CoverageLayer, NodeSetsAndSuccessorsMatchTheKnownCfgs) {
  EXPECT_EQ(successors(fn("cov::Probe::straight(int)")), (Succ{{}}));
  EXPECT_EQ(successors(fn("cov::Probe::branch(int)")), (Succ{{1, 2}, {3}, {3}, {}}));
  EXPECT_EQ(successors(fn("cov::Probe::loop(int)")), (Succ{{1}, {2, 4}, {3}, {1}, {}}));
  EXPECT_EQ(successors(fn("cov::Probe::sw(int)")), (Succ{{3, 1, 2}, {4}, {4}, {4}, {}}));
  EXPECT_EQ(successors(fn("cov::Probe::eq(long, long)")), (Succ{{1, 2}, {3}, {3}, {}}));
  for (const auto& f : map_->functions) {
    if (f.name.find("caught") != std::string::npos || f.name.find("careful") != std::string::npos) continue;
    for (const auto& n : f.nodes) EXPECT_TRUE(n.target) << f.name << " " << n.label;
  }
}

// Exception plumbing that no input makes the method run (destructor cleanups on the way out, a
// catch dispatch's no-match path, a noexcept function's terminate pad) is not a target; the
// catch handler is. Two inputs then cover every target.
TEST_F(CoverageLayer, OnlyReachableExceptionPathsAreTargets) {
  for (const char* name : {"cov::Probe::caught(int)", "cov::Probe::careful(int)"}) {
    const CoveredFunction& f = fn(name);
    size_t targets = 0;
    for (const auto& n : f.nodes) targets += n.target;
    EXPECT_GT(targets, 0u) << name;
    EXPECT_LT(targets, f.nodes.size()) << name << ": some blocks only unwind or terminate";
  }
  std::vector<uint32_t> seen(fn("cov::Probe::caught(int)").nodes.size());
  for (long a : {0, 5}) {  // returns normally; throws 5 and catches it
    CoverageRuntime::get().reset();
    EXPECT_EQ(call_(6, a, 0), a == 5 ? 5 : 0);
    auto h = hits_of("cov::Probe::caught(int)");
    for (size_t i = 0; i < h.size(); ++i) seen[i] += h[i];
  }
  const CoveredFunction& caught = fn("cov::Probe::caught(int)");
  for (size_t i = 0; i < seen.size(); ++i)
    if (caught.nodes[i].target) {
      EXPECT_GT(seen[i], 0u) << "target " << caught.nodes[i].label << " not covered";
    }
  CoverageRuntime::get().reset();
  EXPECT_EQ(call_(7, 1, 0), 1);
  auto h = hits_of("cov::Probe::careful(int)");
  const CoveredFunction& careful = fn("cov::Probe::careful(int)");
  for (size_t i = 0; i < h.size(); ++i)
    if (careful.nodes[i].target) {
      EXPECT_GT(h[i], 0u) << "target " << careful.nodes[i].label << " not covered";
    }
}

TEST_F(CoverageLayer, NegativeSwitchCasesKeepTheirBranch) {
  const CmpSite& sw = map_->sites[fn("cov::Probe::neg(int)").sites.at(0)];
  ASSERT_EQ(sw.outcome_nodes.size(), 2u);
  EXPECT_GE(sw.outcome_nodes[0], 0);
  EXPECT_NE(std::find(map_->constants.begin(), map_->constants.end(), -20), map_->constants.end());
  CoverageRuntime::get().reset();
  call_(5, -18, 0);
  EXPECT_FLOAT_EQ(distance("cov::Probe::neg(int)", 0, 0), 2.0f / 3.0f);  // 2 away from -20
}

TEST_F(CoverageLayer, ComparisonSitesKnowTheirBranchAndSourceLine) {
  const CmpSite& gt = map_->sites[fn("cov::Probe::branch(int)").sites.at(0)];
  EXPECT_EQ(gt.predicate, Predicate::Sgt);
  EXPECT_TRUE(gt.swapped);  // sancov passes the constant 10 first
  EXPECT_EQ(gt.outcome_nodes, (std::vector<int32_t>{1, 2}));
  std::string before(kProbeSource, std::strstr(kProbeSource, "if (x > 10)"));
  EXPECT_EQ(gt.line, 1 + std::count(before.begin(), before.end(), '\n'));
  EXPECT_NE(gt.file.find("probe.cpp"), std::string::npos);
  const CmpSite& sw = map_->sites[fn("cov::Probe::sw(int)").sites.at(0)];
  EXPECT_EQ(sw.predicate, Predicate::Switch);
  EXPECT_EQ(sw.cases, (std::vector<int64_t>{1, 5}));
  EXPECT_EQ(sw.outcome_nodes, (std::vector<int32_t>{1, 2, 3}));
  EXPECT_NE(std::find(map_->constants.begin(), map_->constants.end(), 10), map_->constants.end());
}

TEST_F(CoverageLayer, HitListsResetBetweenTestCases) {
  auto& rt = CoverageRuntime::get();
  rt.reset();
  EXPECT_EQ(call_(1, 20, 0), 1);
  EXPECT_EQ(hits_of("cov::Probe::branch(int)"), (std::vector<uint32_t>{1, 1, 0, 1}));
  rt.reset();
  EXPECT_EQ(hits_of("cov::Probe::branch(int)"), (std::vector<uint32_t>{0, 0, 0, 0}));
  EXPECT_EQ(call_(1, 3, 0), 2);
  EXPECT_EQ(hits_of("cov::Probe::branch(int)"), (std::vector<uint32_t>{1, 0, 1, 1}));
  rt.reset();
  EXPECT_EQ(call_(2, 3, 0), 3);
  EXPECT_EQ(hits_of("cov::Probe::loop(int)"), (std::vector<uint32_t>{1, 4, 3, 3, 1}));
  EXPECT_EQ(hits_of("cov::Probe::branch(int)"), (std::vector<uint32_t>{0, 0, 0, 0}));
}

TEST_F(CoverageLayer, BranchDistancesShrinkTowardsTheOtherSide) {
  auto& rt = CoverageRuntime::get();
  float previous = 2;
  for (long x : {-50, 0, 5, 9, 10}) {  // x > 10 stays false, ever closer
    rt.reset();
    call_(1, x, 0);
    float d = distance("cov::Probe::branch(int)", 0, 0);
    EXPECT_LT(d, previous) << x;
    EXPECT_EQ(distance("cov::Probe::branch(int)", 0, 1), 0.0f);
    previous = d;
  }
  rt.reset();
  call_(1, 11, 0);
  EXPECT_EQ(distance("cov::Probe::branch(int)", 0, 0), 0.0f);
  EXPECT_FLOAT_EQ(distance("cov::Probe::branch(int)", 0, 1), 0.5f);  // 11 - 10 = 1 -> 1/2
  previous = 2;
  for (long a : {1000, 120, 101, 100}) {
    rt.reset();
    call_(4, a, 100);
    float d = distance("cov::Probe::eq(long, long)", 0, 0);
    EXPECT_LE(d, previous);
    previous = d;
  }
  EXPECT_EQ(previous, 0.0f);
  rt.reset();
  call_(3, 4, 0);  // switch: 4 is 3 from case 1 and 1 from case 5
  EXPECT_FLOAT_EQ(distance("cov::Probe::sw(int)", 0, 0), 0.75f);
  EXPECT_FLOAT_EQ(distance("cov::Probe::sw(int)", 0, 1), 0.5f);
  EXPECT_EQ(distance("cov::Probe::sw(int)", 0, 2), 0.0f);
}

// The dynamic pool's source: each site's operands at its evaluation nearest to equal.
TEST_F(CoverageLayer, SitesKeepTheirNearestOperands) {
  auto& rt = CoverageRuntime::get();
  rt.reset();
  uint32_t site = fn("cov::Probe::branch(int)").sites.at(0);
  int64_t a = 0, b = 0;
  EXPECT_FALSE(rt.site_operands(site, a, b));
  call_(1, -7, 0);  // x > 10 with x = -7: signed
  ASSERT_TRUE(rt.site_operands(site, a, b));
  EXPECT_EQ(a, -7);
  EXPECT_EQ(b, 10);
  rt.reset();
  call_(2, 3, 0);  // loop(3): i < n with i = 0..3, nearest to equal at i = 3
  ASSERT_TRUE(rt.site_operands(fn("cov::Probe::loop(int)").sites.at(0), a, b));
  EXPECT_EQ(a, 3);
  EXPECT_EQ(b, 3);
  EXPECT_FALSE(rt.site_operands(site, a, b));  // reset
}

TEST_F(CoverageLayer, UnreachedComparisonsReportNotReached) {
  CoverageRuntime::get().reset();
  call_(0, 1, 0);
  EXPECT_EQ(distance("cov::Probe::branch(int)", 0, 0), kNotReached);
}

// What a function calls, and the scoped CFGs built from it (--coverage-scope).
TEST_F(CoverageLayer, CalleesMakeScopedCfgs) {
  const CoveredFunction& twice = fn("cov::Probe::twice(int)");
  const CoveredFunction& branch = fn("cov::Probe::branch(int)");
  const CoveredFunction& straight = fn("cov::Probe::straight(int)");
  EXPECT_EQ(twice.callees, (std::vector<std::string>{branch.mangled, straight.mangled}));
  const std::vector<std::string>& caught = fn("cov::Probe::caught(int)").callees;
  EXPECT_NE(std::find(caught.begin(), caught.end(), "_ZN3cov9may_throwEi"), caught.end());  // through invoke
  EXPECT_TRUE(fn("cov::Probe::straight(int)").callees.empty());
  EXPECT_NE(twice.file.find("probe.cpp"), std::string::npos);

  auto root = static_cast<uint32_t>(&twice - map_->functions.data());
  ScopedCfg own = scoped_cfg(*map_, root, CoverageScope::Class, "");
  ASSERT_EQ(own.parts.size(), 1u);
  EXPECT_EQ(own.cfg.nodes.size(), twice.nodes.size());
  ScopedCfg header = scoped_cfg(*map_, root, CoverageScope::Header, "");
  ASSERT_EQ(header.parts.size(), 3u);  // twice, then what it calls, in the directory of its file
  EXPECT_EQ(header.cfg.nodes.size(), twice.nodes.size() + branch.nodes.size() + straight.nodes.size());
  const ScopedPart& b = header.parts[1];
  EXPECT_EQ(&map_->functions[b.function], &branch);
  EXPECT_EQ(b.node_begin, twice.nodes.size());
  EXPECT_EQ(header.cfg.nodes[b.node_begin].successors,
            (std::vector<uint32_t>{b.node_begin + 1, b.node_begin + 2}));  // offset like its nodes
  auto [begin, end] = map_->outcomes_of(branch);
  EXPECT_EQ(b.map_outcome_begin, begin);
  EXPECT_EQ(b.outcome_count, end - begin);
  EXPECT_EQ(header.outcome_count, own.outcome_count + (end - begin));
  EXPECT_EQ(scoped_cfg(*map_, root, CoverageScope::Header, "/elsewhere").parts.size(), 1u);  // written elsewhere
  EXPECT_EQ(scoped_cfg(*map_, root, CoverageScope::Library, "/elsewhere").parts.size(), 3u);
}

TEST(BranchDistance, EvoSuiteFormulas) {
  EXPECT_EQ(branch_distance(Predicate::Eq, 32, 5, 8, true), 3);
  EXPECT_EQ(branch_distance(Predicate::Eq, 32, 5, 5, false), 1);
  EXPECT_EQ(branch_distance(Predicate::Slt, 32, 9, 5, true), 5);   // 9 < 5: 9 - 5 + 1
  EXPECT_EQ(branch_distance(Predicate::Slt, 32, 2, 5, false), 3);  // 2 >= 5: 5 - 2
  EXPECT_EQ(branch_distance(Predicate::Sle, 32, 9, 5, true), 4);
  EXPECT_EQ(branch_distance(Predicate::Slt, 32, static_cast<uint32_t>(-1), 0, true), 0);    // signed
  EXPECT_GT(branch_distance(Predicate::Ult, 32, static_cast<uint32_t>(-1), 0, true), 1e9);  // unsigned
  EXPECT_DOUBLE_EQ(normalized(3), 0.75);
}

}  // namespace
}  // namespace objgen::cover
