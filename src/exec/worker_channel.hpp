// What a WorkerPool's worker and objgen say to each other, over a socket of their own.
//
// objgen sends orders (run this job from that candidate, or stop); the worker answers with
// messages: it loaded the code under test, a job is done (with its counts and checksum), and, in a
// careful attempt, each candidate it starts, each record it appends, and a call that wrote over
// its shared memory. objgen reads the socket as a stream it checks (kinds, sizes): whatever the
// code under test writes into it can end the worker, never objgen.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "exec/job_region.hpp"

namespace objgen {

struct JobOrder {
  enum : uint32_t { Run = 1, Stop = 2 } kind;
  uint32_t careful;  // the attempt reports each candidate and record over the socket (WorkerProgress)
  uint64_t job;
  uint64_t first;
  uint64_t seed;  // the region's checksum starts here (JobRegion::reset)
};

struct WorkerMessage {
  enum : uint32_t { Loaded = 1, At, Record, Damaged, Done } kind;
  uint32_t payload;  // bytes that follow (Record: the record, then its text)
  uint64_t a, b, c, d;
  // At: a candidate, b phase, c explored before it. Damaged: a the candidate whose call wrote over the worker's shared
  // memory. Done: a job, b explored, c records << 32 | text bytes, d checksum.
};

// Writes all of it; false when the other side is gone.
bool send_all(int fd, const void* data, size_t n);
// Reads exactly n bytes (blocking); false at the end of the stream or on an error.
bool receive_all(int fd, void* data, size_t n);
// Appends what is there to be read, without blocking. False when the other side closed its end
// (or the socket failed).
bool receive_available(int fd, std::string& into);

// objgen's side: the messages of one worker, read without blocking and checked.
class WorkerInbox {
 public:
  // Reads what is there. False when the worker closed its end (or the socket failed).
  bool fill(int fd);
  enum class Next { Message, Incomplete, Malformed };
  // The next message, its payload in `payload`.
  Next next(WorkerMessage& m, std::string& payload, size_t max_payload);
  void clear() { buffer_.clear(); }

 private:
  std::string buffer_;
};

// A careful attempt's watch, in the worker: sends each candidate and phase, and looks after each
// call whether the call wrote over the worker's shared region (which a careful attempt leaves
// as objgen filled it, JobRegion::fill_watched). A call that did is reported (Damaged) and the
// worker ends.
class CarefulWatch final : public RecordSink {
 public:
  // explored: the attempt's count, sent with each candidate (a worker that dies takes it along).
  CarefulWatch(int fd, const JobRegion& shared, uint64_t seed, const JobHeader* explored)
      : fd_(fd), shared_(shared), seed_(seed), explored_(explored) {}
  void at(uint64_t candidate);
  void phase(uint64_t phase);
  // After the body: the last candidate's call is checked too.
  void finish();
  void record(const CandidateRecord& r, std::string_view text) override;

 private:
  void say_at();
  int fd_;
  const JobRegion& shared_;
  uint64_t seed_;
  const JobHeader* explored_;
  uint64_t current_ = UINT64_MAX, phase_ = 0;
};

// What a job body publishes before each candidate: `store` it (as into a std::atomic). In a careful
// attempt it is also sent to objgen, after the previous candidate's call is checked.
class WorkerProgress {
 public:
  explicit WorkerProgress(std::atomic<uint64_t>* word, CarefulWatch* watch = nullptr) : word_(word), watch_(watch) {}
  void store(uint64_t candidate, std::memory_order order = std::memory_order_seq_cst) {
    word_->store(candidate, order);
    if (watch_) [[unlikely]]
      watch_->at(candidate);
  }
  uint64_t load(std::memory_order order = std::memory_order_seq_cst) const { return word_->load(order); }
  uint64_t fetch_add(uint64_t n, std::memory_order order = std::memory_order_seq_cst) {
    uint64_t before = word_->fetch_add(n, order);
    if (watch_) [[unlikely]]
      watch_->at(before + n);
    return before;
  }

 private:
  std::atomic<uint64_t>* word_;
  CarefulWatch* watch_;
};

// Inside a job body: says what the worker is doing for its current candidate (a body-defined code;
// 0 at the start of each job), so that a death can be blamed on the right step. Inline: the
// exhaustive generator says it several times per candidate.
inline thread_local std::atomic<uint64_t>* t_worker_phase = nullptr;
inline thread_local CarefulWatch* t_careful_watch = nullptr;
inline void set_worker_phase(uint64_t phase) {
  if (std::atomic<uint64_t>* p = t_worker_phase) p->store(phase, std::memory_order_relaxed);
  if (CarefulWatch* w = t_careful_watch) [[unlikely]]
    w->phase(phase);
}
inline uint64_t worker_phase() {
  std::atomic<uint64_t>* p = t_worker_phase;
  return p ? p->load(std::memory_order_relaxed) : 0;
}

}  // namespace objgen
