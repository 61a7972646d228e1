#include "gen/invariant/found_structures.hpp"

#include <algorithm>

namespace objgen::invariant {
namespace {

struct OwnStructures {
  std::vector<uint8_t> vectors;
  std::vector<Fingerprint> fingerprints;
};

}  // namespace

FoundStructures::FoundStructures(uint32_t fields, std::vector<uint8_t> vectors, std::vector<Fingerprint> fingerprints) : fields_(fields) {
  auto own = std::make_shared<OwnStructures>(OwnStructures{std::move(vectors), std::move(fingerprints)});
  const size_t count = std::min(own->fingerprints.size(), fields ? own->vectors.size() / fields : own->fingerprints.size());
  if (count > 0) add({own->vectors.data(), own->fingerprints.data(), static_cast<uint32_t>(count)}, own);
}

void FoundStructures::add(const Run& run, std::shared_ptr<const void> memory) {
  if (run.count == 0) return;
  run_starts_.push_back(size_);
  runs_.push_back(run);
  size_ += run.count;
  if (memory_.empty() || memory_.back() != memory) memory_.push_back(std::move(memory));
}

std::pair<const FoundStructures::Run*, size_t> FoundStructures::locate(size_t structure) const {
  const size_t r = static_cast<size_t>(std::upper_bound(run_starts_.begin(), run_starts_.end(), structure) - run_starts_.begin()) - 1;
  return {&runs_[r], structure - run_starts_[r]};
}

const uint8_t* FoundStructures::vector(size_t structure) const {
  auto [run, i] = locate(structure);
  return run->values + i * fields_;
}

const Fingerprint& FoundStructures::fingerprint(size_t structure) const {
  auto [run, i] = locate(structure);
  return run->fingerprints[i];
}

std::vector<Fingerprint> FoundStructures::fingerprints() const {
  std::vector<Fingerprint> all;
  all.reserve(size_);
  for (const Run& r : runs_) all.insert(all.end(), r.fingerprints, r.fingerprints + r.count);
  return all;
}

}  // namespace objgen::invariant
