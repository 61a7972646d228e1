// The worker side of a search from an invariant: a lane (one worker process of the pool) takes
// tasks from the shared queue and runs each to the end of its stretch, writing the structures it
// finds into shared memory; when another worker waits and the queue is empty, it cuts the rest of
// its task into parts and puts them back, so that one long stretch does not keep the others idle.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "exec/worker_channel.hpp"
#include "exec/worker_pool.hpp"
#include "gen/invariant/finitization.hpp"
#include "gen/invariant/invariant_search.hpp"
#include "gen/invariant/search_memory.hpp"

namespace objgen::invariant {

// What a worker was doing when it died (set_worker_phase).
constexpr uint64_t kPhaseInvariant = 1, kPhaseCanonical = 2, kPhaseSetup = 3, kPhaseSplit = 4;
constexpr uint8_t kReadsRecord = 1;  // CandidateRecord::flags: the lane saw the invariant read a field
constexpr uint32_t kMaxThrownPerTask = 64, kMaxRecordsPerLane = 4000;

struct SearchContext {
  const Api& api;
  const FieldSpace& space;
  const std::string& layouts;  // as objgen was told: a worker's must be the same
  SearchMemory& memory;
  size_t split_target;                     // parts a task hands back
  std::shared_ptr<const std::regex> omit;  // left out of the canonical forms
};

// An exception of the invariant, with the task it came from (findings are ordered by task).
struct ThrownFinding {
  uint32_t task;
  InvariantFinding finding;
};

// The body of lane `lane` (a job of the worker pool): first the task a death interrupted (first >
// 0: objgen moved its cursor past the culprit), then tasks from the queue until none is left.
// Exceptions go to `region` (a worker) or `thrown` (objgen's own process, tests).
// Returns whether the invariant read any field (an invariant that reads none cannot be searched
// from: its harness was built without trace-loads, or it reads nothing of the object).
bool run_lane(SearchContext& c, size_t lane, uint64_t first, WorkerProgress& progress, JobRegion* region,
              std::vector<ThrownFinding>* thrown);

}  // namespace objgen::invariant
