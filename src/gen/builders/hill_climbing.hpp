// Hill climbing (BEAPI §3.3): start from the constructor that alone builds the most structures
// at the climbing scope, then repeatedly add the operation that most increases the number of
// distinct structures bounded-exhaustive generation finds; stop when no operation increases it.
// Ties go to fewer and simpler parameters, then to API order.
#pragma once

#include <functional>
#include <vector>

#include "gen/builders/builder_search.hpp"

namespace objgen {

struct ClimbStep {
  std::vector<uint32_t> builders;  // after this step
  size_t structures;               // of the target class at the climbing scope
  size_t runs;                     // exhaustive runs so far
  double seconds;
};

struct ClimbResult {
  std::vector<uint32_t> builders;
  size_t structures = 0;
  std::vector<ClimbStep> history;
  std::vector<SequenceFinding> findings;  // of the exhaustive runs (the first few)
  size_t runs = 0;
  double seconds = 0;
  bool interrupted = false;
  bool complete = true;  // every exhaustive run reached its fixpoint (counts are exact)
};

ClimbResult climb_builders(const Api& api, const BuilderSearchOptions& options,
                           const std::vector<uint32_t>& candidates,
                           const std::function<void(const ClimbStep&)>& on_step = nullptr);

}  // namespace objgen
