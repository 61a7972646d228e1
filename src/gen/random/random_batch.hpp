// Runs independent random generations (one per RandomOptions) on worker processes, surviving the
// code under test: a call that crashes or hangs is reported as a finding and its run starts
// again with that call skipped, so every run still delivers a result, the same for any number
// of workers.
#pragma once

#include <atomic>
#include <vector>

#include "gen/random/random_generator.hpp"

namespace objgen {

struct RandomBatchOptions {
  int workers = 1;
  bool isolate = true;
  double call_timeout_seconds = 2.0;
  // Each crash restarts its run from the first call; after this many the run stops at the last.
  int max_crashes_per_run = 100;
  // When set, the batch stops: runs not finished come back empty (calls == 0).
  const std::atomic<bool>* interrupted = nullptr;
  // What the code under test may add to a worker (0: no limit): see ChildOptions.
  size_t worker_memory_limit_bytes = 0;
};

std::vector<RandomResult> run_random_batch(const Api& api, std::vector<RandomOptions> runs,
                                           const RandomBatchOptions& options);

}  // namespace objgen
