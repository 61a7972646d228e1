// Runs independent random generations (one per RandomOptions) on worker processes, surviving the
// code under test: a call that crashes or hangs is reported as a finding and its run starts
// again with that call skipped, so every run still delivers a result, the same for any number
// of workers.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "gen/random/random_generator.hpp"
#include "heap/state_store.hpp"

namespace objgen::random {

struct RandomBatchOptions {
  int workers = 1;
  bool isolate = true;
  double call_timeout_seconds = 2.0;
  // Each crash restarts its run from the first call; after this many the run stops at the last.
  int max_crashes_per_run = 100;
  // When set, the batch stops: runs not finished come back empty (calls == 0).
  const std::atomic<bool>* interrupted = nullptr;
  // No run starts a call past it (objgen's clock, whatever the calls do); a run still going one
  // call's timeout and a second later comes back empty, as when interrupted. {}: none. Runs with a
  // time_limit_seconds share the batch in waves (one per worker) ending at their shares' sums.
  std::chrono::steady_clock::time_point stop_at{};
  // What the code under test may add to a worker (0: no limit): see ChildOptions.
  size_t worker_memory_limit_bytes = 0;
  // Room for one run's result (a run keeping its states needs about 60 bytes per state).
  size_t result_bytes = 16 << 20;
  // Called in the parent as each run's result arrives (progress).
  std::function<void(size_t run, const RandomResult&)> on_result;
};

std::vector<RandomResult> run_random_batch(const Api& api, std::vector<RandomOptions> runs, const RandomBatchOptions& options);

// Adds the states of a run kept with keep_states (not the broken ones) to `into`, skipping those
// it already has, with their sequences rewritten to its state ids. Returns how many were new.
size_t merge_run_states(const Api& api, const RandomResult& run, StateStore& into);

}  // namespace objgen::random
