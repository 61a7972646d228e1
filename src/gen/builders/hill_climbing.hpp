// Hill climbing (BEAPI §3.3): start from the constructor that alone builds the most structures
// at the climbing scope, then repeatedly add the operation that most increases the number of
// distinct structures bounded-exhaustive generation finds; stop when no operation increases it.
// Ties go to fewer and simpler parameters, then to API order.
#pragma once

#include <functional>
#include <vector>

#include "gen/builders/builder_search.hpp"

namespace objgen::builders {

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

struct ClimbProgress {
  std::function<void(const ClimbStep&)> on_step;
  // Before each exhaustive run of a step: the candidate tried, how many of the step's tried so far.
  std::function<void(uint32_t op, size_t tried, size_t of)> on_try;
};

// start: builders already chosen (a climb resumed at a larger scope); empty starts from the
// constructor that alone builds the most.
ClimbResult climb_builders(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& candidates,
                           const ClimbProgress& progress = {}, const std::vector<uint32_t>& start = {});

}  // namespace objgen::builders
