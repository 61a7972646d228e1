// Runs the jobs (ranges of candidate calls) of one batch on worker processes or threads.
//
// A batch's workers are started once and pull jobs in order from a shared counter. Each job
// writes its records into a region of a small ring; a worker takes a region only after the
// parent has merged the job that used it before, so the parent can merge jobs strictly in order
// while workers run ahead.
//
// With isolation, workers are forked children: they inherit the parent's state copy-on-write
// (all that jobs read is frozen for the batch), and before each call they publish which
// candidate they execute. A child that dies by a signal, exits on its own, or stops advancing
// for longer than the call time limit is reported with that candidate; the parent records it
// and calls resume(), which forks a replacement that finishes the job after the culprit and
// then goes on pulling jobs. Records written before the crash stay in shared memory. Without
// isolation the same jobs run on threads (a crash in the code under test ends the process).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "exec/child_process.hpp"
#include "objgen/linearizer.hpp"

namespace objgen {

constexpr int kMaxRecordSlots = 8;
// An InvariantBroken record about an object without a canonical form (Linearizer::broken()):
// it has no fingerprint, so it is reported once per operation and message, like a crash.
constexpr uint8_t kRecordBrokenObject = 1;

// One record of a job: a candidate that produced states new to the job, or a finding.
struct CandidateRecord {
  uint64_t candidate;
  uint8_t kind;      // an Outcome
  uint8_t new_mask;  // bit i: fps[i] is new to this job
  uint8_t slot;      // for findings about one slot (invariant)
  uint8_t flags;     // kRecordBrokenObject
  uint32_t subject;  // for findings about an earlier state (nondeterministic rebuild): its id
  uint32_t text_offset;
  uint32_t text_length;
  uint8_t copy_checked;  // bit i: the worker checked whether fps[i]'s class copies deeply...
  uint8_t copy_deep;     // ...and it does
  Fingerprint fps[kMaxRecordSlots];
};

struct JobHeader {
  std::atomic<uint64_t> explored;  // candidates executed so far
  std::atomic<uint32_t> records;
  std::atomic<uint32_t> text_used;
};

// The memory a job writes into (shared with the parent when isolated).
class JobRegion {
 public:
  JobRegion(size_t record_capacity, size_t text_capacity, bool shared);
  ~JobRegion();
  JobRegion(const JobRegion&) = delete;
  JobRegion& operator=(const JobRegion&) = delete;

  void reset();
  JobHeader& header() { return *header_; }
  size_t record_count() const { return std::min<size_t>(header_->records.load(std::memory_order_acquire), record_capacity_); }
  const CandidateRecord& record(size_t i) const { return records_[i]; }
  // Appends a record and its message (may be empty; cut at kMaxMessage bytes, or to what is left of
  // the text area). whole: the message is data that must arrive entire (a random run's result),
  // not cut. Throws std::length_error when the records (or a whole message) do not fit: callers
  // size regions for their worst case, so that is objgen's bug.
  static constexpr size_t kMaxMessage = 2000;
  void append(const CandidateRecord& r, const std::string& message = {}, bool whole = false);
  std::string text(const CandidateRecord& r) const;

 private:
  void* base_;
  size_t bytes_;
  bool shared_;
  JobHeader* header_;
  CandidateRecord* records_;
  char* text_;
  size_t record_capacity_, text_capacity_;
};

// Inside a job body: says what the worker is doing for its current candidate (a body-defined code;
// 0 at the start of each job), so that a death can be blamed on the right step. Inline: the
// exhaustive generator says it several times per candidate.
inline thread_local std::atomic<uint64_t>* t_worker_phase = nullptr;
inline void set_worker_phase(uint64_t phase) {
  if (std::atomic<uint64_t>* p = t_worker_phase) p->store(phase, std::memory_order_relaxed);
}
inline uint64_t worker_phase() {
  std::atomic<uint64_t>* p = t_worker_phase;
  return p ? p->load(std::memory_order_relaxed) : 0;
}

class WorkerPool {
 public:
  // Runs candidates [first, end of job) of `job`, writing into region. `progress` must be set to
  // each candidate before it executes.
  using Body = std::function<void(size_t job, uint64_t first, JobRegion& region, std::atomic<uint64_t>& progress)>;
  struct Event {
    enum Kind { Done, Crashed, TimedOut } kind;
    size_t job;
    uint64_t at;       // candidate executing when it crashed or hung
    std::string what;  // signal or exit description
    uint64_t phase;    // what the body had said it was doing for `at` (set_worker_phase)
  };

  WorkerPool(int workers, bool isolate, double call_timeout_seconds, size_t record_capacity, size_t text_capacity = 1 << 18,
             ChildOptions child_options = {});
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Starts a batch of job_count jobs; job j starts at first_of(j).
  void begin(size_t job_count, std::function<uint64_t(size_t)> first_of, Body body);
  // Waits up to max_seconds for jobs to finish, crash or hang.
  std::vector<Event> wait(double max_seconds);
  // After a Crashed or TimedOut event: runs the rest of `job` from `first` on a new worker.
  void resume(size_t job, uint64_t first);
  JobRegion& region(size_t job);
  // The job is merged: its region may be reused.
  void release(size_t job);
  // Ends the batch: waits for idle workers, kills any still running.
  void end();

 private:
  struct Control;
  struct Worker;
  void launch(int slot, int64_t resume_job, uint64_t resume_first);
  // A worker's life: resume a job after a crash, take over a claimed job (resume_first ==
  // UINT64_MAX), or just claim jobs until none is left.
  void start(int slot, int64_t resume_job, uint64_t resume_first);
  void worker_loop(int slot, int64_t claimed);
  void run_job(int slot, size_t job, uint64_t first);
  std::vector<Event> poll_processes();
  // Sleeps until a job is done, a worker process ends, or `until`.
  void sleep_until_event(std::chrono::steady_clock::time_point until);
  void after_death(int slot, Event::Kind kind, const std::string& what, std::vector<Event>& events);
  double load_limit_seconds() const;

  int workers_;
  bool isolate_;
  ChildOptions child_options_;
  double call_timeout_;
  size_t record_capacity_;
  std::vector<std::unique_ptr<JobRegion>> ring_;
  Control* control_ = nullptr;
  size_t control_bytes_ = 0;
  size_t job_count_ = 0;
  std::vector<char> reported_;  // parent side: Done already reported for job
  std::vector<int> takeovers_;  // parent side: fresh workers started for a job that never began
  std::function<uint64_t(size_t)> first_of_;
  Body body_;
  std::vector<std::unique_ptr<Worker>> slots_;
  // Workers write a byte to wake_[1] when a job is done: the parent sleeps in poll() on wake_[0]
  // and on the worker processes (pidfds) instead of waking every few hundred microseconds to
  // look. A worker process closes wake_[0] and the pidfds first thing, so the code under test
  // cannot read the parent's wake-ups or change how its end blocks.
  int wake_[2] = {-1, -1};
  // In a new worker process: closes what only the parent may use.
  void close_parent_fds();
};

}  // namespace objgen
