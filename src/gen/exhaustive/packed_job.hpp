// A job's results in bytes: what the rank that ran it sends to every other rank, so that all of
// them merge the same records in the same order (rank_exchange.cpp, distributed rounds).
#pragma once

#include <string>
#include <vector>

#include "exec/executor.hpp"
#include "exec/worker_pool.hpp"
#include "heap/state_store.hpp"
#include "io/byte_stream.hpp"

namespace objgen::exhaustive {

// A worker's death while running a candidate (a crash or a hang), blamed on the step it was in.
struct CrashNote {
  uint64_t candidate;
  Outcome kind;
  std::string what;
  uint64_t phase;
};

// The call that built an earlier state a finding is about (its rebuild, copy or destructor
// failed), sent by the rank that holds it when the ranks split the records.
struct SubjectCall {
  uint32_t state = 0;
  uint32_t op = 0;
  uint8_t slot = 0;
  std::vector<ArgRef> args;
};

struct PackedJob {
  uint64_t job = 0;
  uint64_t explored = 0;  // candidates run, each counted once
  std::vector<CandidateRecord> records;
  std::vector<std::string> texts;  // one per record
  std::vector<CrashNote> crashes;  // final: deaths confirmed or marked not reproducible alone
  std::vector<SubjectCall> subjects;

  size_t count() const { return records.size(); }
  const CandidateRecord& at(size_t i) const { return records[i]; }
  const std::string& text(size_t i) const { return texts[i]; }
};

// The job's records and texts, copied out of its region (which the pool reuses).
PackedJob read_job(uint64_t job, uint64_t explored, const JobRegion& region, std::vector<CrashNote> crashes);
// Appends the job to w, without the records keep() refuses.
template <class Keep>
void pack_job(ByteWriter& w, const PackedJob& p, Keep keep);
void pack_job(ByteWriter& w, const PackedJob& p);
void pack_record(ByteWriter& w, const CandidateRecord& r, const std::string& text);
void pack_crashes(ByteWriter& w, const std::vector<CrashNote>& crashes, const std::vector<SubjectCall>& subjects);

template <class Keep>
void pack_job(ByteWriter& w, const PackedJob& p, Keep keep) {
  w.put(p.job);
  w.put(p.explored);
  uint64_t n = 0;
  for (const CandidateRecord& r : p.records) n += keep(r);
  w.put(n);
  for (size_t i = 0; i < p.records.size(); ++i)
    if (keep(p.records[i])) pack_record(w, p.records[i], p.texts[i]);
  pack_crashes(w, p.crashes, p.subjects);
}

// Throws std::runtime_error when the bytes are not a packed job.
PackedJob unpack_job(ByteReader& r);

}  // namespace objgen::exhaustive
