// Cutting a search from an invariant into tasks: stretches of the sequential search, each
// starting at a candidate whose first reads (its prefix) stay fixed while the task runs, so that
// tasks run anywhere, in any order, and their structures put end to end are the sequential
// search's. Also the one call of the invariant every part of the search makes.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "exec/worker_channel.hpp"
#include "cover/load_trace.hpp"
#include "gen/invariant/candidate_cursor.hpp"
#include "gen/invariant/finitization.hpp"
#include "gen/invariant/object_arena.hpp"
#include "objgen/api.hpp"

namespace objgen::invariant {

// A task: the candidates whose first reads are `prefix`, with the values of `values`, a stretch
// of the sequential search that starts at `values`.
struct TaskSpec {
  std::vector<uint8_t> values;
  std::vector<uint32_t> prefix;
};

// The invariant called on the arena's root with its reads traced: "" or what it threw.
std::string call_invariant(const ClassInfo& info, ObjectArena& arena, const cover::LoadTrace& trace, bool& valid);

// A worker's sign of life for the pool, advanced before each call of the invariant (so that a
// hang is seen, and a long split is not taken for one).
struct Heartbeat {
  WorkerProgress* progress = nullptr;
  uint64_t* counter = nullptr;
  void beat() const {
    if (progress) progress->store((*counter)++, std::memory_order_relaxed);
  }
};

// At least `target` tasks (when the stretch has so many) covering the stretch from `start` (a
// candidate not run yet, the reads kept from the one before it, a frozen prefix) to its end: the
// shallowest cut of the read lists that makes that many. Runs the invariant (in a worker) on the
// objects of `arena` (whose fields it leaves as it likes: write them all before using it again).
std::vector<TaskSpec> split_search(const ClassInfo& info, const FieldSpace& space, const CursorBlock& start, size_t target,
                                   ObjectArena& arena, const Heartbeat& heartbeat = {});

std::string encode_tasks(const std::vector<TaskSpec>& tasks);
// Throws std::runtime_error when the bytes are not tasks of this space.
std::vector<TaskSpec> decode_tasks(const std::string& bytes, const FieldSpace& space);

}  // namespace objgen::invariant
