// The structures a search from an invariant accepted, in the order of the sequential search: each
// a candidate vector and its canonical form's fingerprint. They stay where the workers wrote them,
// a run of structures per chunk of the search's memory (which the result keeps mapped), instead of
// being copied into one array: binomial heaps at 8 give 35 MB of them, whose copy was a sixth of
// the search.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "objgen/linearizer.hpp"

namespace objgen::invariant {

class FoundStructures {
 public:
  // `count` structures: their vectors back to back at `values`, their fingerprints at `fingerprints`.
  struct Run {
    const uint8_t* values;
    const Fingerprint* fingerprints;
    uint32_t count;
  };

  FoundStructures() = default;
  explicit FoundStructures(uint32_t fields) : fields_(fields) {}
  // Structures of their own (a test's): vectors of `fields` bytes each, back to back.
  FoundStructures(uint32_t fields, std::vector<uint8_t> vectors, std::vector<Fingerprint> fingerprints);

  // Appends a run of structures held in `memory`, which this keeps alive.
  void add(const Run& run, std::shared_ptr<const void> memory);

  size_t size() const { return size_; }
  const uint8_t* vector(size_t structure) const;
  const Fingerprint& fingerprint(size_t structure) const;
  const std::vector<Run>& runs() const { return runs_; }
  std::vector<Fingerprint> fingerprints() const;  // all, in order

 private:
  // The run holding `structure`, and its index in it.
  std::pair<const Run*, size_t> locate(size_t structure) const;
  uint32_t fields_ = 0;
  size_t size_ = 0;
  std::vector<Run> runs_;
  std::vector<size_t> run_starts_;  // the first structure of each run
  std::vector<std::shared_ptr<const void>> memory_;
};

}  // namespace objgen::invariant
