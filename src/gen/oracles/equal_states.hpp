// States the class's own operator== calls equal, grouped: a run counts, checks and emits one
// state per group unless the user keeps representations (docs/ENGINE.md, "States equal under
// =="). Canonical forms tell states apart by representation: an interval set holding [0,0] and
// one holding [0,1) are two forms of one value when the class says so.
//
// In one worker, each state is rebuilt in the order found and compared with the first state of
// each group so far, both ways; it joins the first group it is equal to. An == that holds one way
// only (a subset test) is no equivalence: grouping stops there and says so. With std::hash only states of the same hash are compared;
// without it, at most `max_comparisons` comparisons are made before grouping gives up and says so. A worker that dies or hangs on a state
// gives up the grouping too (the contracts report a crashing ==): the states then stay as found.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "heap/found_states.hpp"
#include "objgen/api.hpp"

namespace objgen::oracles {

struct EqualStatesOptions {
  double call_timeout_seconds = 1.0;
  size_t worker_memory_limit_bytes = 0;
  bool isolate = true;  // false: in a thread of objgen's process (--isolation none)
  uint64_t max_comparisons = 50'000'000;
  double max_seconds = 60;  // past it, grouping gives up
  const std::atomic<bool>* interrupted = nullptr;
};

struct EqualStates {
  bool grouped = false;  // else why_not says why, and the states stay as found
  std::string why_not;
  std::vector<uint32_t> representatives;  // the first state of each group, in the order found
  std::vector<uint32_t> group_of;         // per state of found.target_states(): its group
  uint64_t comparisons = 0;
  bool by_hash = false;  // states were compared within their std::hash bucket only
  double seconds = 0;
};

// The target's states grouped under its operator== (the class must have one: class_vtable's
// `equals`; else not grouped, with the reason).
EqualStates group_equal_states(const Api& api, const FoundStates& found, const EqualStatesOptions& options);

}  // namespace objgen::oracles
