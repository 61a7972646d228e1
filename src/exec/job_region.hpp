// The records one job of a WorkerPool writes: candidates that produced states new to the job, and
// findings, each with an optional message.
//
// A worker writes them into a region it shares with objgen; objgen never merges from that memory.
// It adopts the worker's records into a region of its own, checking them first (adopt()): the code
// under test runs in the worker and may have written anything there. Every append folds the record
// and its message into a running checksum that starts from a seed objgen chose for the attempt, so
// a region written over (a pattern, zeros, a forged count) is told from one the worker wrote.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "objgen/linearizer.hpp"

namespace objgen {

constexpr int kMaxRecordSlots = 8;
// A careful attempt (WorkerPool) leaves this much of its shared region as objgen cleared it, and
// looks after each call whether the call wrote there: the header (the words a call aiming at
// objgen goes for) and the first records.
constexpr size_t kWatchedBytes = 4096;
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

// The head of a region. In a worker's shared region, `current` and `phase` are also what the
// worker says it is running (WorkerPool reads them, checked, to blame a death).
struct JobHeader {
  std::atomic<uint64_t> seed;      // the attempt's, never written again: a region written over shows here
  std::atomic<uint64_t> explored;  // candidates executed so far
  std::atomic<uint32_t> records;
  std::atomic<uint32_t> text_used;
  std::atomic<uint64_t> checksum;  // the seed, then each record and its text folded in
  std::atomic<uint64_t> current;   // candidate being executed
  std::atomic<uint64_t> phase;     // what the body is doing for it (set_worker_phase)
};

// Where a worker that must not trust its shared memory sends each record as it is appended.
class RecordSink {
 public:
  virtual void record(const CandidateRecord& r, std::string_view text) = 0;

 protected:
  ~RecordSink() = default;
};

// What adopt() accepts: candidates in [first, end), at most `explored_max` candidates explored.
struct RecordBounds {
  uint64_t first = 0;
  uint64_t end = UINT64_MAX;
  uint64_t explored_max = UINT64_MAX;
};

class JobRegion {
 public:
  JobRegion(size_t record_capacity, size_t text_capacity, bool shared);
  ~JobRegion();
  JobRegion(const JobRegion&) = delete;
  JobRegion& operator=(const JobRegion&) = delete;

  void reset(uint64_t seed = 0);
  JobHeader& header() { return *header_; }
  const JobHeader& header() const { return *header_; }
  size_t record_count() const { return count_; }
  uint32_t text_used() const { return used_; }
  uint64_t checksum() const { return sum_; }
  const CandidateRecord& record(size_t i) const { return records_[i]; }
  // Appends a record and its message (may be empty; cut at kMaxMessage bytes, or to what is left of
  // the text area). whole: the message is data that must arrive entire (a random run's result),
  // not cut. Throws std::length_error when the records (or a whole message) do not fit: callers
  // size regions for their worst case, so that is objgen's bug.
  static constexpr size_t kMaxMessage = 2000;
  void append(const CandidateRecord& r, const std::string& message = {}, bool whole = false);
  std::string text(const CandidateRecord& r) const;
  // Each append is also sent here (nullptr: none).
  void set_sink(RecordSink* sink) { sink_ = sink; }

  // objgen's side. Appends the records a worker wrote into `from` (its shared region, whose
  // attempt began with reset(seed)) after checking them: counts within capacity, the checksum,
  // every record's kind, candidate and text. Returns what is wrong ("" when adopted; nothing is
  // adopted otherwise). The explored count is added to this region's.
  std::string adopt(const JobRegion& from, uint64_t seed, const RecordBounds& bounds);
  // Appends one record a worker sent (its text alone, offsets its own), checked the same way.
  std::string adopt_one(const CandidateRecord& r, std::string_view text, const RecordBounds& bounds);
  void add_explored(uint64_t n) { header_->explored.store(header_->explored.load() + n); }

  size_t text_capacity() const { return text_capacity_; }
  // A careful attempt's region: its first kWatchedBytes hold the attempt's seed, over and over
  // (neither zeros nor any one byte repeated), until a call writes there.
  void fill_watched(uint64_t seed);
  bool watched_intact(uint64_t seed) const;
  // The region's bytes (a worker unmaps the regions of other workers).
  void* bytes() const { return base_; }
  size_t byte_count() const { return bytes_; }

 private:
  void publish();
  std::string check(const CandidateRecord& r, uint32_t text_limit, const RecordBounds& bounds) const;
  void* base_;
  size_t bytes_;
  bool shared_;
  JobHeader* header_;
  CandidateRecord* records_;
  char* text_;
  size_t record_capacity_, text_capacity_;
  // The writer's own counts: in its private memory, whatever happens to the shared header.
  uint32_t count_ = 0, used_ = 0;
  uint64_t sum_ = 0;
  RecordSink* sink_ = nullptr;
};

// The running checksum's step (FNV-1a over 64-bit words, then the tail bytes).
uint64_t fold_checksum(uint64_t sum, const void* data, size_t n);

}  // namespace objgen
