// A worker's objects of earlier states (LiveCache) and what else one worker thread or process
// keeps across its jobs (WorkerScratch). Internal to the engine: job_worker.cpp uses them.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "heap/state_store.hpp"
#include "objgen/api.hpp"

namespace objgen::exhaustive::detail {

// A worker's live objects of earlier states, rebuilt on demand (one call on a copy of the
// state's live input) and kept while their slot is not needed by another. Candidates are
// enumerated by ranges of receivers (every operation on a range before the next), and consecutive
// receivers share their ancestors (state ids follow the order in which states were found), so two
// direct-mapped tables by state id, one for receivers (states of the last iteration) and one for
// their ancestors, keep what is needed: a receiver usually costs one call and one copy. The parent
// keeps no objects at all.
class LiveCache {
 public:
  static constexpr size_t kAncestors = 1 << 14;
  LiveCache() : slots_(kAncestors + kAncestors) {}
  // Receivers are replaced soon after their range is done (destroying an object built long
  // ago walks cold memory), so their table holds about two ranges.
  void reset(size_t receivers) {
    for (Slot& s : slots_) s.object.reset();
    receiver_mask_ = std::bit_ceil(std::clamp<size_t>(receivers, 64, kAncestors)) - 1;
  }
  const Object* find(uint32_t state, bool receiver) const {
    const Slot& s = slot(state, receiver);
    return s.object && s.state == state ? &s.object : nullptr;
  }
  // Destroys a receiver while it is still in the cache's memory (right after its last use):
  // replacing it later, when it is cold, costs several times more.
  // Both hand the object they replace back (its state in *old), to be destroyed under a phase
  // that names its state: a destructor that crashes is that state's finding.
  Object drop_receiver(uint32_t state) {
    Slot& s = slot(state, true);
    return s.state == state ? std::move(s.object) : nullptr;
  }
  const Object* insert(uint32_t state, bool receiver, Object obj, Object* old, uint32_t* old_state) {
    Slot& s = slot(state, receiver);
    *old_state = s.state;
    *old = std::move(s.object);
    s.state = state;
    s.object = std::move(obj);
    return &s.object;
  }

 private:
  struct Slot {
    uint32_t state = 0;
    Object object;
  };
  Slot& slot(uint32_t state, bool receiver) {
    return receiver ? slots_[kAncestors + (state & receiver_mask_)] : slots_[state & (kAncestors - 1)];
  }
  const Slot& slot(uint32_t state, bool receiver) const { return const_cast<LiveCache*>(this)->slot(state, receiver); }
  std::vector<Slot> slots_;
  size_t receiver_mask_ = kAncestors - 1;
};

struct RebuildFailed {};

// Per worker thread or process: its cache, the classes whose copy it checked, and the states
// whose rebuild did not give the state the worker of an earlier iteration saw.
struct WorkerScratch {
  uint64_t owner = 0;  // (run, iteration) it belongs to
  LiveCache live;
  std::vector<int8_t> copy_checked;  // per class: -1 not yet, 0 shallow, 1 deep
  std::vector<std::pair<uint32_t, std::string>> nondeterministic;
  uint32_t last_checked = UINT32_MAX;  // rebuilt without a cache: the last state compared with the store
  uint64_t executed = 0;               // candidates this worker process finished
  HotFingerprints sealed_seen;         // states of earlier iterations this worker's calls built
};

}  // namespace objgen::exhaustive::detail
