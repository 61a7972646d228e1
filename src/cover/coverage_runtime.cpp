#include "cover/coverage_runtime.hpp"

#include <dlfcn.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace objgen::cover {
namespace {

struct Module {
  uint32_t* guards_begin;
  uint32_t* guards_end;
  const uintptr_t* pcs_begin;
  const uintptr_t* pcs_end;
  uint32_t base;  // guards before this module's
};

struct SiteInfo {
  Predicate predicate;
  uint8_t width;
  bool swapped;
  uint32_t begin;
  uint32_t count;
};

// Everything the callbacks touch: plain arrays, grown only while a library is being loaded.
std::vector<Module> g_modules;
uint32_t* g_counters = nullptr;  // by runtime guard index (1-based)
uint32_t* g_touched = nullptr;   // guard indices whose counter left zero
uint32_t g_touched_count = 0;
uint32_t g_guards = 0;
std::vector<SiteInfo> g_site_table;
const SiteInfo* g_sites = nullptr;
uint32_t g_site_count = 0;
double* g_distance = nullptr;  // by outcome (double: a local search tells d from d + 1 up to 1e8)
uint32_t* g_distance_touched = nullptr;
uint32_t g_distance_touched_count = 0;

void grow_counters(uint32_t total) {
  auto* counters = static_cast<uint32_t*>(std::calloc(total + 1, sizeof(uint32_t)));
  auto* touched = static_cast<uint32_t*>(std::calloc(total + 1, sizeof(uint32_t)));
  if (!counters || !touched) std::abort();
  if (g_counters) std::memcpy(counters, g_counters, (g_guards + 1) * sizeof(uint32_t));
  if (g_touched) std::memcpy(touched, g_touched, g_touched_count * sizeof(uint32_t));
  std::free(g_counters);
  std::free(g_touched);
  g_counters = counters;
  g_touched = touched;
}

// By site: the operands of its evaluation nearest to equal (gap = |a - b|; infinite: not evaluated).
struct Operands {
  int64_t a, b;
  long double gap;
};
Operands* g_operands = nullptr;
uint32_t* g_operands_touched = nullptr;
uint32_t g_operands_touched_count = 0;
constexpr long double kNoGap = std::numeric_limits<long double>::infinity();

long double signed_value(uint64_t v, uint8_t width) {
  if (width >= 64) return static_cast<long double>(static_cast<int64_t>(v));
  uint64_t m = 1ull << (width - 1);
  v &= (1ull << width) - 1;
  return static_cast<long double>(static_cast<int64_t>((v ^ m) - m));
}

long double unsigned_value(uint64_t v, uint8_t width) { return static_cast<long double>(width >= 64 ? v : v & ((1ull << width) - 1)); }

bool reads_unsigned(Predicate p) { return p == Predicate::Ugt || p == Predicate::Uge || p == Predicate::Ult || p == Predicate::Ule; }

// The operands as the predicate reads them: signed or unsigned, at its width.
std::pair<long double, long double> operand_values(Predicate p, uint8_t width, uint64_t a, uint64_t b) {
  if (reads_unsigned(p)) return {unsigned_value(a, width), unsigned_value(b, width)};
  return {signed_value(a, width), signed_value(b, width)};
}

// EvoSuite's distances of x pred y to its true and to its false outcome.
std::pair<long double, long double> outcome_distances(Predicate p, long double x, long double y) {
  switch (p) {
    case Predicate::Eq:
      return {std::fabs(x - y), x == y ? 1 : 0};
    case Predicate::Ne:
      return {x != y ? 0 : 1, std::fabs(x - y)};
    case Predicate::Slt:
    case Predicate::Ult:
      return {x < y ? 0 : x - y + 1, x < y ? y - x : 0};
    case Predicate::Sle:
    case Predicate::Ule:
      return {x <= y ? 0 : x - y, x <= y ? y - x + 1 : 0};
    case Predicate::Sgt:
    case Predicate::Ugt:
      return {x > y ? 0 : y - x + 1, x > y ? x - y : 0};
    case Predicate::Sge:
    case Predicate::Uge:
      return {x >= y ? 0 : y - x, x >= y ? x - y + 1 : 0};
    case Predicate::Switch:
      break;
  }
  return {0, 0};
}

inline void keep_operands(uint32_t site, bool is_unsigned, long double x, long double y) {
  long double gap = std::fabs(x - y);
  Operands& o = g_operands[site];
  if (!(gap < o.gap)) return;
  if (o.gap == kNoGap) g_operands_touched[g_operands_touched_count++] = site;
  auto as_int = [is_unsigned](long double v) {
    return is_unsigned ? static_cast<int64_t>(static_cast<uint64_t>(v)) : static_cast<int64_t>(v);
  };
  o = {as_int(x), as_int(y), gap};
}

inline void record(uint32_t outcome, double d) {
  double nd = normalized(d);
  double& slot = g_distance[outcome];
  if (nd >= slot) return;
  if (slot == kNotReached) g_distance_touched[g_distance_touched_count++] = outcome;
  slot = nd;
}

inline void on_cmp(uint32_t site, uint64_t a, uint64_t b) {
  if (site >= g_site_count) return;
  const SiteInfo& s = g_sites[site];
  if (s.swapped) std::swap(a, b);
  auto [x, y] = operand_values(s.predicate, s.width, a, b);
  auto [to_true, to_false] = outcome_distances(s.predicate, x, y);
  record(s.begin, static_cast<double>(to_true));
  record(s.begin + 1, static_cast<double>(to_false));
  keep_operands(site, reads_unsigned(s.predicate), x, y);
}

inline void on_switch(uint32_t site, uint64_t value, const uint64_t* cases) {
  if (site >= g_site_count) return;
  const SiteInfo& s = g_sites[site];
  uint64_t n = cases[0];
  bool matched = false;
  for (uint64_t k = 0; k < n && k + 1 < s.count; ++k) {
    long double d = std::fabs(signed_value(value, s.width) - signed_value(cases[k + 2], s.width));
    matched |= d == 0;
    record(s.begin + static_cast<uint32_t>(k), static_cast<double>(d));
  }
  record(s.begin + s.count - 1, matched ? 1.0 : 0.0);
}

std::string canonical(const std::string& path) {
  std::error_code ec;
  auto p = std::filesystem::canonical(path, ec);
  return ec ? path : p.string();
}

const Module* module_of(const std::string& library) {
  std::string want = canonical(library);
  for (const Module& m : g_modules) {
    if (!m.pcs_begin || m.pcs_begin == m.pcs_end) continue;
    Dl_info info{};
    // NOLINTNEXTLINE(performance-no-int-to-ptr): the PC table holds code addresses as integers; dladdr takes one as a pointer
    if (dladdr(reinterpret_cast<void*>(m.pcs_begin[0]), &info) && info.dli_fname && canonical(info.dli_fname) == want) return &m;
  }
  return nullptr;
}

// Each function's first pc-table entry is its entry point: flagged as an entry, and where the
// function's symbol is (when it has a dynamic one; C1/C2 constructors share an address).
void check_entries(const CoverageMap& map, const Module& m, const std::string& library) {
  void* handle = dlopen(library.c_str(), RTLD_LAZY | RTLD_NOLOAD);
  size_t pcs = static_cast<size_t>(m.pcs_end - m.pcs_begin) / 2;
  if (pcs != map.guard_count)
    throw std::runtime_error(library + ": pc table has " + std::to_string(pcs) + " entries, map " + std::to_string(map.guard_count));
  for (const CoveredFunction& f : map.functions) {
    uintptr_t pc = m.pcs_begin[2 * f.first_guard];
    uintptr_t flags = m.pcs_begin[2 * f.first_guard + 1];
    if (!(flags & 1))
      throw std::runtime_error(library + ": guard " + std::to_string(f.first_guard) + " of " + f.name + " is not a function entry");
    void* symbol = handle ? dlsym(handle, f.mangled.c_str()) : nullptr;
    if (symbol && reinterpret_cast<uintptr_t>(symbol) != pc)
      throw std::runtime_error(library + ": the map puts " + f.name + " at guard " + std::to_string(f.first_guard) +
                               ", the library elsewhere");
  }
  if (handle) dlclose(handle);
}

}  // namespace

double branch_distance(Predicate p, uint8_t width, uint64_t a, uint64_t b, bool want_true) {
  auto [x, y] = operand_values(p, width, a, b);
  auto [to_true, to_false] = outcome_distances(p, x, y);
  return static_cast<double>(want_true ? to_true : to_false);
}

CoverageRuntime& CoverageRuntime::get() {
  static CoverageRuntime runtime;
  return runtime;
}

void CoverageRuntime::bind(const CoverageMap& map, const std::string& library) {
  const Module* m = module_of(library);
  if (!m) throw std::runtime_error(library + " registered no coverage guards (not built with --coverage?)");
  uint32_t guards = static_cast<uint32_t>(m->guards_end - m->guards_begin);
  if (guards != map.guard_count)
    throw std::runtime_error(library + " has " + std::to_string(guards) + " coverage guards, its map " + std::to_string(map.guard_count));
  check_entries(map, *m, library);
  map_ = &map;
  base_ = m->base;
  g_site_count = 0;
  g_site_table.clear();
  for (const CmpSite& s : map.sites) g_site_table.push_back({s.predicate, s.width, s.swapped, s.outcome_begin, s.outcome_count});
  std::free(g_distance);
  std::free(g_distance_touched);
  g_distance = static_cast<double*>(std::malloc((map.outcome_count + 1) * sizeof(double)));
  g_distance_touched = static_cast<uint32_t*>(std::malloc((map.outcome_count + 1) * sizeof(uint32_t)));
  for (uint32_t i = 0; i <= map.outcome_count; ++i) g_distance[i] = kNotReached;
  g_distance_touched_count = 0;
  std::free(g_operands);
  std::free(g_operands_touched);
  g_operands = static_cast<Operands*>(std::malloc((map.sites.size() + 1) * sizeof(Operands)));
  g_operands_touched = static_cast<uint32_t*>(std::malloc((map.sites.size() + 1) * sizeof(uint32_t)));
  for (size_t i = 0; i <= map.sites.size(); ++i) g_operands[i] = {0, 0, kNoGap};
  g_operands_touched_count = 0;
  g_sites = g_site_table.data();
  g_site_count = static_cast<uint32_t>(g_site_table.size());
  reset();
}

void CoverageRuntime::reset() {
  for (uint32_t i = 0; i < g_touched_count; ++i) g_counters[g_touched[i]] = 0;
  g_touched_count = 0;
  for (uint32_t i = 0; i < g_distance_touched_count; ++i) g_distance[g_distance_touched[i]] = kNotReached;
  g_distance_touched_count = 0;
  for (uint32_t i = 0; i < g_operands_touched_count; ++i) g_operands[g_operands_touched[i]].gap = kNoGap;
  g_operands_touched_count = 0;
}

const uint32_t* CoverageRuntime::function_hits(uint32_t function) const {
  return g_counters + base_ + map_->functions[function].first_guard + 1;
}

double CoverageRuntime::outcome_distance(uint32_t outcome) const { return g_distance[outcome]; }

bool CoverageRuntime::site_operands(uint32_t site, int64_t& a, int64_t& b) const {
  if (site >= g_site_count || g_operands[site].gap == kNoGap) return false;
  a = g_operands[site].a;
  b = g_operands[site].b;
  return true;
}

}  // namespace objgen::cover

// ---- The callbacks (C linkage, exported with the executable's symbols). ----
extern "C" {

void __sanitizer_cov_trace_pc_guard_init(uint32_t* start, uint32_t* stop) {
  using namespace objgen::cover;
  if (start == stop || *start) return;  // empty, or this module is registered already
  uint32_t n = static_cast<uint32_t>(stop - start);
  grow_counters(g_guards + n);
  g_modules.push_back({start, stop, nullptr, nullptr, g_guards});
  for (uint32_t i = 0; i < n; ++i) start[i] = g_guards + i + 1;
  g_guards += n;
}

void __sanitizer_cov_pcs_init(const uintptr_t* begin, const uintptr_t* end) {
  using namespace objgen::cover;
  for (Module& m : g_modules)
    if (!m.pcs_begin) {
      m.pcs_begin = begin;
      m.pcs_end = end;
      return;
    }
}

void __sanitizer_cov_trace_pc_guard(uint32_t* guard) {
  using namespace objgen::cover;
  uint32_t i = *guard;
  if (i && g_counters[i]++ == 0) g_touched[g_touched_count++] = i;
}

// sancov declares these in every instrumented module; objgen rewrites the cmp and switch calls
// to its own callbacks below, so the originals see only uninstrumented leftovers.
void __sanitizer_cov_trace_pc_indir(uintptr_t) {}
void __sanitizer_cov_trace_cmp1(uint8_t, uint8_t) {}
void __sanitizer_cov_trace_cmp2(uint16_t, uint16_t) {}
void __sanitizer_cov_trace_cmp4(uint32_t, uint32_t) {}
void __sanitizer_cov_trace_cmp8(uint64_t, uint64_t) {}
void __sanitizer_cov_trace_const_cmp1(uint8_t, uint8_t) {}
void __sanitizer_cov_trace_const_cmp2(uint16_t, uint16_t) {}
void __sanitizer_cov_trace_const_cmp4(uint32_t, uint32_t) {}
void __sanitizer_cov_trace_const_cmp8(uint64_t, uint64_t) {}
void __sanitizer_cov_trace_switch(uint64_t, uint64_t*) {}
void __sanitizer_cov_trace_div4(uint32_t) {}
void __sanitizer_cov_trace_div8(uint64_t) {}
void __sanitizer_cov_trace_gep(uintptr_t) {}

void __objgen_cov_cmp1(uint32_t site, uint8_t a, uint8_t b) { objgen::cover::on_cmp(site, a, b); }
void __objgen_cov_cmp2(uint32_t site, uint16_t a, uint16_t b) { objgen::cover::on_cmp(site, a, b); }
void __objgen_cov_cmp4(uint32_t site, uint32_t a, uint32_t b) { objgen::cover::on_cmp(site, a, b); }
void __objgen_cov_cmp8(uint32_t site, uint64_t a, uint64_t b) { objgen::cover::on_cmp(site, a, b); }
void __objgen_cov_switch(uint32_t site, uint64_t value, uint64_t* cases) { objgen::cover::on_switch(site, value, cases); }

}  // extern "C"
