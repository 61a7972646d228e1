// The parent's merge: a job's records, in candidate order, into the store (new states and their
// sequences) and the findings.
#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "gen/exhaustive/exhaustive_impl.hpp"

namespace objgen::exhaustive {

using namespace detail;

namespace {

// A job's records as they lie in its region, or as a rank sent them (PackedJob).
struct RegionRecords {
  const JobRegion& region;
  size_t count() const { return region.record_count(); }
  const CandidateRecord& at(size_t i) const { return region.record(i); }
  std::string text(size_t i) const { return region.text(region.record(i)); }
};

inline void prefetch_record(const CandidateRecord& r) {
  const char* p = reinterpret_cast<const char*>(&r);
  for (size_t b = 0; b < sizeof r; b += 64) __builtin_prefetch(p + b);
}

}  // namespace

// Adds the job's new states (in candidate order) and its findings.
void ExhaustiveGenerator::Impl::merge(const Job& job, JobRegion& region, std::vector<CrashNote>& crashes) {
  size_t j = static_cast<size_t>(&job - plan.jobs.data());
  add_unconfirmed(j, crashes);
  merge_records(job, RegionRecords{region}, crashes, explored_by(j, region));
}

// The job's candidates, each counted once (a retried candidate ran twice).
uint64_t ExhaustiveGenerator::Impl::explored_by(size_t j, JobRegion& region) const {
  auto it = book.retried.find(j);
  return region.header().explored.load() - (it == book.retried.end() ? 0 : it->second);
}

template <class Records>
void ExhaustiveGenerator::Impl::merge_records(const Job& job, const Records& records, std::vector<CrashNote>& crashes, uint64_t explored) {
  std::sort(crashes.begin(), crashes.end(), [](const CrashNote& a, const CrashNote& b) { return a.candidate < b.candidate; });
  size_t next_crash = 0;
  constexpr size_t kAhead = 8;  // records whose table slots are loading while one is merged...
  // ...and records loading before that: a worker on the other core wrote them, so each line comes
  // from that core's cache (a wait per record the hardware prefetcher did not hide: sll 8's parent).
  constexpr size_t kRecordAhead = 2 * kAhead;
  size_t n = records.count();
  for (size_t i = 0; i < n; ++i) {
    if (i + kRecordAhead < n) prefetch_record(records.at(i + kRecordAhead));
    if (i + kAhead < n) prefetch_new_states(records.at(i + kAhead));
    const CandidateRecord& r = records.at(i);
    if (r.candidate < job.lo || r.candidate >= job.hi) continue;  // the region was scribbled on
    for (; next_crash < crashes.size() && crashes[next_crash].candidate < r.candidate; ++next_crash) add_death_finding(crashes[next_crash]);
    merge_record(r, records.text(i));
  }
  for (; next_crash < crashes.size(); ++next_crash) add_death_finding(crashes[next_crash]);
  result.explored += explored;
}
// Distributed rounds merge the jobs every rank sent (rank_exchange.cpp).
template void ExhaustiveGenerator::Impl::merge_records(const Job&, const PackedJob&, std::vector<CrashNote>&, uint64_t);

inline void ExhaustiveGenerator::Impl::prefetch_new_states(const CandidateRecord& r) const {
  for (size_t j = 0; j < kMaxRecordSlots; ++j)
    if (r.new_mask >> j & 1) result.store.prefetch_unsealed(r.fps[j]);
}

inline void ExhaustiveGenerator::Impl::merge_record(const CandidateRecord& r, const std::string& text) {
  const Segment& sg = plan.segment_at(r.candidate);
  const OpSpace& s = plan.spaces[sg.space];
  const Operation& op = op_of(s);
  uint64_t idx = plan.candidate_at(sg, r.candidate);
  ArgRef refs[kMaxRecordSlots];
  Outcome kind = static_cast<Outcome>(r.kind);
  if (kind == Outcome::Failure || kind == Outcome::OutOfMemory) {
    add_call_finding(s, idx, kind, text);
  } else if (kind == Outcome::Nondeterministic) {
    if (r.subject < result.store.state_count() && book.reported_nondeterministic.insert(r.subject).second)
      add_state_finding(r.subject, kind, text, false);
  } else if (kind == Outcome::InvariantBroken && (r.flags & kRecordBrokenObject)) {
    add_call_finding(s, idx, kind, text, values_slot(op, r.slot));
  } else if (kind == Outcome::InvariantBroken) {
    if (r.slot < kMaxRecordSlots && book.reported_states.insert(r.fps[r.slot], 0)) {
      plan.decode(s, idx, refs);
      add_finding(s.op, refs, kind, text, values_slot(op, r.slot));
    }
  } else if (kind == Outcome::Normal) {
    learn_copies(op, r);
    record_new_states(s, idx, r, refs);
  }
}

inline void ExhaustiveGenerator::Impl::learn_copies(const Operation& op, const CandidateRecord& r) {
  for (size_t j = 0; j < kMaxRecordSlots; ++j) {
    if (!(r.copy_checked >> j & 1)) continue;
    int param = values_slot(op, j);
    ClassId cls = param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls;
    if (cls < lessons.clone_learned.size() && lessons.clone_learned[cls] < 0) lessons.clone_learned[cls] = (r.copy_deep >> j & 1) ? 1 : 0;
  }
}

// Split records: whether this rank is the home of a new state `id` built by candidate refs.
inline bool ExhaustiveGenerator::Impl::home_here(const OpSpace& s, const ArgRef* refs, uint32_t id) const {
  if (!records_split || id < shared_states) return true;
  if (!plan.receiver_led(s)) return id % shards == my_shard;
  uint32_t receiver = refs[0].index();
  return receiver >= shared_states ? result.store.holds(receiver) : receiver % shards == my_shard;
}

// Adds the record's states that are still new. Its worker found them missing from the sealed
// set, which does not change while workers run, so one probe of this iteration's set each
// decides (distributed, their owners decided: ask_owners); the sequence they share gets the
// next id, added only when one of them is new.
inline void ExhaustiveGenerator::Impl::record_new_states(const OpSpace& s, uint64_t idx, const CandidateRecord& r, ArgRef* refs) {
  const Operation& op = op_of(s);
  uint32_t seq = static_cast<uint32_t>(result.store.sequence_count());
  bool added = false;
  if (records_split) plan.decode(s, idx, refs);  // the receiver decides where the states live
  for (size_t j = 0; j < kMaxRecordSlots; ++j) {
    if (!(r.new_mask >> j & 1)) continue;
    int param = values_slot(op, j);
    ClassId cls = param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls;
    uint8_t slot = param < 0 ? kResultSlot : static_cast<uint8_t>(param);
    auto it = static_cast<uint16_t>(plan.iteration);
    // Distributed, the fingerprint's owner already decided that this state is new.
    auto next = static_cast<uint32_t>(result.store.state_count());
    bool held = home_here(s, refs, next);
    uint32_t id = shards == 1 ? result.store.add_unsealed_state(r.fps[j], seq, slot, cls, it)
                              : result.store.add_decided_state(r.fps[j], seq, slot, cls, it, owns(r.fps[j]), held);
    added |= id != UINT32_MAX && held;
  }
  if (!added) return;
  if (!records_split) plan.decode(s, idx, refs);
  result.store.add_sequence(s.op, std::span<const ArgRef>(refs, op.params.size()));
}

}  // namespace objgen::exhaustive
