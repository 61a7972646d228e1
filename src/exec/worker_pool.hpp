// Runs jobs (ranges of candidate calls) on worker processes or threads.
//
// With isolation, each job runs in a forked child: the child inherits the parent's live objects
// copy-on-write, writes its records into a shared-memory region, and publishes the index of the
// candidate it is executing before each call. A child that dies by a signal, exits on its own, or
// stops advancing for longer than the call time limit is reported with that index, so the caller
// can record the culprit and restart the job after it. Nothing is lost: records already written
// to the shared region stay there. Without isolation the same jobs run on threads (fastest, but a
// crash in the code under test ends the process).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "objgen/linearizer.hpp"

namespace objgen {

constexpr int kMaxRecordSlots = 8;

// One record of a job: a candidate that produced states new to the job, or a finding.
struct CandidateRecord {
  uint64_t candidate;
  uint8_t kind;      // an Outcome
  uint8_t new_mask;  // bit i: fps[i] is new to this job
  uint8_t slot;      // for findings about one slot (invariant)
  uint8_t pad;
  uint32_t objects_begin;  // in-process workers: where the new objects were handed over
  uint32_t text_offset;
  uint32_t text_length;
  Fingerprint fps[kMaxRecordSlots];
};

struct JobHeader {
  std::atomic<uint64_t> current;   // candidate being executed
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
  size_t record_count() const { return header_->records.load(std::memory_order_acquire); }
  const CandidateRecord& record(size_t i) const { return records_[i]; }
  // Appends a record; message (may be empty) is stored in the text area, truncated if full.
  void append(const CandidateRecord& r, const std::string& message = {});
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

class WorkerPool {
 public:
  using Body = std::function<void(JobRegion&, uint64_t first)>;
  struct Event {
    enum Kind { Done, Crashed, TimedOut } kind;
    uint64_t job;
    uint64_t at;       // candidate executing when it crashed or hung
    std::string what;  // signal or exit description
  };

  WorkerPool(int workers, bool isolate, double call_timeout_seconds, size_t record_capacity);
  ~WorkerPool();

  bool has_free_worker() const;
  // Starts (or restarts after a crash) job `job` at candidate `first`.
  void start(uint64_t job, uint64_t first, const Body& body);
  // Waits up to max_seconds for jobs to finish, crash or hang.
  std::vector<Event> wait(double max_seconds);
  JobRegion& region(uint64_t job);
  void release(uint64_t job);
  void stop_all();
  bool isolated() const { return isolate_; }

 private:
  struct Running;
  JobRegion* acquire_region(uint64_t job);
  std::vector<Event> wait_threads(double max_seconds);
  std::vector<Event> wait_processes(double max_seconds);

  int workers_;
  bool isolate_;
  double call_timeout_;
  size_t record_capacity_;
  std::vector<std::unique_ptr<JobRegion>> regions_;
  std::vector<int64_t> region_job_;  // -1 when free
  std::vector<std::unique_ptr<Running>> running_;
};

}  // namespace objgen
