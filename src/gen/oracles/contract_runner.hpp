// Contract checks on states another strategy built (exhaustive's store, evolve's test cases): each
// state's sequence, then one check, run in test workers (TestRunner). The random
// generator checks its states itself, in its own workers, as it finds them.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::contracts {

struct StateCheckOptions {
  double call_timeout_seconds = 1.0;
  size_t worker_memory_limit_bytes = 0;
  const std::atomic<bool>* interrupted = nullptr;
  // Literal arguments index into their slot's values (exhaustive), or their kind's (evolve).
  bool enumerations = true;
};

struct StateCheckResult {
  std::vector<SequenceFinding> findings;  // one per bucket, the shortest sequence, hits counted
  uint64_t checks_run = 0;
};

// Runs each check on each state (sequences building objects of the checks' class; literal
// arguments index into their slot's values). A check taking two objects pairs each state with the
// next one in the list; a check's literal arguments take the domain's values in turn.
// A check that crashed or hung on each of the first two states is not run on the others: its
// finding stands, with the hits of those two.
StateCheckResult check_states(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& states,
                              const std::vector<uint32_t>& checks, const StateCheckOptions& options);

}  // namespace objgen::contracts
