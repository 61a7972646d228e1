// Checkpoints of a bounded-exhaustive run at iteration boundaries (--checkpoint DIR): a run that
// was killed (the whole job, or one of its ranks, which takes the job down) starts again from
// the last finished iteration and ends with the same states, sequences and counts.
//
// DIR holds, for the last checkpointed iteration I:
//   manifest     text: what run made it (scope, target, methods, literals, omitted fields,
//                iteration limit), I and the checksum of state-I.bin; replaced atomically after
//                state-I.bin is complete, so it only ever names a whole file
//   state-I.bin  the generator's state after iteration I: the store's records (or, split over
//                the ranks, its index: state count, iteration starts, class lists), the
//                findings, the counters
//   fingerprints-I-R-of-K.bin   the fingerprints rank R of K kept (all of them when alone), then,
//                records split, the records rank R held
// Every rank of a distributed run has the same findings, counters and index (exhaustive.hpp), so
// rank 0 writes the state; each rank writes its fingerprints (and held records). Any number of
// ranks may resume it (each reads every fingerprint file and keeps its own share; split records
// stay split on the same number of ranks, else each rank takes them all); DIR must be on a file
// system every rank sees.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {
class ByteWriter;
}  // namespace objgen

namespace objgen::exhaustive {

struct ExhaustiveOptions;

// A checkpoint that cannot be used for this run: made by another run, damaged, or unreadable.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CheckpointManifest {
  std::string run;  // the lines that must match (checkpoint_run_lines)
  int iteration = 0;
  bool complete = false;                     // the run reached its end at `iteration`
  std::string checksum;                      // of the state file (read_manifest)
  std::vector<std::string> shard_checksums;  // of the fingerprint files, by rank
};

// What identifies the run: one "key value" line each.
std::string checkpoint_run_lines(const Api& api, const ExhaustiveOptions& opt);

class CheckpointDir {
 public:
  explicit CheckpointDir(std::string dir) : dir_(std::move(dir)) {}
  const std::string& path() const { return dir_; }
  // Throws CheckpointError when DIR cannot be created or written.
  void check_writable() const;
  // Whether DIR holds a manifest (else this is a new run). Throws CheckpointError when it is
  // damaged or was made by another run (the message names the first difference).
  bool read_manifest(const std::string& run, CheckpointManifest& out) const;
  // The state after `iteration` (written as fill_state puts its bytes), then the manifest naming
  // it and m.shard_checksums' fingerprint files (written before); older states are removed.
  void write(const CheckpointManifest& m, const std::function<void(ByteWriter&)>& fill_state) const;
  // One rank's file after `iteration` (its fingerprints, then its held records), durably, written
  // while fill() puts its bytes (a few MiB in memory at a time); returns the checksum the
  // manifest lists.
  std::string write_shard(int iteration, size_t shard, size_t shards, const std::function<void(ByteWriter&)>& fill) const;
  // The fingerprint file of `shard`, checked against the manifest like the state.
  std::string read_shard(const CheckpointManifest& m, size_t shard) const;
  // The state the manifest names; throws CheckpointError naming the file when it cannot be read
  // or does not match the manifest's checksum.
  std::string read_state(const CheckpointManifest& m) const;

 private:
  // Writes file durably while fill puts its bytes; returns their checksum.
  std::string write_streamed(const std::string& file, const std::function<void(ByteWriter&)>& fill) const;
  std::string state_file(int iteration) const;
  std::string shard_file(int iteration, size_t shard, size_t shards) const;
  std::string dir_;
};

}  // namespace objgen::exhaustive
