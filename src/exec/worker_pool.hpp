// Runs the jobs (ranges of candidate calls) of one batch on worker processes or threads.
//
// objgen hands out the jobs itself, one at a time, in order, over a socket per worker; a worker
// says over it when it has loaded the code under test and when a job is done. Each worker writes
// its records into a region of its own (JobRegion); when the job is done or the worker dies,
// objgen checks them (counts, checksum, candidates) and copies them into a region of its own for
// the job, kept until the caller has merged it (release). Jobs are handed out only while such a
// region is free, so the parent merges strictly in order while workers run ahead.
//
// With isolation, workers are forked children that inherit the parent's state copy-on-write (all
// that jobs read is frozen for the batch). Before each call a worker publishes which candidate it
// executes. A child that dies by a signal, exits on its own, or stops advancing for longer than
// the call time limit is reported with that candidate; the parent records it and calls resume(),
// which forks a replacement that finishes the job after the culprit. Without isolation the same
// jobs run on threads (a crash in the code under test ends the process).
//
// Nothing objgen decides rests on memory a worker can write unchecked: which worker holds which
// job, which jobs are done and how long a call has run are objgen's own; what a worker's region
// says is checked, and a region found written over (or a candidate outside the job) means the
// attempt's word cannot be taken. It runs again from where it began, carefully: the worker
// reports each candidate and record over its socket and looks after each call whether the call
// wrote over its shared memory; a call that did is a finding ("the call wrote into objgen's
// shared memory"), and the job goes on after it with the right records.
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
#include "exec/job_region.hpp"
#include "exec/worker_channel.hpp"

namespace objgen {

class WorkerPool {
 public:
  // Runs candidates [first, end of job) of `job`, writing into region. `progress` must be set to
  // each candidate before it executes.
  using Body = std::function<void(size_t job, uint64_t first, JobRegion& region, WorkerProgress& progress)>;
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

  // Starts a batch of job_count jobs; job j runs candidates [first_of(j), end_of(j)) (end_of
  // unset: no end known). A candidate a worker names outside that range is a forgery.
  void begin(size_t job_count, std::function<uint64_t(size_t)> first_of, Body body, std::function<uint64_t(size_t)> end_of = {});
  // Waits up to max_seconds for jobs to finish, crash or hang.
  std::vector<Event> wait(double max_seconds);
  // After a Crashed or TimedOut event: runs the rest of `job` from `first` on a new worker.
  void resume(size_t job, uint64_t first);
  // The job's records, as objgen checked and copied them (valid until release).
  JobRegion& region(size_t job);
  // The job is merged: its region may be reused.
  void release(size_t job);
  // Ends the batch: waits for idle workers, kills any still running.
  void end();

 private:
  struct Worker;
  // A fresh worker (process or thread) on the slot, without a job yet.
  void launch(int slot);
  // Hands the slot's worker an attempt at `job` from `first`.
  void order(int slot, size_t job, uint64_t first, bool careful);
  // Idle workers get the next jobs while objgen has a region free for them.
  void dispatch();
  // In the worker.
  void worker_main(int slot);
  void run_attempt(int slot, const JobOrder& o);
  void close_parent_fds(int slot);
  // objgen's side.
  std::vector<Event> look();
  void read_messages(int slot, std::vector<Event>& events);
  void on_message(int slot, const WorkerMessage& m, const std::string& payload, std::vector<Event>& events);
  void on_done(int slot, const WorkerMessage& m, std::vector<Event>& events);
  void channel_forged(int slot, const std::string& why, std::vector<Event>& events);
  void check_progress(int slot, std::chrono::steady_clock::time_point now, std::vector<Event>& events);
  // The worker's own word for its current candidate: checked (careful attempts: from its messages).
  bool read_current(Worker& w, uint64_t& at, uint64_t& phase) const;
  void after_death(int slot, Event::Kind kind, std::string what, std::vector<Event>& events);
  // The attempt's word cannot be taken: it runs again from where it began, carefully.
  void rerun_carefully(int slot, const std::string& why);
  // An attempt that named a culprit (careful), or whose worker ended: the slot is free.
  void end_attempt(int slot, Event::Kind kind, uint64_t at, uint64_t phase, std::string what, std::vector<Event>& events);
  RecordBounds bounds(const Worker& w) const;
  void sleep_until_event(std::chrono::steady_clock::time_point until);
  double load_limit_seconds() const;
  void stop_worker(Worker& w);

  int workers_;
  bool isolate_;
  ChildOptions child_options_;
  double call_timeout_;
  size_t record_capacity_, text_capacity_;
  std::vector<std::unique_ptr<JobRegion>> ring_;  // objgen's copies of the jobs' records, job % size
  std::vector<std::unique_ptr<Worker>> slots_;
  size_t job_count_ = 0;
  size_t next_job_ = 0;         // the first job never handed out
  size_t released_ = 0;         // jobs below this are merged: their copies may be reused
  std::vector<char> reported_;  // Done already reported for job
  std::vector<char> careful_;   // the job's attempts run carefully (one was found forged)
  std::vector<int> takeovers_;  // fresh workers started for a job that never began
  std::function<uint64_t(size_t)> first_of_, end_of_;
  Body body_;
  uint64_t seed_ = 0;
};

}  // namespace objgen
