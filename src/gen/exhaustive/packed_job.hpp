// A job's results in bytes: what the rank that ran it sends to every other rank, so that all of
// them merge the same records in the same order (exhaustive.cpp, distributed rounds).
#pragma once

#include <string>
#include <vector>

#include "exec/executor.hpp"
#include "exec/worker_pool.hpp"
#include "io/byte_stream.hpp"

namespace objgen {

// A worker's death while running a candidate (a crash or a hang), blamed on the step it was in.
struct CrashNote {
  uint64_t candidate;
  Outcome kind;
  std::string what;
  uint64_t phase;
};

struct PackedJob {
  uint64_t job = 0;
  uint64_t explored = 0;  // candidates run, each counted once
  std::vector<CandidateRecord> records;
  std::vector<std::string> texts;  // one per record
  std::vector<CrashNote> crashes;  // final: deaths confirmed or marked not reproducible alone

  size_t count() const { return records.size(); }
  const CandidateRecord& at(size_t i) const { return records[i]; }
  const std::string& text(size_t i) const { return texts[i]; }
};

// Appends the job's records (read from its region) and deaths to w.
void pack_job(ByteWriter& w, uint64_t job, uint64_t explored, const JobRegion& region,
              const std::vector<CrashNote>& crashes);
// Throws std::runtime_error when the bytes are not a packed job.
PackedJob unpack_job(ByteReader& r);

}  // namespace objgen
