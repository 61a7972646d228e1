// Bounded-exhaustive generation from an invariant (Korat, Boyapati et al. 2002) on real C++
// objects: every assignment of the finitization's fields that the class's registered invariant
// accepts, up to isomorphism, pruned by the fields the invariant reads.
//
// The objects are the user's own, default-constructed in one block of a worker (which loaded the
// harness, confined); a candidate is made by writing fields into them, and the invariant is
// called on the root. Which fields it read comes from the load hooks of a harness compiled with
// SanitizerCoverage's trace-loads (cover/load_trace): the harness must be built for it
// (`objgen korat` does). An invariant that throws is a finding and rejects the candidate; one
// that crashes or hangs is a finding too, and the search goes on after that candidate with what
// it had read. Each valid structure comes back as its candidate vector and the fingerprint of
// its canonical form (the linearizer's, as for every other strategy's states).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "exec/executor.hpp"
#include "gen/invariant/finitization.hpp"
#include "gen/invariant/found_structures.hpp"
#include "objgen/api.hpp"
#include "objgen/linearizer.hpp"

namespace objgen::invariant {

struct SearchOptions {
  Finitization finitization;
  // Fields left out of the canonical form (as for every strategy: the class's omit_fields by
  // default); they are still assigned and searched.
  std::shared_ptr<const std::regex> omit;
  int workers = 1;                          // processes the search is split over (the results do not depend on it)
  bool isolate = true;                      // worker processes (false: this process, tests only)
  double call_timeout_seconds = 2.0;        // one invariant call
  size_t worker_memory_limit_bytes = 0;     // what the code under test may add (0: no limit)
  size_t max_structures = size_t{1} << 26;  // kept; past it the search stops, partial
  const std::atomic<bool>* interrupted = nullptr;
  // Called now and then in objgen's process: candidates explored, structures found.
  std::function<void(uint64_t explored, uint64_t found)> on_progress;
};

struct InvariantFinding {
  Outcome kind = Outcome::Failure;  // Failure: the invariant threw; Crash; Timeout
  std::string message;
  std::vector<uint8_t> candidate;  // the vector it ran on
  uint64_t explored_at = 0;        // its number among the candidates explored
};

struct SearchResult {
  FieldSpace space;
  uint64_t explored = 0;      // invariant calls
  uint64_t structures = 0;    // accepted candidates
  FoundStructures found;      // each a candidate vector and its canonical form's fingerprint
  uint64_t out_of_scope = 0;  // structures the linearizer could not canonicalize
  std::vector<InvariantFinding> findings;
  bool interrupted = false;
  bool truncated = false;      // max_structures reached
  bool reads_nothing = false;  // no load hook ran: the harness is not traced
  double seconds = 0;
  size_t jobs = 1;           // the parts the search was split into for the workers
  double setup_seconds = 0;  // reading the layouts and splitting, in a worker
  const uint8_t* vector(size_t structure) const { return found.vector(structure); }
};

// Throws std::invalid_argument for a finitization that does not fit the class, and
// std::runtime_error when the class has no registered invariant or its layout cannot be read.
SearchResult search_from_invariant(const Api& api, ClassId root, const SearchOptions& options);

}  // namespace objgen::invariant
