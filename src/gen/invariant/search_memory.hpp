// What the workers of a search from an invariant share with objgen's process and with each
// other: the tasks (stretches of the sequential search), each with its cursor (so that after a
// crash objgen knows the candidate and what the invariant had read), the queue workers take tasks
// from and put the parts of a long one back into when another worker has nothing to do, and the
// structures found, in chunks of one shared block. A structure is written whole before its chunk
// counts it, and a task before it is marked ready, so what is read after a crash is whole;
// objgen checks everything it reads (the code under test shares the worker).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "exec/worker_channel.hpp"
#include "gen/invariant/candidate_cursor.hpp"
#include "gen/invariant/found_structures.hpp"
#include "objgen/linearizer.hpp"

namespace objgen::invariant {

enum TaskState : uint32_t { kTaskWaiting = 0, kTaskRunning, kTaskResumeAtCursor, kTaskExhausted, kTaskOutputFull, kTaskDone, kTaskSplit };

struct TaskSlot {
  std::atomic<uint32_t> ready;       // its spec is written
  std::atomic<uint32_t> state;       // TaskState
  std::atomic<uint64_t> explored;    // candidates of the task run so far
  uint32_t first_chunk, last_chunk;  // its structures (kNoChunk: none yet)
  uint32_t out_of_scope;             // structures without a canonical form
  uint32_t findings;                 // exceptions reported (capped)
  uint32_t no_yield;                 // cutting its rest into parts crashed: it runs to its end
  uint32_t first_part, part_count;   // kTaskSplit: the tasks its rest became, in order
  uint32_t prefix_length;            // its first candidate's reads must begin with prefix()
};

struct LaneSlot {
  std::atomic<uint32_t> task;  // the task the worker of this lane runs (kNoTask: none)
  uint32_t findings;           // records written to its region
};

class SearchMemory {
 public:
  static constexpr uint32_t kNoChunk = UINT32_MAX, kNoTask = UINT32_MAX;
  SearchMemory(size_t max_tasks, size_t lanes, uint32_t fields, size_t max_structures);
  ~SearchMemory();
  SearchMemory(const SearchMemory&) = delete;
  SearchMemory& operator=(const SearchMemory&) = delete;

  uint32_t fields() const { return fields_; }
  size_t max_tasks() const { return max_tasks_; }
  TaskSlot& task(size_t t) const;
  LaneSlot& lane(size_t l) const;
  // The task's cursor, its arrays pointed into shared memory again (the code under test may have
  // overwritten the pointers).
  CursorBlock& block(size_t t) const;
  uint8_t* values(size_t t) const;   // the task's first candidate
  uint32_t* prefix(size_t t) const;  // its first reads (prefix_length of them)

  // Adds tasks (values, then prefix reads, per task); their first id, or kNoTask when they do
  // not fit. Each is ready once written.
  uint32_t add_tasks(const std::vector<std::pair<std::vector<uint8_t>, std::vector<uint32_t>>>& specs);
  uint32_t task_count() const;  // ids handed out (some perhaps still being written)
  // A worker takes the next task; kNoTask once none is left and no worker runs one (none can
  // come). Sleeps while others run, advancing `progress` (the pool's sign of life).
  uint32_t take_task(WorkerProgress& progress);
  void task_finished();  // the worker's task ended (done, split or exhausted)
  bool someone_waits() const;
  bool queue_empty() const;

  // In a worker: appends a structure to task t; false when the output is full (max_structures
  // in all tasks: a bound on memory, the structures kept then are not the first ones in order).
  bool append(size_t t, const uint8_t* values, const Fingerprint& fp);
  // In objgen's process, after the search: task t's structures in order, added to `found` where
  // they are (`memory`, this object's owner, kept alive by it). Throws std::runtime_error when
  // the chunks are not a consistent list.
  void add_structures(size_t t, FoundStructures& found, const std::shared_ptr<const void>& memory) const;
  uint64_t count(size_t t) const;

 private:
  struct Header;
  struct Chunk;
  Header& header() const;
  Chunk* chunk(uint32_t c) const;
  size_t max_tasks_, lanes_, max_structures_;
  uint32_t fields_;
  size_t fingerprints_at_, task_bytes_, chunk_bytes_, tasks_at_, lanes_at_, chunks_at_;
  uint32_t chunks_;
  size_t bytes_;
  char* base_;
  uint32_t budget_ = 0;  // structures this process may still append before asking the shared count
};

}  // namespace objgen::invariant
