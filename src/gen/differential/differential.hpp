// Differential testing against a reference: starting from the class's states as a strategy found
// them, every member taking the receiver and literals (over the literal domain) is called, with
// every observer (a const member returning a value, its literal arguments over the domain too)
// after it, on the class and on a reference class with the same members (the fixed or the
// previous version), each side in worker processes of its own.
//
// The search is breadth first over pairs of states, the class's and the reference's canonical
// forms side by side: state matching on the class alone would merge two sequences the reference
// tells apart (a cache that forgets which entry was read last), and the difference would never
// show. Pairs are kept to class states the strategy found (its scope).
//
// A difference is a call whose value, or whether it threw, is not the reference's: the first one
// of each probe is kept, one per bucket (the member that differs), minimized (1-minimal) and
// confirmed in fresh processes, each side run twice, once with its heap shifted (a value read from
// an address or from memory nobody wrote is not a difference). A sequence the reference refuses
// (throws, crashes, hangs) is skipped, never blamed on the class; the class's own crashes and
// hangs are the strategy's findings, not differences.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "gen/differential/operation_match.hpp"
#include "heap/found_states.hpp"

namespace objgen::differential {

struct DifferentialOptions {
  double call_timeout_seconds = 1.0;
  size_t worker_memory_limit_bytes = 0;
  // The program that serves the reference's test cases (TestRunner's worker_command); it takes
  // "--heap-shift N" before the runner's own arguments.
  std::vector<std::string> reference_worker;
  size_t max_tests = 300000;        // test cases per side at most: the states are sampled evenly beyond
  size_t max_argument_tuples = 16;  // argument tuples per member and observer, evenly spread
  int max_depth = 12;               // calls added beyond the found states at most
  bool minimize = true;
  size_t max_minimized = 32;  // buckets minimized and confirmed at most (the rest reported as found)
  const std::atomic<bool>* interrupted = nullptr;
  std::function<void(size_t done, size_t total)> progress;
};

struct Difference {
  FlatSequence sequence;            // on the class; its last call is the one that differs
  uint32_t op = 0;                  // that call's operation (the class's)
  bool threw = false;               // the class's call threw where the reference's returned
  std::string thrown;               // then what it threw
  std::optional<Literal> value;     // what the class's call returned
  std::optional<Literal> expected;  // what the reference's returned
  std::string call;                 // "count(3)"
  std::string message;              // "count(3): 2, reference 1"
  uint64_t hits = 1;                // probes whose first difference fell in this bucket
  size_t original_calls = 0;        // before minimization
  bool one_minimal = false;
  std::string unconfirmed;  // why a fresh replay did not show it ("" when confirmed)
};

struct DifferentialResult {
  std::vector<Difference> differences;  // confirmed, one per bucket
  std::vector<Difference> unconfirmed;  // found once, not shown again by a fresh replay
  size_t states = 0, states_checked = 0;
  size_t pairs = 0;                   // distinct pairs of states (the class's, the reference's) reached
  uint64_t tests = 0;                 // test cases run on each side
  uint64_t compared = 0;              // test cases both sides ran to their end
  uint64_t refused_by_reference = 0;  // test cases the reference did not run to a value
  uint64_t untranslatable = 0;        // test cases with a call or value the reference lacks
  std::vector<uint32_t> extensions;   // the class's members the states were extended with
  std::vector<uint32_t> observers;    // the class's observers called after each
  double seconds = 0;
};

// Throws std::runtime_error when the reference cannot run at all (its worker does not start, or
// crashes in its first call).
DifferentialResult find_differences(const Side& subject, const FoundStates& found, const Side& reference, const OperationMatch& match,
                                    const DifferentialOptions& options);

// The differing call as people read it: "count(3)" (literals as C++, objects by their value name).
std::string call_text(const Side& side, const FlatCall& call);

}  // namespace objgen::differential
