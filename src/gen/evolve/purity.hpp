// Parameter purity, dynamic half (paper §2.3.2): the static hints (function_set.hpp) are checked
// by calling each member on sampled inputs and comparing the canonical state of every object
// parameter before and after the call. A parameter the C++ types call read-only that changes is
// refuted (mutable members, const_cast) and becomes read/write.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "gen/evolve/function_set.hpp"

namespace objgen::evolve {

struct PurityCheckOptions {
  uint32_t samples = 30;  // random test cases per member
  uint64_t seed = 0;
  double call_timeout_seconds = 1.0;
  // Sampling stops here (a few test cases of every member at a time, so each gets some); the
  // evidence is what ran. A class whose random calls hang (a huge count) would otherwise spend
  // minutes here before a search of seconds.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

// Fills samples/changed/evidence and sets purity for the statically safe/read-only parameters.
void check_purity(const Api& api, const InputDomain& unpurified, const LiteralDomain& terminals, std::vector<ParamPurity>& params,
                  const PurityCheckOptions& options);

}  // namespace objgen::evolve
