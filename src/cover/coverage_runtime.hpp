// objgen's SanitizerCoverage runtime: the callbacks an instrumented library calls (defined in
// coverage_runtime.cpp and exported by the objgen executable), per-test-case hit counts and
// branch distances, and a cheap reset between test cases (only what was touched is cleared).
//
// The callbacks run inside the code under test: no allocation, no locks. One coverage library
// is bound at a time (its CoverageMap gives the comparison sites their meaning).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "cover/coverage_map.hpp"

namespace objgen::cover {

// EvoSuite's branch distance of one outcome, before normalisation: 0 when the comparison
// (a pred b) took that outcome, else how far the operands were from taking it.
double branch_distance(Predicate p, uint8_t width, uint64_t a, uint64_t b, bool want_true);
inline double normalized(double d) { return d / (d + 1.0); }
// Marks an outcome never evaluated in the current test case (distances are in [0, 1)).
constexpr double kNotReached = 2.0;

class CoverageRuntime {
 public:
  static CoverageRuntime& get();

  // Binds the map of the instrumented library at `library` (already loaded): checks it against
  // what the library registered (guard counts, function entry points by symbol) and gives
  // comparison sites their predicates. Throws std::runtime_error on any mismatch.
  void bind(const CoverageMap& map, const std::string& library);

  // Clears everything the previous test case touched.
  void reset();
  // Hit counts of a bound function's nodes (index = node), since the last reset.
  const uint32_t* function_hits(uint32_t function) const;
  // Best normalised distance of each outcome since the last reset (kNotReached: not evaluated).
  double outcome_distance(uint32_t outcome) const;
  // The operands of a comparison site's evaluation nearest to equal since the last reset (as
  // the predicate reads them: signed or unsigned, at its width; switches are not kept); false
  // when it was not evaluated. EvoSuite's dynamic constant pool draws on them.
  bool site_operands(uint32_t site, int64_t& a, int64_t& b) const;

 private:
  CoverageRuntime() = default;
  const CoverageMap* map_ = nullptr;
  uint32_t base_ = 0;  // runtime index of the bound library's first guard, minus one
};

}  // namespace objgen::cover
