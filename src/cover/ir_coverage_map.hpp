// Reading SanitizerCoverage-instrumented LLVM IR (clang -S -emit-llvm -fsanitize-coverage=
// trace-pc-guard,pc-table,trace-cmp) into a CoverageMap, exactly as the library will run it: each
// guard's block, the block's successors, and every traced comparison. The trace-cmp and switch
// callbacks are rewritten to objgen's, which take a site id first (sancov's carry only the
// operands, so a comparison could not be told from another).
#pragma once

#include <string>
#include <vector>

#include "cover/coverage_map.hpp"

namespace objgen::cover {

// One translation unit's part, in the order its guard arrays land in the library.
struct ModuleCoverage {
  std::vector<CoveredFunction> functions;
  std::vector<CmpSite> sites;  // ids site_base, site_base + 1, ...
  std::vector<int64_t> constants;
};

// Rewrites ir in place (cmp/switch callbacks carry site ids starting at site_base) and returns
// what it instruments. Throws std::runtime_error when the IR is not what sancov produces.
ModuleCoverage read_instrumented_ir(std::string& ir, uint32_t site_base);

// The library's map from its translation units in link order: the linker keeps only the first
// copy of a comdat group (an inline function compiled into two units), guards numbered after it.
CoverageMap link_coverage(std::vector<ModuleCoverage> modules);

// Clang flags for the instrumented IR this reader expects: -O0 (one CFG per function, close to
// the source), line tables (each branch's location), basic-block guards with their pc table
// and comparison tracing, only for the functions `allowlist` names and `ignorelist` (if any) does not.
std::vector<std::string> coverage_ir_flags(const std::string& allowlist_path, const std::string& ignorelist_path = "");

// The runtime entry points the rewritten IR calls (exported by objgen's executable).
constexpr const char* kCmpCallbackPrefix = "__objgen_cov_cmp";
constexpr const char* kSwitchCallback = "__objgen_cov_switch";

}  // namespace objgen::cover
