// The worker side of the exhaustive engine: a job's candidates run on fresh copies of their
// inputs, the live cache of earlier states, rebuilds and copy checks, and the records a job
// writes. Everything here runs in workers (threads or forked processes), never in the parent,
// and reads the iteration's plan as const.
#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "io/utf8_text.hpp"
#include "exec/object_copy.hpp"
#include "exec/sequence.hpp"
#include "gen/exhaustive/exhaustive_impl.hpp"
#include "gen/exhaustive/live_cache.hpp"
#include "model/class_shells.hpp"

namespace objgen::exhaustive {

using namespace detail;

namespace {

// Rebuilds are compared with the store for a fixed quarter of the states (by id, so the same
// ones for any number of workers and ranks): comparing every one cost 5 % of a run, and a
// class that is not deterministic shows it on many states.
inline bool checked_state(uint32_t state) { return StateStore::has_check_value(state); }

inline bool same_id(const uint32_t* found, uint32_t id) { return found && *found == id; }

// The objects whose states a call produced: non-consumed object parameters, then the result.
inline size_t slot_values(const Operation& op, const std::vector<Object>& objects, const CallResult& res, SlotValue* out) {
  size_t n = 0;
  for (size_t i = 0; i < op.params.size(); ++i)
    if (op.params[i].is_object() && !op.params[i].consumed() && objects[i]) out[n++] = {static_cast<int>(i), op.params[i].cls, &objects[i]};
  if (res.has_object) out[n++] = {-1, op.result.cls, &res.object};
  return n;
}

// Destroys a cached object of `state` (the last reference to it) under a phase naming it.
inline void destroy(Object obj, uint32_t state) {
  if (!obj) return;
  uint64_t outer = current_phase();
  set_phase(phase(Phase::DestroyState, state));
  obj.reset();
  set_phase(outer);
}

inline CandidateRecord call_record(uint64_t pos, Outcome o) {
  CandidateRecord r{};
  r.candidate = pos;
  r.kind = static_cast<uint8_t>(o);
  return r;
}

inline CandidateRecord subject_record(uint64_t pos, uint32_t state) {
  CandidateRecord r = call_record(pos, Outcome::Nondeterministic);
  r.subject = state;
  return r;
}

// The call left an object that contradicts its own API (Linearizer::broken()): it has no
// state, and leaving it out silently would hide the corruption.
inline CandidateRecord broken_object(uint64_t pos, size_t slot) {
  CandidateRecord r = call_record(pos, Outcome::InvariantBroken);
  r.slot = static_cast<uint8_t>(slot);
  r.flags = kRecordBrokenObject;
  return r;
}

}  // namespace

// What one job keeps across its segments.
struct ExhaustiveGenerator::Impl::JobScratch {
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

struct ExhaustiveGenerator::Impl::CopyBits {
  uint8_t checked = 0;  // bit j: the worker checked whether slot j's class copies deeply...
  uint8_t deep = 0;     // ...and it does
};

// Split records: a call on a homed receiver runs on its home, the others on the job's rank.
inline bool ExhaustiveGenerator::Impl::runs_here(const OpSpace& s, const ArgRef* refs, size_t job) const {
  if (!records_split) return true;
  if (plan.receiver_led(s) && refs[0].index() >= shared_states) return result.store.holds_earlier(refs[0].index());
  return job % shards == my_shard;
}

inline WorkerScratch& ExhaustiveGenerator::Impl::scratch() const {
  thread_local WorkerScratch w;
  uint64_t owner = run_id << 16 | static_cast<uint64_t>(plan.iteration);
  if (w.owner != owner) {
    w.owner = owner;
    w.live.reset(2 * plan.receiver_range);
    w.copy_checked.assign(plan.clone_ok.size(), -1);
    w.nondeterministic.clear();
    w.last_checked = UINT32_MAX;
    w.sealed_seen.clear();
  }
  return w;
}

// The worker's live object of `state`, rebuilt (and checked) when it has none; null when the
// rebuild did not give that state back (noted as nondeterministic).
inline const Object* ExhaustiveGenerator::Impl::live_of(uint32_t state) const {
  WorkerScratch& w = scratch();
  bool receiver = state >= plan.frontier_first_state;
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
inline Object ExhaustiveGenerator::Impl::rebuild(uint32_t state, bool check) const {
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

// A rank that keeps only its shard of the fingerprints compares the state's check value.
inline bool ExhaustiveGenerator::Impl::same_state(ClassId cls, const Object& obj, uint32_t state) const {
  Linearizer& lin = thread_linearizer();
  if (!lin.run(cls, obj.get())) return false;
  const Fingerprint& fp = lin.fingerprint(cls);
  return shards == 1 ? same_id(result.store.find_sealed(fp), state) : result.store.check_value_matches(state, fp);
}

// A new object in `state` for one candidate: a copy of the live object when the class copies
// deeply, else rebuilt by running its sequence again (checked once in a row per checked state).
inline Object ExhaustiveGenerator::Impl::fresh_copy(uint32_t state) const {
  ClassId cls = result.store.state(state).cls;
  if (plan.clone_ok[cls] != 1 || lessons.copy_crashed[cls]) {
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

// Executes a candidate on fresh copies of its inputs; Nondeterministic when an input's state
// could not be rebuilt.
inline Outcome ExhaustiveGenerator::Impl::execute(const OpSpace& s, const ArgRef* refs, std::vector<Object>& objects,
                                                  std::vector<Arg>& args, CallResult& res, std::string* message) const {
  const Operation& op = op_of(s);
  try {
    bind_arguments(op, std::span<const ArgRef>(refs, op.params.size()), opt.domain, objects.data(), args.data(),
                   [this](uint32_t state) { return fresh_copy(state); });
  } catch (const RebuildFailed&) {
    return Outcome::Nondeterministic;
  }
  return execute_call(op, args.data(), res, api.misuse(), message);
}

// One linearizer per thread, kept across jobs so its caches stay warm; forked workers inherit
// the parent's.
inline Linearizer& ExhaustiveGenerator::Impl::thread_linearizer() const {
  thread_local std::unique_ptr<Linearizer> lin;
  if (!lin || lin->scope() != opt.scope || lin->omit() != opt.omit) lin = std::make_unique<Linearizer>(opt.scope, opt.omit);
  return *lin;
}

void ExhaustiveGenerator::Impl::take_clone_functions() const {
  clone_fn.clear();
  for (size_t c = 0; c < registered_class_count(); ++c) clone_fn.push_back(class_vtable(static_cast<ClassId>(c)).clone);
  clone_fn.push_back(nullptr);
  clone_fn_binds = bound_class_shells();
}

// Worker: runs positions [first, job.hi) of job j and writes records into region.
void ExhaustiveGenerator::Impl::run_job(size_t j, JobRegion& region, uint64_t first, WorkerProgress& progress) const {
  if (clone_fn_binds != bound_class_shells()) take_clone_functions();
  const Job& job = plan.jobs[j];
  JobScratch js;
  js.job = j;
  for (uint64_t pos = first; pos < job.hi;) {
    const Segment& sg = plan.segment_at(pos);
    uint64_t end = std::min(job.hi, sg.begin + (sg.hi - sg.lo));
    run_segment(sg, pos, end, region, progress, js);
    pos = end;
  }
}

inline void ExhaustiveGenerator::Impl::run_segment(const Segment& sg, uint64_t from, uint64_t to, JobRegion& region,
                                                   WorkerProgress& progress, JobScratch& js) const {
  const OpSpace& s = plan.spaces[sg.space];
  const Operation& op = op_of(s);
  Linearizer& lin = thread_linearizer();
  WorkerScratch& w = scratch();
  std::vector<Object> objects(op.params.size());
  std::vector<Arg> args(op.params.size());
  ArgRef refs[kMaxRecordSlots];
  JobHeader& h = region.header();
  uint32_t receiver = UINT32_MAX;
  ArgCounter counter;
  plan.start_counter(s, plan.candidate_at(sg, from), counter, refs);
  for (uint64_t pos = from; pos < to; ++pos) {
    if (pos != from) plan.advance(s, counter, refs);
    uint64_t idx = plan.candidate_at(sg, pos);
    progress.store(pos, std::memory_order_relaxed);
    t_after_other_calls = w.executed ? kAfterOtherCalls : 0;
    set_phase(phase(Phase::Call, 0));
    if (s.semi_naive && !plan.has_new(s, counter)) continue;
    if (sg.last_on_receivers && refs[0].index() != receiver) {
      if (receiver != UINT32_MAX) destroy(w.live.drop_receiver(receiver), receiver);
      receiver = refs[0].index();
    }
    // After the drop: a receiver is destroyed where a single process destroys it (dropping one
    // this rank never built is nothing).
    if (!runs_here(s, refs, js.job)) continue;
    h.explored.store(h.explored.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);  // one writer
    if (s.literal_only && plan.failed_before(s.op, idx)) continue;
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

// Canonicalizes what the call produced; queues a record of the states new to this job and a
// finding for each new state that breaks its invariant.
inline void ExhaustiveGenerator::Impl::collect_new_states(const OpSpace& s, uint64_t pos, const std::vector<Object>& objects,
                                                          const CallResult& res, Linearizer& lin, HotFingerprints& hot,
                                                          JobScratch& js) const {
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
inline bool ExhaustiveGenerator::Impl::known_before(const Fingerprint& fp, HotFingerprints& hot) const {
  if (hot.holds(fp)) return true;
  if (!owns(fp) || !result.store.contains_sealed(fp)) return false;
  hot.add(fp);
  return true;
}

// The first new object of a class whose copy is not known yet tells whether copies of the
// class are deep (the parent takes the first answer in candidate order).
inline void ExhaustiveGenerator::Impl::check_copy(const SlotValue& v, size_t j, CopyBits& r) const {
  if (plan.clone_ok[v.cls] >= 0 || lessons.copy_check_crashed[v.cls]) return;
  int8_t& known = scratch().copy_checked[v.cls];
  if (known < 0) {
    set_phase(phase(Phase::CopyCheck, static_cast<uint32_t>(j)));
    CopyProbe probe{&api, opt.operations, &opt.domain, opt.scope, phase(Phase::CopyProbe, static_cast<uint32_t>(j)) | t_after_other_calls};
    known = copy_is_deep(v.cls, *v.object, opt.omit, probe) ? 1 : 0;
    set_phase(phase(Phase::Call, 0));
  }
  r.checked |= static_cast<uint8_t>(1u << j);
  if (known) r.deep |= static_cast<uint8_t>(1u << j);
}

}  // namespace objgen::exhaustive
