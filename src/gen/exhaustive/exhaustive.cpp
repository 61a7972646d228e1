#include "gen/exhaustive/exhaustive.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <map>
#include <unordered_map>
#include <optional>
#include <set>
#include <stdexcept>

#include "io/utf8_text.hpp"
#include "exec/checked_heap.hpp"
#include "exec/object_copy.hpp"
#include "exec/sequence.hpp"
#include "exec/worker_pool.hpp"
#include "gen/exhaustive/checkpoint.hpp"
#include "gen/exhaustive/packed_job.hpp"
#include "model/class_shells.hpp"

namespace objgen {
namespace {

struct SlotDomain {
  bool object = false;
  LiteralKind literal = LiteralKind::Int;
  ClassId cls = 0;
  uint32_t base = 0;   // first index into the iteration's class list
  uint32_t count = 0;  // number of values
};

// All candidate calls of one operation in one iteration, numbered in mixed radix with the first
// parameter (the receiver) most significant, so consecutive candidates share their receiver.
struct OpSpace {
  uint32_t op;
  std::vector<SlotDomain> slots;
  uint64_t total = 1;
  bool semi_naive = false;    // several object slots: skip tuples with no object new in k-1
  bool literal_only = false;  // the same candidates, numbered alike, in every iteration
};

// The candidates of one iteration are merged in one global order of positions: a list of
// segments, each a range of one space's candidates. Jobs are ranges of positions and may span
// segments; records and crashes name positions.
struct Segment {
  uint32_t space;
  uint64_t lo, hi;                 // candidates of the space
  uint64_t begin;                  // position of lo
  bool last_on_receivers = false;  // no later segment uses these receivers: drop each after use
};

struct Job {
  uint64_t lo, hi;  // positions
};

uint64_t next_run_id() {
  static std::atomic<uint64_t> counter{0};
  return ++counter;
}

struct SlotValue {
  int param;  // parameter index, or -1 for the result
  ClassId cls;
  const Object* object;
};

// What a worker is doing for its candidate (set_worker_phase), so a death is blamed on the
// right step: the call itself (and destroying what it built), copying or rebuilding an input's
// state, reading (linearizing) what the call built, or checking whether its class copies deeply.
enum class Phase : uint64_t { Call = 0, CopyState = 1, RebuildState = 2, CopyCheck = 3, Read = 4, DestroyState = 5 };
uint64_t phase(Phase p, uint32_t arg) { return static_cast<uint64_t>(p) << 32 | arg; }
// Set on every phase of a candidate when the worker ran other candidates before it: a death
// there may come from memory an earlier call damaged, so it is confirmed in a fresh worker first.
constexpr uint64_t kAfterOtherCalls = uint64_t{1} << 63;
Phase phase_kind(uint64_t ph) { return static_cast<Phase>((ph & ~kAfterOtherCalls) >> 32); }
uint32_t phase_arg(uint64_t ph) { return static_cast<uint32_t>(ph); }

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

}  // namespace

struct ExhaustiveGenerator::Impl {
  const Api& api;
  ExhaustiveOptions opt;
  ExhaustiveResult result;
  // Per iteration, frozen while workers run:
  int iteration = 0;
  std::vector<std::vector<uint32_t>> class_states;  // states of each class found before k
  std::vector<uint32_t> frontier_start;             // index in class_states of the first new one
  uint32_t frontier_first_state = 0;                // the first state found in iteration k-1
  const uint64_t run_id = next_run_id();            // tells this run's per-thread caches from another's
  std::vector<OpSpace> spaces;
  std::vector<Segment> segments;
  std::vector<Job> jobs;
  uint64_t receiver_range = 0;   // the largest range of receivers in this iteration's plan
  std::vector<int8_t> clone_ok;  // -1 unknown, 0 replay, 1 copy constructor is deep
  // Written by the parent while workers run, applied between iterations (threads read clone_ok):
  std::vector<int8_t> clone_learned;
  // A class whose copy check killed a worker: replacement workers (forked later) skip the check.
  std::vector<int8_t> copy_check_crashed;
  static constexpr const char* kNotAlone =
      " (after other calls in the same worker, not when run first in a fresh one: "
      "an earlier call may have damaged that worker's memory)";
  // A class one of whose copies killed a worker: replacement workers rebuild its objects instead.
  std::vector<int8_t> copy_crashed;
  // Per class, read without the registry lock; taken again in a worker whose harness bound the
  // classes objgen's process knows as shells (model/class_shells.hpp).
  mutable std::vector<Object (*)(const void*)> clone_fn;
  mutable size_t clone_fn_binds = 0;
  // Written by the parent only:
  FingerprintSet reported_states;  // invariant findings already reported
  std::set<uint32_t> reported_nondeterministic;
  std::map<std::pair<uint32_t, std::string>, size_t> reported_calls;  // (op, message) -> finding
  // Literal-only calls (op, candidate) that crashed or hung in an earlier iteration, frozen
  // while workers run; this iteration's join them when it ends.
  std::set<std::pair<uint32_t, uint64_t>> failed_literal_calls;
  std::vector<std::pair<uint32_t, uint64_t>> failing_now;
  std::vector<std::pair<uint32_t, uint64_t>> failing_on_ranks;  // every rank's failing_now, as received

  // Distributed: each rank keeps the fingerprints of one shard (owner_of) and decides whether
  // their states are new.
  uint32_t shards = 1, my_shard = 0;
  uint32_t owner_of(const Fingerprint& fp) const {
    return static_cast<uint32_t>(((fp.hi & 0xffffffffu) * shards) >> 32);  // bits the sets keep
  }
  bool owns(const Fingerprint& fp) const { return shards == 1 || owner_of(fp) == my_shard; }
  // Split records (docs/DISTRIBUTED.md, "Records on the rank that expands them"): the first
  // shared_states states are held by every rank; a later one by its home, which runs the calls on
  // it. A state built on a shared receiver (or by a constructor) has home receiver mod ranks (id
  // mod ranks); one built on a homed receiver inherits the receiver's home, so a home holds every
  // call its states were built by. Not when an operation takes an object other than its receiver
  // (its states may be anywhere). A checkpoint keeps each rank's records in its own file.
  bool records_split = false;
  uint32_t shared_states = 1u << 20;
  std::vector<uint32_t> params_of_op;  // each operation's parameter count (StateStore::call_of)

  bool only_receivers_take_objects() const {
    for (uint32_t op : opt.operations) {
      const Operation& o = api.operations()[op];
      size_t objects = o.object_param_count();
      if (objects > 1 || (objects == 1 && !o.params[0].is_object())) return false;
    }
    return true;
  }

  Impl(const Api& a, ExhaustiveOptions o) : api(a), opt(std::move(o)) {
    if (opt.cluster && opt.cluster->size() > 1) {
      shards = static_cast<uint32_t>(opt.cluster->size());
      my_shard = static_cast<uint32_t>(opt.cluster->rank());
      result.store.keep_check_values();  // rebuilt states are checked without their fingerprints
      records_split = only_receivers_take_objects();
      // A test makes it small, to split the records of small runs.
      if (const char* v = std::getenv("OBJGEN_SHARED_STATES")) shared_states = static_cast<uint32_t>(std::strtoul(v, nullptr, 10));
      if (records_split) result.store.hold_only_some();
      result.records_split = records_split;
    }
    size_t classes = registered_class_count() + 1;
    clone_ok.assign(classes, -1);
    clone_learned.assign(classes, -1);
    copy_check_crashed.assign(classes, 0);
    copy_crashed.assign(classes, 0);
    take_clone_functions();
    for (const Operation& o2 : api.operations()) params_of_op.push_back(static_cast<uint32_t>(o2.params.size()));
    for (uint32_t op : opt.operations) {
      const Operation& o2 = api.operations()[op];
      if (o2.params.size() + 1 > kMaxRecordSlots)
        throw std::invalid_argument(o2.signature() + ": more than " + std::to_string(kMaxRecordSlots - 1) + " parameters");
    }
  }

  // A job appends at most one record per produced slot for each candidate (a normal record
  // holds all slots that are fine; each slot whose new state breaks its invariant adds one).
  size_t records_per_candidate() const {
    size_t most = 1;
    for (uint32_t op : opt.operations) most = std::max(most, api.operations()[op].params.size() + 1);
    return most;
  }

  static bool on_progress_due(std::chrono::steady_clock::time_point now, std::chrono::steady_clock::time_point& last) {
    if (now - last < std::chrono::seconds(1)) return false;
    last = now;
    return true;
  }

  int max_iterations() const {
    int cap = opt.max_iterations > 0 ? opt.max_iterations : 3 * static_cast<int>(opt.scope);
    return std::min(cap, 65000);  // iterations are stored in 16 bits
  }

  const Operation& op_of(const OpSpace& s) const { return api.operations()[s.op]; }

  int ranks() const { return opt.cluster ? opt.cluster->size() : 1; }
  // Job and round sizes must be the same on every rank: they come from every rank's workers
  // (agree_with_ranks), not from this rank's.
  int all_workers() const { return opt.cluster ? ranks_workers : opt.workers; }
  int ranks_workers = 1;      // the workers of all ranks
  int most_rank_workers = 1;  // the most workers a rank has

  // The planned iteration's candidates.
  uint64_t candidate_count() const { return segments.empty() ? 0 : segments.back().begin + (segments.back().hi - segments.back().lo); }

  // At the fixpoint of a distributed run from scratch: if no iteration had a candidate for every
  // rank, the ranks only repeated each other's work (a resumed run cannot tell: it saw only some).
  void require_split(uint64_t widest) const {
    if (ranks() > 1 && result.resumed_after == 0 && widest < static_cast<uint64_t>(ranks()))
      throw TooSmallToSplit(
          fmt::format("scope {} is too small to split over {} ranks: its largest iteration has {} "
                      "candidate calls; run it with fewer ranks (or alone) or at a larger scope",
                      opt.scope, ranks(), widest));
  }

  // Plans iteration `iteration`; returns why the run must stop before it could plan it all (an
  // iteration over millions of states can have billions of jobs), or null.
  const char* plan_iteration(const std::function<double()>& elapsed) {
    unconfirmed.clear();
    retried.clear();
    spaces.clear();
    jobs.clear();
    size_t classes = registered_class_count() + 1;
    class_states.assign(classes, {});
    frontier_start.assign(classes, 0);
    frontier_first_state = first_state_of(iteration - 1);
    for (ClassId c = 0; c < classes; ++c) {
      const auto& all = result.store.states_of(c);
      class_states[c] = all;
      uint32_t start = static_cast<uint32_t>(all.size());
      while (start > 0 && result.store.iteration_of(all[start - 1]) == iteration - 1) --start;
      frontier_start[c] = start;
    }
    for (uint32_t op_index : opt.operations) {
      const Operation& op = api.operations()[op_index];
      OpSpace s;
      s.op = op_index;
      // Literal-only operations (constructors) run in every iteration, as in BEAPI: they find
      // nothing new after the first, but BEAPI's explored counts include them.
      size_t objects = op.object_param_count();
      s.semi_naive = objects > 1;
      s.literal_only = objects == 0;
      bool any_new = objects == 0;
      for (const auto& p : op.params) {
        SlotDomain d;
        if (p.is_object()) {
          d.object = true;
          d.cls = p.cls;
          uint32_t end = static_cast<uint32_t>(class_states[p.cls].size());
          d.base = s.semi_naive ? 0 : frontier_start[p.cls];
          d.count = end - d.base;
          any_new |= frontier_start[p.cls] < end;
        } else {
          d.literal = p.literal;
          d.count = static_cast<uint32_t>(opt.domain.of(p).size());
        }
        s.total *= d.count;
        s.slots.push_back(d);
      }
      if (s.total == 0 || !any_new) continue;
      spaces.push_back(std::move(s));
    }
    return plan_jobs(elapsed);
  }

  // The first state found in `it` or later (states are added in the order of their iterations).
  uint32_t first_state_of(int it) const {
    uint32_t lo = 0, hi = static_cast<uint32_t>(result.store.state_count());
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (result.store.iteration_of(mid) < it)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }

  // A space whose first parameter is an object of the last iteration's frontier: its candidates
  // for a range of receivers are one interval.
  static bool receiver_led(const OpSpace& s) { return !s.literal_only && !s.semi_naive && !s.slots.empty() && s.slots[0].object; }

  // About this many candidates per range of receivers: a constant, so that the merge order does
  // not depend on the job size or the number of workers.
  static constexpr uint64_t kRangeCandidates = 16384;

  // The order in which candidates are merged (which fixes each state's recorded sequence): first
  // the literal-only spaces, then, per receiver class, ranges of receivers with every operation
  // on each range before the next range (so that one worker rebuilds a receiver once for all its
  // operations), then the other spaces. The ranges depend on nothing but the plan, so the order
  // is the same for any number of workers; jobs cut it into pieces that keep every worker busy,
  // at range boundaries where they can. Planning too checks the run's limits, every
  // kPlanCheckEvery pieces, except in a cluster, where every rank must plan the same jobs.
  const char* plan_jobs(const std::function<double()>& elapsed) {
    segments.clear();
    uint64_t pieces = 0;
    const char* why = nullptr;
    auto must_stop = [&] {
      if (!opt.cluster && ++pieces % kPlanCheckEvery == 0 && !why) why = stop_reason(elapsed());
      return why != nullptr;
    };
    receiver_range = 0;
    std::vector<uint64_t> group_ends;  // positions where a range (or a whole space) ends
    uint64_t pos = 0;
    auto add = [&](uint32_t space, uint64_t lo, uint64_t hi) {
      if (lo == hi) return;
      segments.push_back({space, lo, hi, pos});
      pos += hi - lo;
    };
    for (uint32_t i = 0; i < spaces.size(); ++i)
      if (spaces[i].literal_only) {
        add(i, 0, spaces[i].total);
        group_ends.push_back(pos);
      }
    for (ClassId c = 0; c < class_states.size(); ++c) {
      std::vector<uint32_t> led;
      uint64_t per_receiver = 0;
      for (uint32_t i = 0; i < spaces.size(); ++i)
        if (receiver_led(spaces[i]) && spaces[i].slots[0].cls == c) {
          led.push_back(i);
          per_receiver += spaces[i].total / spaces[i].slots[0].count;
        }
      if (led.empty()) continue;
      uint64_t receivers = spaces[led[0]].slots[0].count;
      uint64_t range = std::max<uint64_t>(1, kRangeCandidates / std::max<uint64_t>(1, per_receiver));
      receiver_range = std::max(receiver_range, std::min(range, receivers));
      for (uint64_t r = 0; r < receivers; r += range) {
        if (must_stop()) return why;
        for (uint32_t i : led) {
          uint64_t inner = spaces[i].total / receivers;
          add(i, r * inner, std::min(r + range, receivers) * inner);
        }
        segments.back().last_on_receivers = true;
        group_ends.push_back(pos);
      }
    }
    for (uint32_t i = 0; i < spaces.size(); ++i)
      if (!spaces[i].literal_only && !receiver_led(spaces[i])) {
        add(i, 0, spaces[i].total);
        group_ends.push_back(pos);
      }
    uint64_t cap = std::max<uint64_t>(1, opt.job_size);  // a region holds one job at most
    uint64_t size = std::min(cap, std::max<uint64_t>(16, pos / (static_cast<uint64_t>(all_workers()) * 4)));
    uint64_t lo = 0, end = 0;
    for (uint64_t e : group_ends) {
      if (e - lo > size && end > lo) {  // the next range would overflow the job: close it
        jobs.push_back({lo, end});
        lo = end;
      }
      for (; e - lo > size; lo += size) {
        if (must_stop()) return why;
        jobs.push_back({lo, lo + size});
      }
      end = e;
    }
    if (end > lo) jobs.push_back({lo, end});
    return nullptr;
  }
  static constexpr uint64_t kPlanCheckEvery = 1 << 16;

  // The segment holding a position (records come in order, so the last answer is tried first).
  const Segment& segment_at(uint64_t pos) const {
    thread_local size_t last = 0;
    if (last < segments.size() && segments[last].begin <= pos && pos - segments[last].begin < segments[last].hi - segments[last].lo)
      return segments[last];
    auto it = std::upper_bound(segments.begin(), segments.end(), pos, [](uint64_t p, const Segment& sg) { return p < sg.begin; });
    last = static_cast<size_t>(it - segments.begin()) - 1;
    return segments[last];
  }
  static uint64_t candidate_at(const Segment& sg, uint64_t pos) { return sg.lo + (pos - sg.begin); }

  // Fills refs for candidate idx.
  void decode(const OpSpace& s, uint64_t idx, ArgRef* refs) const {
    for (size_t i = s.slots.size(); i-- > 0;) {
      const SlotDomain& d = s.slots[i];
      refs[i] = ref_at(d, static_cast<uint32_t>(idx % d.count));
      idx /= d.count;
    }
  }

  // A segment's candidates are consecutive numbers in their space's mixed radix: a worker counts
  // through their argument tuples digit by digit instead of dividing for each one.
  struct ArgCounter {
    uint32_t digits[kMaxRecordSlots];
  };

  void start_counter(const OpSpace& s, uint64_t idx, ArgCounter& c, ArgRef* refs) const {
    for (size_t i = s.slots.size(); i-- > 0;) {
      c.digits[i] = static_cast<uint32_t>(idx % s.slots[i].count);
      idx /= s.slots[i].count;
      refs[i] = ref_at(s.slots[i], c.digits[i]);
    }
  }

  // The argument a slot's digit stands for.
  ArgRef ref_at(const SlotDomain& d, uint32_t digit) const {
    return d.object ? ArgRef::state(class_states[d.cls][d.base + digit]) : ArgRef::literal(digit);
  }

  // To the next candidate (the caller never passes the space's last one).
  void advance(const OpSpace& s, ArgCounter& c, ArgRef* refs) const {
    for (size_t i = s.slots.size(); i-- > 0;) {
      const SlotDomain& d = s.slots[i];
      bool carry = ++c.digits[i] == d.count;
      if (carry) c.digits[i] = 0;
      refs[i] = ref_at(d, c.digits[i]);
      if (!carry) return;
    }
  }

  // Whether an object of the counter's tuple is new in iteration k-1.
  bool has_new(const OpSpace& s, const ArgCounter& c) const {
    for (size_t i = 0; i < s.slots.size(); ++i)
      if (s.slots[i].object && s.slots[i].base + c.digits[i] >= frontier_start[s.slots[i].cls]) return true;
    return false;
  }

  // ---- Worker side: everything below up to merge() runs in workers, never in the parent. ----

  // Split records: a call on a homed receiver runs on its home, the others on the job's rank.
  bool runs_here(const OpSpace& s, const ArgRef* refs, size_t job) const {
    if (!records_split) return true;
    if (receiver_led(s) && refs[0].index() >= shared_states) return result.store.holds_earlier(refs[0].index());
    return job % shards == my_shard;
  }

  // Split records: whether this rank is the home of a new state `id` built by candidate refs.
  bool home_here(const OpSpace& s, const ArgRef* refs, uint32_t id) const {
    if (!records_split || id < shared_states) return true;
    if (!receiver_led(s)) return id % shards == my_shard;
    uint32_t receiver = refs[0].index();
    return receiver >= shared_states ? result.store.holds(receiver) : receiver % shards == my_shard;
  }

  WorkerScratch& scratch() const {
    thread_local WorkerScratch w;
    uint64_t owner = run_id << 16 | static_cast<uint64_t>(iteration);
    if (w.owner != owner) {
      w.owner = owner;
      w.live.reset(2 * receiver_range);
      w.copy_checked.assign(clone_ok.size(), -1);
      w.nondeterministic.clear();
      w.last_checked = UINT32_MAX;
      w.sealed_seen.clear();
    }
    return w;
  }

  // The worker's live object of `state`, rebuilt (and checked) when it has none; null when the
  // rebuild did not give that state back (noted as nondeterministic).
  const Object* live_of(uint32_t state) const {
    WorkerScratch& w = scratch();
    bool receiver = state >= frontier_first_state;
    if (const Object* obj = w.live.find(state, receiver)) return obj;
    Object built = rebuild(state, checked_state(state));
    if (!built) return nullptr;
    Object old;
    uint32_t old_state = 0;
    const Object* live = w.live.insert(state, receiver, std::move(built), &old, &old_state);
    destroy(std::move(old), old_state);
    return live;
  }

  // Runs the state's last call on fresh copies of its inputs; with check, also that it gives the
  // state the worker that found it saw. Null (and noted) when it does not.
  Object rebuild(uint32_t state, bool check) const {
    const StateRecord& rec = result.store.state(state);
    const SequenceNode& seq = result.store.sequence(rec.sequence);
    const Operation& op = api.operations()[seq.op];
    auto refs = result.store.args(rec.sequence, op.params.size());
    uint64_t outer = current_phase();
    Object objects[kMaxRecordSlots];
    Arg args[kMaxRecordSlots];
    // fresh_copy throws RebuildFailed when an input cannot be rebuilt (it noted why).
    bind_arguments(op, refs, opt.domain, objects, args, [this](uint32_t s) { return fresh_copy(s); });
    set_phase(phase(Phase::RebuildState, state));
    CallResult res;
    std::string message;
    Outcome o = execute_call(op, args, res, api.misuse(), &message);
    set_phase(outer);
    Object built = rec.slot == kResultSlot ? res.object : objects[rec.slot];
    std::string why;
    if (o != Outcome::Normal)
      why = "running its calls again ended with " + std::string(outcome_name(o)) + (message.empty() ? "" : ": " + message);
    else if (!built)
      why = "running its calls again gave no object";
    else if (check && !same_state(rec.cls, built, state))
      why = "rebuilding the state gave a different state than the worker that found it saw";
    if (why.empty()) return built;
    scratch().nondeterministic.emplace_back(state, why);
    return nullptr;
  }

  // Rebuilds are compared with the store for a fixed quarter of the states (by id, so the same
  // ones for any number of workers and ranks): comparing every one cost 5 % of a run, and a
  // class that is not deterministic shows it on many states.
  static bool checked_state(uint32_t state) { return StateStore::has_check_value(state); }

  // A rank that keeps only its shard of the fingerprints compares the state's check value.
  bool same_state(ClassId cls, const Object& obj, uint32_t state) const {
    Linearizer& lin = thread_linearizer();
    if (!lin.run(cls, obj.get())) return false;
    const Fingerprint& fp = lin.fingerprint(cls);
    return shards == 1 ? same_id(result.store.find_sealed(fp), state) : result.store.check_value_matches(state, fp);
  }

  static bool same_id(const uint32_t* found, uint32_t id) { return found && *found == id; }

  // A new object in `state` for one candidate: a copy of the live object when the class copies
  // deeply, else rebuilt by running its sequence again (checked once in a row per checked state).
  Object fresh_copy(uint32_t state) const {
    ClassId cls = result.store.state(state).cls;
    if (clone_ok[cls] != 1 || copy_crashed[cls]) {
      WorkerScratch& w = scratch();
      Object built = rebuild(state, w.last_checked != state && checked_state(state));
      if (!built) throw RebuildFailed{};
      w.last_checked = state;
      return built;
    }
    const Object* live = live_of(state);
    if (!live) throw RebuildFailed{};
    uint64_t outer = current_phase();
    set_phase(phase(Phase::CopyState, state));
    Object copy = clone_fn[cls](live->get());
    set_phase(outer);
    return copy;
  }

  static void set_phase(uint64_t ph) { set_worker_phase(ph | t_after_other_calls); }
  static inline thread_local uint64_t t_after_other_calls = 0;
  static uint64_t current_phase() { return worker_phase(); }

  // Executes a candidate on fresh copies of its inputs; Nondeterministic when an input's state
  // could not be rebuilt.
  Outcome execute(const OpSpace& s, const ArgRef* refs, std::vector<Object>& objects, std::vector<Arg>& args, CallResult& res,
                  std::string* message) const {
    const Operation& op = op_of(s);
    try {
      bind_arguments(op, std::span<const ArgRef>(refs, op.params.size()), opt.domain, objects.data(), args.data(),
                     [this](uint32_t state) { return fresh_copy(state); });
    } catch (const RebuildFailed&) {
      return Outcome::Nondeterministic;
    }
    return execute_call(op, args.data(), res, api.misuse(), message);
  }

  // The objects whose states a call produced: non-consumed object parameters, then the result.
  static size_t slot_values(const Operation& op, const std::vector<Object>& objects, const CallResult& res, SlotValue* out) {
    size_t n = 0;
    for (size_t i = 0; i < op.params.size(); ++i)
      if (op.params[i].is_object() && !op.params[i].consumed() && objects[i])
        out[n++] = {static_cast<int>(i), op.params[i].cls, &objects[i]};
    if (res.has_object) out[n++] = {-1, op.result.cls, &res.object};
    return n;
  }

  // One linearizer per thread, kept across jobs so its caches stay warm; forked workers inherit
  // the parent's.
  Linearizer& thread_linearizer() const {
    thread_local std::unique_ptr<Linearizer> lin;
    if (!lin || lin->scope() != opt.scope || lin->omit() != opt.omit) lin = std::make_unique<Linearizer>(opt.scope, opt.omit);
    return *lin;
  }

  void take_clone_functions() const {
    clone_fn.clear();
    for (size_t c = 0; c < registered_class_count(); ++c) clone_fn.push_back(class_vtable(static_cast<ClassId>(c)).clone);
    clone_fn.push_back(nullptr);
    clone_fn_binds = bound_class_shells();
  }

  // Worker: runs positions [first, job.hi) of job j and writes records into region.
  void run_job(size_t j, JobRegion& region, uint64_t first, std::atomic<uint64_t>& progress) const {
    if (clone_fn_binds != bound_class_shells()) take_clone_functions();
    const Job& job = jobs[j];
    JobScratch js;
    js.job = j;
    for (uint64_t pos = first; pos < job.hi;) {
      const Segment& sg = segment_at(pos);
      uint64_t end = std::min(job.hi, sg.begin + (sg.hi - sg.lo));
      run_segment(sg, pos, end, region, progress, js);
      pos = end;
    }
  }

  // What one job keeps across its segments.
  struct JobScratch {
    size_t job = 0;
    FingerprintSet seen_in_job;
    // The last fingerprint computed for each slot: a candidate that reaches a state the job saw
    // already mostly reaches the one its predecessor did (an argument the call ignores, or one
    // that leaves the same state: ncl 8, 19.2 of the 27 million fingerprints computed). Equal to
    // it, a state is decided without probing a table that misses the cache.
    Fingerprint last_fps[kMaxRecordSlots];
    std::set<std::pair<uint32_t, std::string>> failures_in_job;  // the parent keeps the first of each
    std::vector<std::pair<CandidateRecord, std::string>> pending;
    std::string message;
  };

  void run_segment(const Segment& sg, uint64_t from, uint64_t to, JobRegion& region, std::atomic<uint64_t>& progress,
                   JobScratch& js) const {
    const OpSpace& s = spaces[sg.space];
    const Operation& op = op_of(s);
    Linearizer& lin = thread_linearizer();
    WorkerScratch& w = scratch();
    std::vector<Object> objects(op.params.size());
    std::vector<Arg> args(op.params.size());
    ArgRef refs[kMaxRecordSlots];
    JobHeader& h = region.header();
    uint32_t receiver = UINT32_MAX;
    ArgCounter counter;
    start_counter(s, candidate_at(sg, from), counter, refs);
    for (uint64_t pos = from; pos < to; ++pos) {
      if (pos != from) advance(s, counter, refs);
      uint64_t idx = candidate_at(sg, pos);
      progress.store(pos, std::memory_order_relaxed);
      t_after_other_calls = w.executed ? kAfterOtherCalls : 0;
      set_phase(phase(Phase::Call, 0));
      if (s.semi_naive && !has_new(s, counter)) continue;
      if (sg.last_on_receivers && refs[0].index() != receiver) {
        if (receiver != UINT32_MAX) destroy(w.live.drop_receiver(receiver), receiver);
        receiver = refs[0].index();
      }
      // After the drop: a receiver is destroyed where a single process destroys it (dropping one
      // this rank never built is nothing).
      if (!runs_here(s, refs, js.job)) continue;
      h.explored.store(h.explored.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);  // one writer
      if (s.literal_only && failed_before(s.op, idx)) continue;
      CallResult res;
      Outcome o = execute(s, refs, objects, args, res, &js.message);
      // Records are written only after the objects are gone: a destructor that crashes must take
      // its candidate's records with it.
      js.pending.clear();
      for (auto& [state, why] : w.nondeterministic) js.pending.push_back({subject_record(pos, state), why});
      w.nondeterministic.clear();
      if (o == Outcome::Failure || o == Outcome::OutOfMemory) {
        js.message = utf8_shorten(js.message, 1000);
        if (js.failures_in_job.insert({s.op, js.message}).second) js.pending.push_back({call_record(pos, o), js.message});
      } else if (o == Outcome::Normal) {
        collect_new_states(s, pos, objects, res, lin, w.sealed_seen, js);
      }
      for (auto& obj : objects) obj.reset();
      res.object.reset();
      for (const auto& [record, text] : js.pending) region.append(record, text);
      ++w.executed;
    }
    if (receiver != UINT32_MAX) destroy(w.live.drop_receiver(receiver), receiver);
  }

  // Destroys a cached object of `state` (the last reference to it) under a phase naming it.
  static void destroy(Object obj, uint32_t state) {
    if (!obj) return;
    uint64_t outer = current_phase();
    set_phase(phase(Phase::DestroyState, state));
    obj.reset();
    set_phase(outer);
  }

  static CandidateRecord call_record(uint64_t pos, Outcome o) {
    CandidateRecord r{};
    r.candidate = pos;
    r.kind = static_cast<uint8_t>(o);
    return r;
  }

  static CandidateRecord subject_record(uint64_t pos, uint32_t state) {
    CandidateRecord r = call_record(pos, Outcome::Nondeterministic);
    r.subject = state;
    return r;
  }

  // A literal-only call that crashed or hung is the very same call in every later iteration: it
  // would crash again (its finding is kept once anyway) or cost the call time limit again, and
  // would build no state either way. It still counts as explored, as in BEAPI.
  bool failed_before(uint32_t op, uint64_t idx) const { return !failed_literal_calls.empty() && failed_literal_calls.count({op, idx}); }

  void note_failed_call(uint64_t pos) {
    const Segment& sg = segment_at(pos);
    const OpSpace& s = spaces[sg.space];
    if (s.literal_only) failing_now.emplace_back(s.op, candidate_at(sg, pos));
  }

  void remember_failed_calls() {
    failed_literal_calls.insert(failing_now.begin(), failing_now.end());
    failed_literal_calls.insert(failing_on_ranks.begin(), failing_on_ranks.end());
    failing_now.clear();
    failing_on_ranks.clear();
  }

  // Canonicalizes what the call produced; queues a record of the states new to this job and a
  // finding for each new state that breaks its invariant.
  void collect_new_states(const OpSpace& s, uint64_t pos, const std::vector<Object>& objects, const CallResult& res, Linearizer& lin,
                          HotFingerprints& hot, JobScratch& js) const {
    const Operation& op = op_of(s);
    SlotValue values[kMaxRecordSlots];
    size_t n = slot_values(op, objects, res, values);
    // Most calls keep no record, and making one zeroes 160 bytes (a `rep stos` that cost more than
    // the rest of a candidate's bookkeeping): one is made for a call that keeps it.
    thread_local Fingerprint fps[kMaxRecordSlots];
    for (size_t j = 0; j < n; ++j) {
      set_phase(phase(Phase::Read, static_cast<uint32_t>(j)));
      bool read = lin.run(values[j].cls, values[j].object->get());
      set_phase(phase(Phase::Call, 0));
      if (!read) {
        if (!lin.broken().empty()) js.pending.push_back({broken_object(pos, j), lin.broken()});
        return;  // out of scope or broken: no state
      }
      fps[j] = lin.fingerprint(values[j].cls);
    }
    CopyBits copies;
    uint8_t new_mask = 0;
    auto record = [&](Outcome kind) {
      CandidateRecord r = call_record(pos, kind);
      std::copy(fps, fps + n, r.fps);
      return r;
    };
    // The probes below wait on up to three loads in a row (the hot cache, the sealed set, the job's
    // set), each of which misses the caches for most candidates: they load together.
    for (size_t j = 0; j < n; ++j)
      if (fps[j] != js.last_fps[j]) {
        hot.prefetch(fps[j]);
        if (owns(fps[j])) result.store.prefetch_sealed(fps[j]);
        js.seen_in_job.prefetch(fps[j]);
      }
    for (size_t j = 0; j < n; ++j) {
      // Every fingerprint this job computed before was decided then (known, or new and kept).
      if (fps[j] == js.last_fps[j]) continue;
      js.last_fps[j] = fps[j];
      if (known_before(fps[j], hot) || !js.seen_in_job.insert(fps[j], 0)) continue;
      const ClassInfo* info = api.find_class(values[j].cls);
      std::string why;
      if (info && !invariant_holds(*info, values[j].object->get(), &why)) {
        CandidateRecord f = record(Outcome::InvariantBroken);
        f.slot = static_cast<uint8_t>(j);
        js.pending.push_back({f, why});
        continue;
      }
      new_mask |= static_cast<uint8_t>(1u << j);
      check_copy(values[j], j, copies);
    }
    if (!new_mask) return;
    CandidateRecord r = record(Outcome::Normal);
    r.new_mask = new_mask;
    r.copy_checked = copies.checked;
    r.copy_deep = copies.deep;
    js.pending.push_back({r, {}});
  }

  // Whether fp is a state of an earlier iteration (hot: the worker's cache of such states). A rank
  // knows only its shard: the owner decides the others (ask_owners).
  bool known_before(const Fingerprint& fp, HotFingerprints& hot) const {
    if (hot.holds(fp)) return true;
    if (!owns(fp) || !result.store.contains_sealed(fp)) return false;
    hot.add(fp);
    return true;
  }

  struct CopyBits {
    uint8_t checked = 0;  // bit j: the worker checked whether slot j's class copies deeply...
    uint8_t deep = 0;     // ...and it does
  };
  // The first new object of a class whose copy is not known yet tells whether copies of the
  // class are deep (the parent takes the first answer in candidate order).
  void check_copy(const SlotValue& v, size_t j, CopyBits& r) const {
    if (clone_ok[v.cls] >= 0 || copy_check_crashed[v.cls]) return;
    int8_t& known = scratch().copy_checked[v.cls];
    if (known < 0) {
      set_phase(phase(Phase::CopyCheck, static_cast<uint32_t>(j)));
      known = copy_is_deep(v.cls, *v.object, opt.omit) ? 1 : 0;
      set_phase(phase(Phase::Call, 0));
    }
    r.checked |= static_cast<uint8_t>(1u << j);
    if (known) r.deep |= static_cast<uint8_t>(1u << j);
  }

  // The call left an object that contradicts its own API (Linearizer::broken()): it has no
  // state, and leaving it out silently would hide the corruption.
  static CandidateRecord broken_object(uint64_t pos, size_t slot) {
    CandidateRecord r = call_record(pos, Outcome::InvariantBroken);
    r.slot = static_cast<uint8_t>(slot);
    r.flags = kRecordBrokenObject;
    return r;
  }

  // ---- Parent side ----

  // Adds the job's new states (in candidate order) and its findings.
  void merge(const Job& job, JobRegion& region, std::vector<CrashNote>& crashes) {
    size_t j = static_cast<size_t>(&job - jobs.data());
    add_unconfirmed(j, crashes);
    merge_records(job, RegionRecords{region}, crashes, explored_by(j, region));
  }

  // The job's candidates, each counted once (a retried candidate ran twice).
  uint64_t explored_by(size_t j, JobRegion& region) const {
    auto it = retried.find(j);
    return region.header().explored.load() - (it == retried.end() ? 0 : it->second);
  }

  // A job's records as they lie in its region, or as a rank sent them (PackedJob).
  struct RegionRecords {
    const JobRegion& region;
    size_t count() const { return region.record_count(); }
    const CandidateRecord& at(size_t i) const { return region.record(i); }
    std::string text(size_t i) const { return region.text(region.record(i)); }
  };

  template <class Records>
  void merge_records(const Job& job, const Records& records, std::vector<CrashNote>& crashes, uint64_t explored) {
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
      for (; next_crash < crashes.size() && crashes[next_crash].candidate < r.candidate; ++next_crash)
        add_death_finding(crashes[next_crash]);
      merge_record(r, records.text(i));
    }
    for (; next_crash < crashes.size(); ++next_crash) add_death_finding(crashes[next_crash]);
    result.explored += explored;
  }

  static void prefetch_record(const CandidateRecord& r) {
    const char* p = reinterpret_cast<const char*>(&r);
    for (size_t b = 0; b < sizeof r; b += 64) __builtin_prefetch(p + b);
  }

  void prefetch_new_states(const CandidateRecord& r) const {
    for (size_t j = 0; j < kMaxRecordSlots; ++j)
      if (r.new_mask >> j & 1) result.store.prefetch_unsealed(r.fps[j]);
  }

  void merge_record(const CandidateRecord& r, const std::string& text) {
    const Segment& sg = segment_at(r.candidate);
    const OpSpace& s = spaces[sg.space];
    const Operation& op = op_of(s);
    uint64_t idx = candidate_at(sg, r.candidate);
    ArgRef refs[kMaxRecordSlots];
    Outcome kind = static_cast<Outcome>(r.kind);
    if (kind == Outcome::Failure || kind == Outcome::OutOfMemory) {
      add_call_finding(s, idx, kind, text);
    } else if (kind == Outcome::Nondeterministic) {
      if (r.subject < result.store.state_count() && reported_nondeterministic.insert(r.subject).second)
        add_state_finding(r.subject, kind, text, false);
    } else if (kind == Outcome::InvariantBroken && (r.flags & kRecordBrokenObject)) {
      add_call_finding(s, idx, kind, text, values_slot(op, r.slot));
    } else if (kind == Outcome::InvariantBroken) {
      if (r.slot < kMaxRecordSlots && reported_states.insert(r.fps[r.slot], 0)) {
        decode(s, idx, refs);
        add_finding(s.op, refs, kind, text, values_slot(op, r.slot));
      }
    } else if (kind == Outcome::Normal) {
      learn_copies(op, r);
      record_new_states(s, idx, r, refs);
    }
  }

  void learn_copies(const Operation& op, const CandidateRecord& r) {
    for (size_t j = 0; j < kMaxRecordSlots; ++j) {
      if (!(r.copy_checked >> j & 1)) continue;
      int param = values_slot(op, j);
      ClassId cls = param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls;
      if (cls < clone_learned.size() && clone_learned[cls] < 0) clone_learned[cls] = (r.copy_deep >> j & 1) ? 1 : 0;
    }
  }

  // The parameter index (or -1 for the result) of the j-th slot value of op.
  static int values_slot(const Operation& op, size_t j) {
    for (size_t i = 0; i < op.params.size(); ++i)
      if (op.params[i].is_object() && !op.params[i].consumed() && j-- == 0) return static_cast<int>(i);
    return -1;
  }

  // Adds the record's states that are still new. Its worker found them missing from the sealed
  // set, which does not change while workers run, so one probe of this iteration's set each
  // decides (distributed, their owners decided: ask_owners); the sequence they share gets the
  // next id, added only when one of them is new.
  void record_new_states(const OpSpace& s, uint64_t idx, const CandidateRecord& r, ArgRef* refs) {
    const Operation& op = op_of(s);
    uint32_t seq = static_cast<uint32_t>(result.store.sequence_count());
    bool added = false;
    if (records_split) decode(s, idx, refs);  // the receiver decides where the states live
    for (size_t j = 0; j < kMaxRecordSlots; ++j) {
      if (!(r.new_mask >> j & 1)) continue;
      int param = values_slot(op, j);
      ClassId cls = param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls;
      uint8_t slot = param < 0 ? kResultSlot : static_cast<uint8_t>(param);
      auto it = static_cast<uint16_t>(iteration);
      // Distributed, the fingerprint's owner already decided that this state is new.
      auto next = static_cast<uint32_t>(result.store.state_count());
      bool held = home_here(s, refs, next);
      uint32_t id = shards == 1 ? result.store.add_unsealed_state(r.fps[j], seq, slot, cls, it)
                                : result.store.add_decided_state(r.fps[j], seq, slot, cls, it, owns(r.fps[j]), held);
      added |= id != UINT32_MAX && held;
    }
    if (!added) return;
    if (!records_split) decode(s, idx, refs);
    result.store.add_sequence(s.op, std::span<const ArgRef>(refs, op.params.size()));
  }

  // A crash of a call that ran after others in the same worker is not blamed at once: the
  // candidate runs again, first in a fresh worker. Crashing there too confirms it (that death
  // is reported as usual); else the first death is reported as not reproducible alone.
  std::map<std::pair<size_t, uint64_t>, CrashNote> unconfirmed;
  std::map<size_t, uint64_t> retried;  // per job

  bool confirm_first(const WorkerPool::Event& ev, Outcome kind) {
    if (kind != Outcome::Crash || !(ev.phase & kAfterOtherCalls)) return false;
    bool first = unconfirmed.emplace(std::make_pair(ev.job, ev.at), CrashNote{ev.at, kind, ev.what, ev.phase & ~kAfterOtherCalls}).second;
    if (first) ++retried[ev.job];  // its candidate is counted again by the retry
    return first;
  }

  // Unconfirmed deaths of a job: confirmed ones were reported by their second death.
  void add_unconfirmed(size_t job, std::vector<CrashNote>& crashes) {
    for (auto it = unconfirmed.lower_bound({job, 0}); it != unconfirmed.end() && it->first.first == job;) {
      bool confirmed = std::any_of(crashes.begin(), crashes.end(), [&](const CrashNote& c) { return c.candidate == it->first.second; });
      if (!confirmed) {
        CrashNote note = it->second;
        note.what += kNotAlone;
        crashes.push_back(std::move(note));
      }
      it = unconfirmed.erase(it);
    }
  }

  // A worker died copying an object: replacement workers (forked after this) rebuild that class's
  // objects instead of copying them. Returns whether it was a copy.
  bool blame_copy(uint64_t pos, uint64_t ph) {
    // (The phase lies in memory the worker shares: a state this rank does not hold is a scribble.)
    if (phase_kind(ph) == Phase::CopyState && phase_arg(ph) < result.store.state_count() && result.store.holds(phase_arg(ph))) {
      ClassId cls = result.store.state(phase_arg(ph)).cls;
      if (cls < copy_crashed.size()) copy_crashed[cls] = 1;
      return true;
    }
    if (phase_kind(ph) != Phase::CopyCheck) return false;
    const Operation& op = op_of(spaces[segment_at(pos).space]);
    int param = values_slot(op, phase_arg(ph));
    copy_check_crashed[param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls] = 1;
    return true;
  }

  // A worker died or hung: blame the step it was in (phase) for its candidate.
  void add_death_finding(const CrashNote& c) {
    const Segment& sg = segment_at(c.candidate);
    const OpSpace& s = spaces[sg.space];
    uint64_t idx = candidate_at(sg, c.candidate);
    uint32_t arg = phase_arg(c.phase);
    switch (phase_kind(c.phase)) {
      case Phase::CopyState:
        if (arg < result.store.state_count()) return add_state_finding(arg, c.kind, "copying the object: " + c.what, true);
        break;
      case Phase::RebuildState:
        if (arg < result.store.state_count())
          return add_state_finding(arg, c.kind, "running the calls that built it again: " + c.what, false);
        break;
      case Phase::DestroyState:
        if (arg < result.store.state_count()) return add_state_finding(arg, c.kind, "destroying the object: " + c.what, false);
        break;
      case Phase::CopyCheck: {
        const Operation& op = op_of(s);
        int param = values_slot(op, arg);
        return add_call_finding(s, idx, c.kind, "copying the object it built: " + c.what, param, true);
      }
      case Phase::Read: {
        // The call left an object objgen cannot even read: a copy (what the emitted test does)
        // reads all of it too.
        const Operation& op = op_of(s);
        int param = values_slot(op, arg);
        ClassId cls = param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls;
        return add_call_finding(s, idx, c.kind, "reading the object it built: " + c.what, param, clone_fn[cls] != nullptr);
      }
      case Phase::Call:
        break;
    }
    add_call_finding(s, idx, c.kind, c.what);
  }

  void add_call_finding(const OpSpace& s, uint64_t candidate, Outcome kind, const std::string& what, int slot = -1, bool in_copy = false) {
    ArgRef refs[kMaxRecordSlots];
    decode(s, candidate, refs);
    if (!first_report(s.op, kind, what)) return;  // same op, same failure: keep the first (shortest)
    add_finding(s.op, refs, kind, what, slot, in_copy);
  }

  // A finding about an earlier state: its own sequence is the one that fails.
  // (Split records: a state held elsewhere came with its call, from the rank that saw the failure.)
  void add_state_finding(uint32_t state, Outcome kind, const std::string& what, bool in_copy) {
    SubjectCall call;
    if (result.store.holds(state)) {
      call = subject_call(state);
    } else {
      auto it = subject_calls.find(state);
      if (it == subject_calls.end() || it->second.op >= api.operations().size() ||
          it->second.args.size() != api.operations()[it->second.op].params.size())
        return;  // no rank sent it: the record was scribbled on
      call = it->second;
    }
    if (!first_report(call.op, kind, what)) return;
    add_finding(call.op, call.args.data(), kind, what, call.slot == kResultSlot ? -1 : call.slot, in_copy);
  }
  std::map<uint32_t, SubjectCall> subject_calls;  // split records: states of a round's findings

  // Split records: the calls of the earlier states a job's findings name (their rebuild, copy or
  // destructor failed). Only this rank may hold them, and every rank reports the finding.
  void attach_subjects(PackedJob& p) const {
    if (!records_split) return;
    std::set<uint32_t> named;
    for (const CandidateRecord& r : p.records)
      if (static_cast<Outcome>(r.kind) == Outcome::Nondeterministic) named.insert(r.subject);
    for (const CrashNote& c : p.crashes) {
      Phase k = phase_kind(c.phase);
      if (k == Phase::CopyState || k == Phase::RebuildState || k == Phase::DestroyState) named.insert(phase_arg(c.phase));
    }
    for (uint32_t state : named) {
      if (state >= result.store.state_count() || !result.store.holds(state)) continue;
      p.subjects.push_back(subject_call(state));
    }
  }

  SubjectCall subject_call(uint32_t state) const {
    StateStore::Call c = result.store.call_of(state, params_of_op);
    return {state, c.op, c.slot, {c.args.begin(), c.args.end()}};
  }

  bool first_report(uint32_t op, Outcome kind, const std::string& what) {
    auto key = std::make_pair(op, std::string(outcome_name(kind)) + ": " + what);
    if (reported_calls.count(key)) return false;
    reported_calls.emplace(key, result.findings.size());
    return true;
  }

  void add_finding(uint32_t op, const ArgRef* refs, Outcome kind, const std::string& what, int slot, bool in_copy = false) {
    Finding f;
    f.kind = kind;
    f.message = what;
    f.op = op;
    f.args.assign(refs, refs + api.operations()[op].params.size());
    f.slot = slot;
    f.in_copy = in_copy;
    f.reproducible = what.find(kNotAlone) == std::string::npos;
    f.iteration = static_cast<uint16_t>(iteration);
    result.findings.push_back(std::move(f));
  }

  // Why the run must stop now, or null.
  const char* stop_reason(double elapsed) const {
    if (opt.interrupted && opt.interrupted->load()) return "interrupted";
    if (opt.time_limit_seconds > 0 && elapsed > opt.time_limit_seconds) return "time limit";
    if (over_memory_limit()) return "memory limit";
    return nullptr;
  }

  // The store's next growth counts too: it allocates the new table before freeing the old.
  bool over_memory_limit() const {
    return opt.memory_limit_bytes > 0 && resident_set_bytes() + result.store.growth_bytes_ahead() > opt.memory_limit_bytes;
  }

  // What the workers learned about copies applies from the next iteration on; a class whose
  // copy no worker could check (every check crashed) is rebuilt, not copied.
  void finish_iteration(bool stopping) {
    if (!stopping) result.store.seal();  // after a stop nothing reads the sealed set: no growth
    return_freed_memory();               // the old tables, before the next iteration's grow
    for (size_t c = 0; c < clone_ok.size(); ++c) {
      if (clone_ok[c] < 0 && clone_learned[c] >= 0) clone_ok[c] = clone_learned[c];
      if (clone_ok[c] < 0 && copy_check_crashed[c]) clone_ok[c] = 0;
    }
  }
  // ---- Running an iteration's jobs ----

  // Progress reports, at most one a second.
  struct Tick {
    std::function<double()> elapsed;
    std::chrono::steady_clock::time_point last;
    const std::function<void(const ExhaustiveProgress&)>& progress;
  };

  void report(Tick& t, size_t frontier) {
    if (on_progress_due(std::chrono::steady_clock::now(), t.last) && t.progress)
      t.progress({iteration, frontier, result.store.state_count(), result.explored, t.elapsed()});
  }

  size_t frontier_size() const {
    size_t n = 0;
    for (ClassId c = 0; c < class_states.size(); ++c) n += class_states[c].size() - frontier_start[c];
    return n;
  }

  // A worker died or hung on candidate ev.at of global job `job` (the pool's job ev.job): note
  // it, and let the pool go on after it (or retry it first in a fresh worker).
  // Deaths are rare: they are kept by job, not in a slot per job (an iteration can have billions).
  using CrashesByJob = std::unordered_map<size_t, std::vector<CrashNote>>;

  void on_death(WorkerPool& pool, const WorkerPool::Event& ev, size_t job, CrashesByJob& crashes) {
    Outcome kind = ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout;
    WorkerPool::Event global = ev;
    global.job = job;
    if (confirm_first(global, kind)) {
      pool.resume(ev.job, ev.at);  // the same candidate, first in a fresh worker
      return;
    }
    crashes[job].push_back({ev.at, kind, ev.what, ev.phase});
    // A copy that killed the worker is not the call's fault: from the replacement worker on,
    // the class is rebuilt instead of copied, and the candidate runs again.
    bool copy_died = blame_copy(ev.at, ev.phase);
    if (!copy_died) note_failed_call(ev.at);
    pool.resume(ev.job, copy_died ? ev.at : ev.at + 1);  // the rest of the job, then the next ones
  }

  // Runs `mine` (global job indices, ascending) on the pool and hands each finished job, in
  // order, to done_job(index in mine, region, its deaths), which says whether to go on. Returns
  // why it stopped early (kHalted when done_job said so), or null.
  template <class DoneJob>
  const char* run_jobs(WorkerPool& pool, const std::vector<size_t>& mine, Tick& tick, DoneJob done_job) {
    CrashesByJob crashes;
    std::vector<char> done(mine.size(), 0);
    size_t frontier = frontier_size();
    pool.begin(
        mine.size(), [&](size_t i) { return jobs[mine[i]].lo; },
        [&](size_t i, uint64_t first, JobRegion& region, std::atomic<uint64_t>& progress) { run_job(mine[i], region, first, progress); });
    const char* why = nullptr;
    for (size_t next = 0; next < mine.size() && !why;) {
      if ((why = stop_reason(tick.elapsed()))) break;
      for (const auto& ev : pool.wait(0.25)) {
        if (ev.kind == WorkerPool::Event::Done)
          done[ev.job] = 1;
        else
          on_death(pool, ev, mine[ev.job], crashes);
      }
      for (; next < mine.size() && done[next] && !why; ++next) {
        if (!done_job(next, pool.region(next), crashes[mine[next]])) why = kHalted;
        crashes.erase(mine[next]);
        pool.release(next);
      }
      report(tick, frontier);
    }
    pool.end();
    return why;
  }
  static constexpr const char* kHalted = "halted";

  // This process alone: every job, merged as it finishes.
  const char* run_alone(WorkerPool& pool, Tick& tick) {
    std::vector<size_t> all(jobs.size());
    for (size_t j = 0; j < all.size(); ++j) all[j] = j;
    return run_jobs(pool, all, tick, [&](size_t i, JobRegion& region, std::vector<CrashNote>& crashes) {
      merge(jobs[all[i]], region, crashes);
      return true;
    });
  }

  // One of several ranks: job j runs on rank j mod ranks (split records: every rank runs its share
  // of every job, runs_here), on this rank's workers for the whole iteration (their caches of live
  // objects stay warm). Jobs are exchanged in rounds of a few per rank: once this rank's jobs of a
  // round are done, the owners decide which states are first (ask_owners), the ranks all-gather
  // the round's records and every rank merges all of them in order, while the workers go on with
  // the next round's jobs. So every rank numbers the states alike; rounds bound the records in
  // flight and let a stop on any rank (time limit, interrupt, memory) end the run on all of them
  // after the same job.
  const char* run_rounds(WorkerPool& pool, Tick& tick) {
    const size_t k = static_cast<size_t>(ranks()), me = static_cast<size_t>(opt.cluster->rank());
    const size_t round = k * static_cast<size_t>(std::max(4, 4 * most_rank_workers));
    const size_t rounds = (jobs.size() + round - 1) / round;
    std::vector<size_t> mine;  // split records: every job, of which this rank runs its share
    for (size_t j = records_split ? 0 : me; j < jobs.size(); j += records_split ? 1 : k) mine.push_back(j);
    size_t next_round = 0;
    const char* agreed = nullptr;
    std::vector<PackedJob> held;  // this rank's jobs of the round, until the owners answered
    ByteWriter out;
    // Every rank calls this once per round, in order (it is a collective).
    auto exchange = [&](const char* mine_stop) {
      size_t first = next_round * round, last = std::min(jobs.size(), first + round);
      ++next_round;
      ask_owners(held);
      for (const PackedJob& p : held) {
        out.put(kJob);
        pack_job(out, p, worth_sending);
      }
      held.clear();
      out.put(kLearned);
      put_learned(out);
      result.sent_bytes += out.bytes().size();
      ++result.rounds;
      auto t0 = std::chrono::steady_clock::now();
      std::vector<std::string> from = opt.cluster->gather_all(out.take());
      auto t1 = std::chrono::steady_clock::now();
      bool whole = merge_round(from, first, last);
      result.exchange_seconds += std::chrono::duration<double>(t1 - t0).count();
      result.merge_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
      agreed = agreed_stop(whole ? mine_stop : mine_stop ? mine_stop : "a rank stopped");
      report(tick, frontier_size());
      return agreed == nullptr;
    };
    const char* why = run_jobs(pool, mine, tick, [&](size_t i, JobRegion& region, std::vector<CrashNote>& crashes) {
      size_t j = mine[i];
      add_unconfirmed(j, crashes);
      held.push_back(read_job(j, explored_by(j, region), region, std::move(crashes)));
      attach_subjects(held.back());
      bool last_of_round = i + 1 == mine.size() || mine[i + 1] / round != j / round;
      while (last_of_round && next_round <= j / round)
        if (!exchange(nullptr)) return false;
      return true;
    });
    // The rounds the other ranks still expect: those with none of this rank's jobs, or all of
    // them after a stop here (its partial round tells the others to stop too).
    while (!agreed && next_round < rounds) exchange(why == kHalted ? nullptr : why);
    return agreed;
  }

  // Whether the other ranks need a record: a state a job found new to it is sent only when the
  // owners said it is the first of the iteration; a copy check, even when it is not (what the
  // checked object's state was does not change what its class's copies do).
  static bool worth_sending(const CandidateRecord& r) {
    return static_cast<Outcome>(r.kind) != Outcome::Normal || r.new_mask != 0 || r.copy_checked != 0;
  }

  // Each state the round's jobs of this rank found new to them goes to the owner of its
  // fingerprint (as its position and slot, and the fingerprint: 24 bytes), which answers whether
  // it is the state's first candidate of the iteration (decide_owned); the others lose their new
  // bit. Positions are unique and rounds come in order, so the first is the one a single process
  // would have kept.
  void ask_owners(std::vector<PackedJob>& held) {
    if (shards == 1) return;
    struct Asked {
      uint32_t job, record;
      uint8_t slot;
    };
    std::vector<std::vector<Asked>> asked(shards);
    std::vector<ByteWriter> to(shards);
    for (uint32_t h = 0; h < held.size(); ++h) {
      const Job& job = jobs[held[h].job];
      for (uint32_t i = 0; i < held[h].records.size(); ++i) {
        const CandidateRecord& r = held[h].records[i];
        if (static_cast<Outcome>(r.kind) != Outcome::Normal || r.candidate < job.lo || r.candidate >= job.hi) continue;
        for (uint8_t j = 0; j < kMaxRecordSlots; ++j) {
          if (!(r.new_mask >> j & 1)) continue;
          uint32_t o = owner_of(r.fps[j]);
          asked[o].push_back({h, i, j});
          to[o].put<uint64_t>(r.candidate << 3 | j);
          to[o].put(r.fps[j]);
        }
      }
    }
    std::vector<std::string> questions(shards);
    for (uint32_t o = 0; o < shards; ++o) {
      if (o != my_shard) result.sent_bytes += to[o].bytes().size();
      questions[o] = to[o].take();
    }
    auto t0 = std::chrono::steady_clock::now();
    std::vector<std::string> from = opt.cluster->exchange(questions);
    auto t1 = std::chrono::steady_clock::now();
    std::vector<std::string> answers = decide_owned(from);
    auto t2 = std::chrono::steady_clock::now();
    for (uint32_t o = 0; o < shards; ++o)
      if (o != my_shard) result.sent_bytes += answers[o].size();
    std::vector<std::string> back = opt.cluster->exchange(answers);
    result.exchange_seconds += std::chrono::duration<double>(t1 - t0 + (std::chrono::steady_clock::now() - t2)).count();
    result.merge_seconds += std::chrono::duration<double>(t2 - t1).count();
    for (uint32_t o = 0; o < shards; ++o) {
      if (back[o].size() != asked[o].size()) throw std::runtime_error("a rank answered another number of questions");
      for (size_t q = 0; q < asked[o].size(); ++q) {
        CandidateRecord& r = held[asked[o][q].job].records[asked[o][q].record];
        auto bit = static_cast<uint8_t>(1u << asked[o][q].slot);
        if (back[o][q] != kFirst) r.new_mask &= static_cast<uint8_t>(~bit);
        if (back[o][q] == kSealed) r.copy_checked &= static_cast<uint8_t>(~bit);
      }
    }
  }

  // The answers to every rank's questions about this rank's fingerprints, one byte each, in the
  // order asked: sealed (found in an earlier iteration), found earlier in this one (an earlier
  // round, or a smaller position in this round), or the first.
  static constexpr char kSealed = 0, kFoundEarlier = 1, kFirst = 2;
  std::vector<std::string> decide_owned(const std::vector<std::string>& from) const {
    std::vector<std::string> answers(shards);
    FingerprintSet first;  // fingerprint -> the question with the smallest position so far
    std::vector<uint64_t> keys;
    std::vector<std::pair<uint32_t, uint32_t>> asker;  // (rank, question)
    constexpr size_t kQuestion = sizeof(uint64_t) + sizeof(Fingerprint);
    for (uint32_t r = 0; r < shards; ++r) {
      if (from[r].size() % kQuestion != 0) throw std::runtime_error("a rank sent a malformed question");
      ByteReader in(from[r]);
      size_t n = from[r].size() / kQuestion;
      answers[r].assign(n, kFoundEarlier);
      for (uint32_t q = 0; q < n; ++q) {
        uint64_t key = in.get<uint64_t>();
        Fingerprint fp = in.get<Fingerprint>();
        if (!owns(fp)) throw std::runtime_error("a rank asked about a fingerprint this rank does not own");
        if (result.store.contains_sealed(fp)) {
          answers[r][q] = kSealed;
          continue;
        }
        if (result.store.contains_fresh(fp)) continue;  // an earlier round's
        auto at = static_cast<uint32_t>(keys.size());
        keys.push_back(key);
        asker.emplace_back(r, q);
        bool inserted = false;
        uint32_t* best = first.find_or_insert(fp, at, &inserted);
        if (!inserted && keys[*best] > key) *best = at;
      }
    }
    first.for_each([&](const Fingerprint&, uint32_t at) { answers[asker[at].first][asker[at].second] = kFirst; });
    return answers;
  }

  // What a rank learned about copies and failing calls in its jobs: every rank applies all of it,
  // so that they all stay alike.
  void put_learned(ByteWriter& w) {
    w.put<uint64_t>(copy_crashed.size());
    for (size_t c = 0; c < copy_crashed.size(); ++c) {
      w.put(copy_crashed[c]);
      w.put(copy_check_crashed[c]);
    }
    w.put<uint64_t>(failing_now.size());
    for (const auto& [op, idx] : failing_now) {
      w.put(op);
      w.put(idx);
    }
    failing_now.clear();
  }

  void get_learned(ByteReader& r) {
    if (r.get<uint64_t>() != copy_crashed.size()) throw std::runtime_error("ranks with different class counts");
    for (size_t c = 0; c < copy_crashed.size(); ++c) {
      copy_crashed[c] |= r.get<int8_t>();
      copy_check_crashed[c] |= r.get<int8_t>();
    }
    uint64_t n = r.get<uint64_t>();
    for (uint64_t i = 0; i < n; ++i) {
      uint32_t op = r.get<uint32_t>();
      failing_on_ranks.emplace_back(op, r.get<uint64_t>());  // this rank's own come back too
    }
  }

  // Merges jobs [first, last) from every rank's bytes, in order, up to the first one no rank
  // finished (a rank stopped early). Returns whether all of them were there.
  bool merge_round(const std::vector<std::string>& from, size_t first, size_t last) {
    std::vector<PackedJob> got(last - first);
    std::vector<uint32_t> parts(last - first, 0);  // split records: every rank sends its part of each job
    subject_calls.clear();
    for (const std::string& bytes : from) {
      ByteReader r(bytes);
      while (r.left() > 0) {
        if (r.get<uint8_t>() == kLearned) {
          get_learned(r);
          continue;
        }
        PackedJob p = unpack_job(r);
        if (p.job < first || p.job >= last) throw std::runtime_error("a rank sent a job of another round");
        for (SubjectCall& c : p.subjects) subject_calls[c.state] = std::move(c);
        add_part(got[p.job - first], std::move(p), parts[p.job - first]++);
      }
    }
    for (size_t j = first; j < last; ++j) {
      if (parts[j - first] < (records_split ? shards : 1)) return false;
      if (records_split) in_position_order(got[j - first]);
      merge_records(jobs[j], got[j - first], got[j - first].crashes, got[j - first].explored);
      got[j - first] = PackedJob{};
    }
    return true;
  }

  static void add_part(PackedJob& whole, PackedJob&& part, uint32_t parts_before) {
    if (parts_before == 0) {
      whole = std::move(part);
      return;
    }
    whole.explored += part.explored;
    whole.records.insert(whole.records.end(), part.records.begin(), part.records.end());
    whole.texts.insert(whole.texts.end(), std::make_move_iterator(part.texts.begin()), std::make_move_iterator(part.texts.end()));
    whole.crashes.insert(whole.crashes.end(), std::make_move_iterator(part.crashes.begin()), std::make_move_iterator(part.crashes.end()));
  }

  // The parts of a job, one rank's after another, as one rank running it all would have written
  // them (a candidate's records come from the one rank that ran it, in their order).
  static void in_position_order(PackedJob& p) {
    std::vector<uint32_t> order(p.records.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return p.records[a].candidate < p.records[b].candidate; });
    std::vector<CandidateRecord> records;
    std::vector<std::string> texts;
    records.reserve(order.size());
    texts.reserve(order.size());
    for (uint32_t i : order) {
      records.push_back(p.records[i]);
      texts.push_back(std::move(p.texts[i]));
    }
    p.records = std::move(records);
    p.texts = std::move(texts);
  }

  // Split records: rank 0 writes every output, from every record. The ranks send theirs a range of
  // ids at a time, and rank 0 takes them into its store, freeing its own as it passes them (and
  // its fingerprints first: nothing after the run looks them up).
  void gather_records() {
    if (!records_split) return;
    const bool root = opt.cluster->rank() == 0;
    const auto n = static_cast<uint32_t>(result.store.state_count());
    constexpr uint32_t kRange = 1u << 20;
    class_states = {};  // the last plan's copy of the class lists: no more candidates
    if (root) {
      result.store.drop_fingerprints();
      return_freed_memory();
    }
    for (uint32_t lo = 0; lo < n; lo += std::min(kRange, n - lo)) {
      uint32_t hi = lo + std::min(kRange, n - lo);
      ByteWriter w;
      for (uint32_t id = std::max(lo, shared_states); !root && id < hi; ++id) {
        if (!result.store.holds(id)) continue;
        StateStore::Call c = result.store.call_of(id, params_of_op);
        w.put(id);
        w.put(c.op);
        w.put(c.slot);
        w.put(c.cls);
        for (ArgRef a : c.args) w.put(a);
      }
      // To rank 0 alone (an all-to-all with nothing for the others): all-gathered, every rank
      // received every range, K times the bytes and a range's records on every rank at once.
      std::vector<std::string> to(static_cast<size_t>(ranks()));
      to[0] = w.take();
      std::vector<std::string> from = opt.cluster->exchange(to);
      if (!root) continue;
      std::vector<std::string_view> at(hi - lo);  // each missing state's bytes
      for (const std::string& bytes : from)
        for (ByteReader r(bytes); r.left() > 0;) {
          size_t offset = bytes.size() - r.left();
          uint32_t id = r.get<uint32_t>();
          if (id < lo || id >= hi) throw std::runtime_error("a rank sent a record of another range");
          read_call(r, nullptr);
          at[id - lo] = std::string_view(bytes).substr(offset);
        }
      ArgRef args[kMaxRecordSlots];
      result.store.densify(hi, params_of_op, [&](uint32_t id) {
        if (at[id - lo].empty()) throw std::runtime_error("no rank sent the record of state " + std::to_string(id));
        ByteReader r(at[id - lo]);
        r.get<uint32_t>();
        return read_call(r, args);
      });
      return_freed_memory();  // the records passed, before the next range's arrive
    }
    if (root) result.store.densify_done();
  }

  // A gathered record's call, after its id (args: where its arguments go, or null to skip them).
  StateStore::Call read_call(ByteReader& r, ArgRef* args) const {
    StateStore::Call c;
    c.op = r.get<uint32_t>();
    if (c.op >= params_of_op.size()) throw std::runtime_error("a rank sent a record of an operation the API lacks");
    c.slot = r.get<uint8_t>();
    c.cls = r.get<ClassId>();
    for (uint32_t a = 0; a < params_of_op[c.op]; ++a) {
      ArgRef v = r.get<ArgRef>();
      if (args) args[a] = v;
    }
    if (args) c.args = std::span<const ArgRef>(args, params_of_op[c.op]);
    return c;
  }

  // Before the first iteration: every rank must plan the same jobs from the same run and the
  // same checkpoint, or the ranks' exchanges would not match (a hang, or records dropped).
  void agree_with_ranks(const std::string& run_lines) {
    uint64_t workers[1] = {static_cast<uint64_t>(opt.workers)};
    opt.cluster->sum(workers);
    ranks_workers = static_cast<int>(workers[0]);
    uint64_t most[1] = {static_cast<uint64_t>(opt.workers)};
    opt.cluster->max(most);
    most_rank_workers = static_cast<int>(most[0]);
    uint64_t h = std::hash<std::string>{}(run_lines + "\n" + std::to_string(result.resumed_after) + " " + std::to_string(records_split) +
                                          " " + std::to_string(shared_states));
    uint64_t seen[2] = {h, ~h};
    opt.cluster->max(seen);
    if (seen[0] != h || seen[1] != ~h)
      throw CheckpointError(
          "the ranks disagree on the run (options, or the checkpoint they resumed from: " +
          std::string(opt.checkpoint_dir.empty() ? "none" : "is " + opt.checkpoint_dir + " the same directory on every node?") + ")");
  }

  // The first stop reason any rank has (all ranks call this at the same point).
  const char* agreed_stop(const char* mine) {
    // A rank that saw only that another stopped yields to the one that knows why.
    static const char* const kReasons[] = {"a rank stopped", "interrupted", "time limit", "memory limit"};
    uint64_t code[1] = {0};
    for (size_t i = 0; mine && i < std::size(kReasons); ++i)
      if (std::string_view(mine) == kReasons[i]) code[0] = i + 1;
    if (mine && code[0] == 0) code[0] = 1;
    opt.cluster->max(code);
    return code[0] ? kReasons[code[0] - 1] : nullptr;
  }

  // ---- Checkpoints ----

  void save_checkpoint(const CheckpointDir& dir, CheckpointManifest& manifest, bool complete) {
    manifest.iteration = iteration;
    manifest.complete = complete;
    std::string sum = dir.write_shard(iteration, my_shard, shards, [&](ByteWriter& w) {
      result.store.save_fingerprints(w);
      if (!records_split) return;
      uint64_t held = result.store.held_bytes();  // this rank's records follow, as a string
      w.put(held);
      size_t before = w.written();
      result.store.save_held(w);
      if (w.written() - before != held) throw std::logic_error("objgen: StateStore::held_bytes is not what save_held wrote");
    });
    manifest.shard_checksums = opt.cluster ? opt.cluster->gather_all(sum) : std::vector<std::string>{sum};
    if (!opt.cluster || opt.cluster->rank() == 0) dir.write(manifest, [&](ByteWriter& w) { save_state(w); });
    if (opt.cluster) opt.cluster->barrier();  // a rank killed after this resumes from here
  }

  void save_state(ByteWriter& w) const {
    w.put<uint64_t>(records_split ? kSplitStateMagic : kStateMagic);
    w.put<int32_t>(iteration);
    w.put(result.explored);
    w.put_string(result.stopped_by);
    if (records_split) {
      w.put<uint32_t>(shared_states);  // the homes of later states depend on it
      result.store.save_index(w);
    } else {
      result.store.save_records(w);
    }
    w.put<uint64_t>(result.findings.size());
    for (const Finding& f : result.findings) {
      w.put(static_cast<uint8_t>(f.kind));
      w.put_string(f.message);
      w.put(f.op);
      w.put<uint64_t>(f.args.size());
      for (ArgRef a : f.args) w.put(a);
      w.put<int32_t>(f.slot);
      w.put<uint8_t>(f.in_copy);
      w.put<uint8_t>(f.reproducible);
      w.put(f.iteration);
    }
    w.put<uint64_t>(reported_states.size());
    reported_states.for_each([&](const Fingerprint& fp, uint32_t) { w.put(fp); });
    w.put<uint64_t>(reported_nondeterministic.size());
    for (uint32_t s : reported_nondeterministic) w.put(s);
    w.put<uint64_t>(reported_calls.size());
    for (const auto& [key, at] : reported_calls) {
      w.put(key.first);
      w.put_string(key.second);
      w.put<uint64_t>(at);
    }
    w.put<uint64_t>(failed_literal_calls.size());
    for (const auto& [op, idx] : failed_literal_calls) {
      w.put(op);
      w.put(idx);
    }
    w.put<uint64_t>(clone_ok.size());
    for (size_t c = 0; c < clone_ok.size(); ++c) {
      w.put(clone_ok[c]);
      w.put(clone_learned[c]);
      w.put(copy_check_crashed[c]);
      w.put(copy_crashed[c]);
    }
  }

  void load_state(const CheckpointDir& dir, const CheckpointManifest& manifest) {
    std::string bytes = dir.read_state(manifest);
    try {
      ByteReader r(bytes);
      uint64_t magic = r.get<uint64_t>();
      if (magic != kStateMagic && magic != kSplitStateMagic) throw std::runtime_error("not an objgen checkpoint state");
      const bool split = magic == kSplitStateMagic;
      int saved = r.get<int32_t>();
      if (saved != manifest.iteration) throw std::runtime_error("of iteration " + std::to_string(saved));
      result.iterations = saved;
      result.resumed_after = saved;
      result.explored = r.get<uint64_t>();
      result.stopped_by = r.get_string();
      // Split records resume split on as many ranks as wrote them (each rank reads its own);
      // alone or on another number of ranks (homes depend on it) every rank takes every record.
      const bool mine_only = split && records_split && manifest.shard_checksums.size() == shards;
      if (!mine_only) hold_every_record();
      if (split) {
        shared_states = r.get<uint32_t>();
        if (!mine_only) result.store.hold_only_some();  // until densified from every rank's file
        result.store.load_index(r);
      } else {
        result.store.load_records(r);
      }
      uint64_t findings = r.get<uint64_t>();
      for (uint64_t i = 0; i < findings; ++i) {
        Finding f;
        f.kind = static_cast<Outcome>(r.get<uint8_t>());
        f.message = r.get_string();
        f.op = r.get<uint32_t>();
        if (f.op >= api.operations().size()) throw std::runtime_error("a finding of an operation the API lacks");
        uint64_t args = r.get<uint64_t>();
        if (args != api.operations()[f.op].params.size()) throw std::runtime_error("a finding with a wrong argument count");
        for (uint64_t a = 0; a < args; ++a) f.args.push_back(r.get<ArgRef>());
        f.slot = r.get<int32_t>();
        f.in_copy = r.get<uint8_t>();
        f.reproducible = r.get<uint8_t>();
        f.iteration = r.get<uint16_t>();
        result.findings.push_back(std::move(f));
      }
      for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) reported_states.insert(r.get<Fingerprint>(), 0);
      for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) reported_nondeterministic.insert(r.get<uint32_t>());
      for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) {
        uint32_t op = r.get<uint32_t>();
        std::string what = r.get_string();
        reported_calls.emplace(std::make_pair(op, std::move(what)), r.get<uint64_t>());
      }
      for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) {
        uint32_t op = r.get<uint32_t>();
        failed_literal_calls.emplace(op, r.get<uint64_t>());
      }
      if (r.get<uint64_t>() != clone_ok.size()) throw std::runtime_error("made with another set of classes");
      for (size_t c = 0; c < clone_ok.size(); ++c) {
        clone_ok[c] = r.get<int8_t>();
        clone_learned[c] = r.get<int8_t>();
        copy_check_crashed[c] = r.get<int8_t>();
        copy_crashed[c] = r.get<int8_t>();
      }
      if (!r.done()) throw std::runtime_error("longer than what it holds");
      load_fingerprints(dir, manifest, split, mine_only);
      check_loaded_ids();
    } catch (const CheckpointError&) {
      throw;  // names its file already
    } catch (const std::runtime_error& e) {
      throw CheckpointError("the checkpoint of iteration " + std::to_string(manifest.iteration) + " in " + opt.checkpoint_dir +
                            " is damaged (" + e.what() + ")");
    }
  }

  // Every rank reads every rank's file (the run may resume on another number of ranks) and keeps
  // its own share; together the files hold one fingerprint per state. Split records follow a
  // rank's fingerprints in its file: this rank's own (mine_only), or every rank's, densified.
  void load_fingerprints(const CheckpointDir& dir, const CheckpointManifest& manifest, bool split, bool mine_only) {
    size_t read = 0;
    std::vector<bool> listed(result.store.state_count());  // so that no state lacks one
    std::vector<StateStore> donors;
    donors.reserve(manifest.shard_checksums.size());
    for (size_t shard = 0; shard < manifest.shard_checksums.size(); ++shard) {
      std::string bytes = dir.read_shard(manifest, shard);
      ByteReader r(bytes);
      read += result.store.load_fingerprints(r, [&](const Fingerprint& fp, uint32_t id) {
        if (listed[id]) throw std::runtime_error("a state with two fingerprints");
        listed[id] = true;
        return owns(fp);
      });
      if (split) {
        std::string_view held = r.get_view();
        if (!mine_only) donors.emplace_back().hold_only_some();
        if (!mine_only || shard == my_shard) load_rank_records(held, mine_only ? result.store : donors.back());
      }
      if (!r.done()) throw std::runtime_error("a fingerprint file longer than what it holds");
    }
    if (read != result.store.state_count())
      throw std::runtime_error(std::to_string(result.store.state_count()) + " states and " + std::to_string(read) + " fingerprints");
    if (split && !mine_only) densify_from(donors);
  }

  void load_rank_records(std::string_view bytes, StateStore& into) const {
    ByteReader r(bytes);
    into.load_held(r);
    if (!r.done()) throw std::runtime_error("a rank's records longer than what they hold");
    if (into.state_count() != result.store.state_count()) throw std::runtime_error("a rank's records of another number of states");
  }

  // Split records resumed by another number of ranks (or alone): every record, from the rank
  // files that hold it.
  void densify_from(const std::vector<StateStore>& donors) {
    result.store.densify(static_cast<uint32_t>(result.store.state_count()), params_of_op, [&](uint32_t id) {
      for (const StateStore& d : donors)
        if (d.holds(id)) return d.call_of(id, params_of_op);
      throw std::runtime_error("state " + std::to_string(id) + " in no rank's records");
    });
    result.store.densify_done();
  }

  // Every rank keeps every record from now on (a checkpoint that does not split them like this run).
  void hold_every_record() {
    if (!records_split) return;
    records_split = false;
    result.records_split = false;
    result.store = StateStore();
    result.store.keep_check_values();
  }

  // Every id in a loaded store names something that exists, and calls only take states found
  // before them (replaying follows those links recursively): the checksum only tells a damaged
  // file from the one written, and a file made by hand must not index past an array either.
  void check_loaded_ids() const {
    const StateStore& st = result.store;
    size_t classes = registered_class_count();
    for (uint32_t q = 0; q < st.sequence_count(); ++q) {
      uint32_t op = st.sequence(q).op;
      if (op >= api.operations().size()) throw std::runtime_error("a call of an operation the API lacks");
      size_t params = api.operations()[op].params.size();
      if (!st.args_in_pool(q, params)) throw std::runtime_error("a call whose arguments are missing");
    }  // their arguments are checked below, against the states the calls built
    for (uint32_t id = 0; id < st.state_count(); ++id) {
      if (!st.holds(id)) continue;  // split records: another rank's
      const StateRecord& rec = st.state(id);
      if (rec.sequence >= st.sequence_count()) throw std::runtime_error("a state without its sequence");
      if (rec.cls >= classes) throw std::runtime_error("a state of a class the API lacks");
      const SequenceNode& seq = st.sequence(rec.sequence);
      const Operation& op = api.operations()[seq.op];
      bool object_slot = rec.slot == kResultSlot
                             ? op.result.is_object()
                             : rec.slot < op.params.size() && op.params[rec.slot].is_object() && !op.params[rec.slot].consumed();
      if (!object_slot) throw std::runtime_error("a state in a place of its call that holds no object");
      if (op.params.empty()) continue;
      const ArgRef* args = st.args(rec.sequence, op.params.size()).data();
      check_loaded_args(seq.op, args, id, "a call");
      for (size_t i = 0; i < op.params.size(); ++i)  // a home holds every call its states were built by
        if (op.params[i].is_object() && !st.holds(args[i].index()))
          throw std::runtime_error("a rank's state built on a state it does not hold");
    }
    for (const Finding& f : result.findings) {
      if (f.slot < -1 || f.slot >= static_cast<int>(api.operations()[f.op].params.size()))
        throw std::runtime_error("a finding about a parameter its call lacks");
      check_loaded_args(f.op, f.args.data(), UINT32_MAX, "a finding");
    }
  }

  // Object arguments must be states below `before` (the state the call built, if known).
  void check_loaded_args(uint32_t op, const ArgRef* args, uint32_t before, const char* what) const {
    const Operation& o = api.operations()[op];
    uint32_t limit = std::min<uint32_t>(before, static_cast<uint32_t>(result.store.state_count()));
    for (size_t i = 0; i < o.params.size(); ++i) {
      bool ok = o.params[i].is_object() ? !args[i].is_literal() && args[i].index() < limit
                                        : args[i].is_literal() && args[i].index() < opt.domain.of(o.params[i]).size();
      if (!ok) throw std::runtime_error(std::string(what) + " with an argument that names nothing before it");
    }
  }

  static constexpr uint64_t kStateMagic = 0x316b6f6e656774ull;       // "tgenok1"
  static constexpr uint64_t kSplitStateMagic = 0x736b6f6e656774ull;  // "tgenoks": records in the rank files
  static constexpr uint8_t kLearned = 1, kJob = 0;
};

std::vector<SequenceFinding> replayable_findings(const Api& api, const ExhaustiveResult& result, const LiteralDomain& domain) {
  Replayer replayer(api, result.store, domain);
  std::vector<SequenceFinding> out;
  for (const Finding& f : result.findings) out.push_back({f.kind, f.op, f.message, replayer.flatten_call(f.op, f.args), domain});
  return out;
}

ExhaustiveGenerator::ExhaustiveGenerator(const Api& api, ExhaustiveOptions options)
    : impl_(std::make_unique<Impl>(api, std::move(options))) {}
ExhaustiveGenerator::~ExhaustiveGenerator() = default;

ExhaustiveResult ExhaustiveGenerator::run() {
  Impl& m = *impl_;
  using clock = std::chrono::steady_clock;
  auto started = clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(clock::now() - started).count(); };
  std::optional<CheckpointDir> checkpoint;
  CheckpointManifest manifest;
  manifest.run = checkpoint_run_lines(m.api, m.opt);
  if (!m.opt.checkpoint_dir.empty()) {
    checkpoint.emplace(m.opt.checkpoint_dir);
    checkpoint->check_writable();
    if (checkpoint->read_manifest(manifest.run, manifest)) m.load_state(*checkpoint, manifest);
  }
  if (m.opt.cluster) m.agree_with_ranks(manifest.run + (manifest.complete ? "complete" : ""));
  if (manifest.complete) {                  // nothing left to run: the finished run's result
    if (m.opt.cluster) m.gather_records();  // split records: rank 0 writes the outputs
    m.result.complete = m.result.stopped_by == "fixpoint";
    m.result.seconds = elapsed();
    return std::move(m.result);
  }
  if (m.result.stopped_by.empty()) m.result.stopped_by = "fixpoint";
  Impl::Tick tick{elapsed, clock::now(), progress_};
  ChildOptions workers;
  workers.memory_limit_bytes = m.opt.worker_memory_limit_bytes;
  WorkerPool pool(m.opt.workers, m.opt.isolate, m.opt.call_timeout_seconds, m.opt.job_size * m.records_per_candidate(),
                  m.opt.job_size * 256 + (1 << 20), workers);
  bool stop = false;
  uint64_t widest = 0;  // the most candidates of an iteration
  for (m.iteration = m.result.iterations + 1; !stop; ++m.iteration) {
    const char* why = m.plan_iteration(elapsed);
    widest = std::max(widest, m.candidate_count());
    size_t states_before = m.result.store.state_count();
    if (!why) why = m.opt.cluster ? m.run_rounds(pool, tick) : m.run_alone(pool, tick);
    // The last merges may have grown the store past what the last check saw: check before the seal.
    if (!why && m.over_memory_limit()) why = "memory limit";
    if (m.opt.cluster) why = m.agreed_stop(why);
    stop = why != nullptr;
    if (stop) m.result.stopped_by = why;
    m.remember_failed_calls();
    m.finish_iteration(stop);
    m.result.iterations = m.iteration;
    if (stop) break;  // a partly merged iteration is not a checkpoint
    bool fixpoint = m.result.store.state_count() == states_before;
    bool capped = !fixpoint && m.iteration >= m.max_iterations();
    if (capped) m.result.stopped_by = "iteration limit";
    if (fixpoint) m.require_split(widest);
    if (checkpoint) m.save_checkpoint(*checkpoint, manifest, fixpoint || capped);
    if (fixpoint) break;
    stop = capped;
  }
  if (m.opt.cluster) m.gather_records();
  m.result.complete = !stop;
  m.result.seconds = elapsed();
  if (progress_) progress_({m.result.iterations, 0, m.result.store.state_count(), m.result.explored, m.result.seconds});
  return std::move(m.result);
}

}  // namespace objgen
