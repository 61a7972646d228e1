// Feedback-directed random generation (Randoop's loop, with state matching).
//
// Each step picks an operation and inputs at random from the pool of objects built so far (and
// literals from the domain), runs the call on copies of the inputs, and adds every object the
// call leaves in a state not seen before to the pool. Misuse is discarded, objects larger than
// the scope are dropped, failures and broken invariants are counted. Unlike Randoop, the pool
// holds distinct states rather than sequences, so no effort goes into re-extending duplicates.
//
// The same loop serves builder identification: per operation it records whether a call ever
// changed an input's canonical state or returned a new object (observer detection, seed 000
// §4.4), and it can accumulate global field extensions (the fitness of §4.2).
#pragma once

#include <atomic>
#include <cstdint>
#include <chrono>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "exec/worker_channel.hpp"
#include "exec/executor.hpp"
#include "exec/sequence.hpp"
#include "heap/state_store.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::random {

struct RandomOptions {
  std::vector<uint32_t> operations;  // indices into Api::operations()
  ClassId target = 0;
  uint32_t scope = 3;  // objects per class; larger objects are dropped
  LiteralDomain domain = LiteralDomain::defaults(3);
  std::shared_ptr<const std::regex> omit;
  uint64_t seed = 0;
  uint64_t max_calls = 10000;     // 0: no limit (then set a time limit)
  double time_limit_seconds = 0;  // 0: none
  // Set by run_random_batch from objgen's clock: no call from resume_at on starts past stop_at (a
  // run that starts again after a death replays its calls before resume_at first). Replaces
  // time_limit_seconds, which a restarted run would measure again from its own start.
  std::chrono::steady_clock::time_point stop_at{};
  uint64_t resume_at = 0;
  // The run ends after this call (its skips described; no contract check after the one that died
  // at it runs): a run restarted past its time only describes its deaths. UINT64_MAX: no end.
  uint64_t end_after_call = UINT64_MAX;
  bool field_extensions = false;
  // Calls (by index) that crashed or hung in an earlier attempt with the same seed: counted,
  // not run again.
  std::vector<uint64_t> skip_calls;
  // Calls to describe (operation and sequence, in `skipped` with ran set) without skipping them.
  std::vector<uint64_t> note_calls;
  // An operation whose calls crashed or hung this often (counted over skip_calls) is not called
  // again in the run: a hostile operation would otherwise cost a restart (or a call timeout)
  // every few calls. Deterministic, as the skips are. 0: never.
  uint32_t quarantine_after = 2;
  // In a worker process that exits right after the run: the pool's objects are not destroyed,
  // so a crashing destructor cannot be blamed on the last call.
  bool leak_pool_at_end = false;
  // Classes whose copy constructor killed an earlier attempt: their objects are lent, not copied.
  std::vector<ClassId> no_copy;
  // Contract checks (Operation::contract, gen/oracles/contracts.hpp) run on every new state of
  // their class; a state that breaks one is a finding and stays out of the pool. Checks taking
  // two objects get a second one drawn from the pool (from a stream of its own: the checks' draws
  // do not shift the calls'). Without checks for a class, its
  // registered invariant is checked directly.
  std::vector<uint32_t> contract_checks;
  // (call, check) pairs whose check crashed or hung in an earlier attempt: not run again there.
  std::vector<std::pair<uint64_t, uint32_t>> contract_crashes;
  bool report_failures = true;  // an exception that is not misuse is a finding (contract "failures")
  bool check_invariant = true;  // for classes without contract checks (contract "invariant")
  // Keep the run's store (every state and how it was built) in the result.
  bool keep_states = false;
  uint64_t max_states = 0;  // the run stops when its store holds this many states (0: no limit)
  // With skip_calls: a skipped call is described with what the worker ran before it (its last
  // calls, each with the calls that built its inputs), this many calls at most (0: none). A
  // crash that its own sequence does not show alone is cut down from them (gen/minimize).
  uint32_t history_calls = 4096;
};

// What a random run says it is doing (set_worker_phase) while it copies an object of a class, so
// that a worker's death there is not blamed on the call.
constexpr uint64_t kRandomPhaseCopy = uint64_t{1} << 32;
// ... while it runs contract check op (kRandomPhaseContract | op).
constexpr uint64_t kRandomPhaseContract = uint64_t{2} << 32;
// ... while it changes copies of an object of a class to see them kept apart (exec/object_copy):
// a death there is no finding; the run starts again lending that class instead of copying it.
constexpr uint64_t kRandomPhaseCopyProbe = uint64_t{4} << 32;

struct OperationEffect {
  uint64_t normal = 0;  // calls that returned normally
  uint64_t misuse = 0;
  uint64_t changed_input = 0;    // ... and left an input in a different canonical state
  uint64_t returned_object = 0;  // ... and returned a new object of a described class
};

// A call an earlier attempt of the run died at: skipped this time, or run (when the death was in
// copying an input, now lent instead).
struct SkippedCall {
  uint64_t call;
  uint32_t op;
  FlatSequence sequence;  // the calls that build its inputs, then it
  bool ran = false;
  std::vector<FlatSequence> history;  // see RandomOptions::history_calls
};

struct RandomResult {
  uint64_t calls = 0;
  uint64_t states = 0;  // distinct states of all classes
  uint64_t target_states = 0;
  uint32_t largest_object = 0;  // most objects reachable from one state of the target class
  uint64_t field_extensions = 0;
  double seconds = 0;
  std::vector<OperationEffect> effects;  // by operation index in Api::operations()
  // One per bucket (kind, operation, message with its numbers left out): the shortest
  // sequence, and how many calls hit the bucket.
  std::vector<SequenceFinding> findings;
  std::vector<SkippedCall> skipped;
  // With keep_states: the store, and which of its states stayed out of the pool (they broke the
  // invariant, or a contract check changed them); a state that broke a contract without changing
  // stays in, and in the regression suite.
  std::shared_ptr<StateStore> store;
  std::vector<uint8_t> broken;
};

// Runs the loop in this process. `progress` (if set) holds the index of the call being run, so
// that a supervising process can tell which call crashed or hung.
RandomResult run_random(const Api& api, const RandomOptions& options, WorkerProgress* progress = nullptr);

}  // namespace objgen::random
