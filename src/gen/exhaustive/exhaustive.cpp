#include "gen/exhaustive/exhaustive.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <stdexcept>

#include "exec/sequence.hpp"
#include "exec/object_copy.hpp"
#include "exec/worker_pool.hpp"

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
  bool semi_naive = false;  // several object slots: skip tuples with no object new in k-1
  bool literal_only = false;  // the same candidates, numbered alike, in every iteration
};

struct Job {
  uint32_t space;
  uint64_t lo, hi;
};

uint64_t next_run_id() {
  static std::atomic<uint64_t> counter{0};
  return ++counter;
}

struct CrashNote {
  uint64_t candidate;
  Outcome kind;
  std::string what;
};

struct SlotValue {
  int param;  // parameter index, or -1 for the result
  ClassId cls;
  const Object* object;
};

}  // namespace

struct ExhaustiveGenerator::Impl {
  const Api& api;
  ExhaustiveOptions opt;
  ExhaustiveResult result;
  Replayer rebuilder;  // runs a state's last call on fresh_copy()s of its inputs
  // Per iteration, frozen while workers run:
  int iteration = 0;
  std::vector<std::vector<uint32_t>> class_states;  // states of each class found before k
  std::vector<uint32_t> frontier_start;             // index in class_states of the first new one
  // Live objects: states get consecutive ids, so the states of one iteration are one id range;
  // `frontier_live` covers the last iteration's range, `kept_live` (by id) the classes that
  // operations with several object parameters draw from every iteration.
  uint32_t frontier_base = 0;
  std::vector<Object> frontier_live;
  int live_generation = -1;  // the iteration whose new states frontier_live holds
  const uint64_t run_id = next_run_id();  // tells this run's per-thread caches from another's
  std::vector<Object> kept_live;
  std::vector<OpSpace> spaces;
  std::vector<Job> jobs;
  // In-process workers hand the objects of new states over instead of having the parent re-run
  // the call; job j's vector is written only by the worker running j until it is done.
  mutable std::vector<std::vector<Object>> handed_over;
  // Written by the parent only:
  std::vector<std::pair<uint32_t, Object>> pending_live;
  std::vector<int8_t> keep_all_live;  // class used by a multi-object operation
  std::vector<int8_t> clone_ok;       // -1 unknown, 0 replay, 1 copy constructor is deep
  std::vector<Object (*)(const void*)> clone_fn;  // per class, read without the registry lock
  FingerprintSet reported_states;     // invariant findings already reported
  std::map<std::pair<uint32_t, std::string>, size_t> reported_calls;  // (op, message) -> finding
  // Literal-only calls (op, candidate) that crashed or hung in an earlier iteration, frozen
  // while workers run; this iteration's join them when it ends.
  std::set<std::pair<uint32_t, uint64_t>> failed_literal_calls;
  std::vector<std::pair<uint32_t, uint64_t>> failing_now;

  Impl(const Api& a, ExhaustiveOptions o)
      : api(a), opt(std::move(o)), rebuilder(a, result.store, opt.domain, [this](uint32_t s) { return fresh_copy(s); }) {
    size_t classes = registered_class_count() + 1;
    keep_all_live.assign(classes, 0);
    clone_ok.assign(classes, -1);
    for (ClassId c = 0; c + 1 < classes; ++c) clone_fn.push_back(class_vtable(c).clone);
    clone_fn.push_back(nullptr);
    for (uint32_t op : opt.operations) {
      const Operation& o2 = api.operations()[op];
      if (o2.object_param_count() > 1)
        for (const auto& p : o2.params)
          if (p.is_object()) keep_all_live[p.cls] = 1;
      if (o2.params.size() + 1 > kMaxRecordSlots)
        throw std::invalid_argument(o2.signature() + ": more than " +
                                    std::to_string(kMaxRecordSlots - 1) + " parameters");
    }
  }

  static bool on_progress_due(std::chrono::steady_clock::time_point now,
                              std::chrono::steady_clock::time_point& last) {
    if (now - last < std::chrono::seconds(1)) return false;
    last = now;
    return true;
  }

  int max_iterations() const {
    int cap = opt.max_iterations > 0 ? opt.max_iterations : 3 * static_cast<int>(opt.scope);
    return std::min(cap, 65000);  // iterations are stored in 16 bits
  }

  const Operation& op_of(const OpSpace& s) const { return api.operations()[s.op]; }

  void plan_iteration() {
    spaces.clear();
    jobs.clear();
    size_t classes = registered_class_count() + 1;
    class_states.assign(classes, {});
    frontier_start.assign(classes, 0);
    for (ClassId c = 0; c < classes; ++c) {
      const auto& all = result.store.states_of(c);
      class_states[c] = all;
      uint32_t start = static_cast<uint32_t>(all.size());
      while (start > 0 && result.store.state(all[start - 1]).iteration == iteration - 1) --start;
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
          d.count = static_cast<uint32_t>(opt.domain.of(p.literal).size());
        }
        s.total *= d.count;
        s.slots.push_back(d);
      }
      if (s.total == 0 || !any_new) continue;
      uint32_t space = static_cast<uint32_t>(spaces.size());
      spaces.push_back(std::move(s));
      // Small spaces are split too, so that every worker has work (results do not depend on
      // how candidates are split: jobs merge in candidate order).
      uint64_t total = spaces.back().total;
      uint64_t size = std::clamp<uint64_t>(total / (static_cast<uint64_t>(opt.workers) * 4), 16, opt.job_size);
      for (uint64_t lo = 0; lo < total; lo += size)
        jobs.push_back({space, lo, std::min<uint64_t>(lo + size, total)});
    }
  }

  // Fills refs for candidate idx; returns whether any object is new in iteration k-1.
  bool decode(const OpSpace& s, uint64_t idx, ArgRef* refs) const {
    bool has_new = false;
    for (size_t i = s.slots.size(); i-- > 0;) {
      const SlotDomain& d = s.slots[i];
      uint32_t digit = static_cast<uint32_t>(idx % d.count);
      idx /= d.count;
      if (d.object) {
        uint32_t pos = d.base + digit;
        has_new |= pos >= frontier_start[d.cls];
        refs[i] = ArgRef::state(class_states[d.cls][pos]);
      } else {
        refs[i] = ArgRef::literal(digit);
      }
    }
    return has_new;
  }

  const Object* live_of(uint32_t state) const {
    const Object* obj = nullptr;
    if (state >= frontier_base && state - frontier_base < frontier_live.size()) obj = &frontier_live[state - frontier_base];
    else if (state < kept_live.size()) obj = &kept_live[state];
    return obj && *obj ? obj : nullptr;
  }

  // A new object in `state`: a copy of its live object, or else rebuilt by running its last call
  // on fresh copies of that call's inputs (recursively, down to live ancestors or constructors).
  // The last rebuilt state is cached per thread, as consecutive candidates share their receiver.
  Object fresh_copy(uint32_t state) const {
    ClassId cls = result.store.state(state).cls;
    bool copyable = clone_ok[cls] == 1;
    if (copyable)
      if (const Object* obj = live_of(state)) return clone_fn[cls](obj->get());
    struct Cache {
      uint64_t owner = 0;
      uint32_t state = 0;
      Object object;
    };
    thread_local Cache cache;
    if (copyable && cache.owner == run_id && cache.state == state && cache.object) return clone_fn[cls](cache.object.get());
    Object built = rebuild(state);
    if (!copyable) return built;
    cache = {run_id, state, built};
    return clone_fn[cls](built.get());
  }

  Object rebuild(uint32_t state) const { return rebuilder.build(state); }

  // Executes a candidate on fresh copies of its inputs.
  Outcome execute(const OpSpace& s, const ArgRef* refs, std::vector<Object>& objects,
                  std::vector<Arg>& args, CallResult& res, std::string* message) const {
    const Operation& op = op_of(s);
    for (size_t i = 0; i < op.params.size(); ++i) {
      if (refs[i].is_literal()) {
        args[i].lit = &opt.domain.of(op.params[i].literal)[refs[i].index()];
        args[i].obj = nullptr;
      } else {
        objects[i] = fresh_copy(refs[i].index());
        args[i].obj = &objects[i];
        args[i].lit = nullptr;
      }
    }
    return execute_call(op, args.data(), res, api.misuse(), message);
  }

  // The objects whose states a call produced: non-consumed object parameters, then the result.
  static size_t slot_values(const Operation& op, const std::vector<Object>& objects,
                            const CallResult& res, SlotValue* out) {
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
    if (!lin || lin->scope() != opt.scope || lin->omit() != opt.omit)
      lin = std::make_unique<Linearizer>(opt.scope, opt.omit);
    return *lin;
  }

  // Worker: runs candidates [first, job.hi) and writes records into region.
  void run_job(const Job& job, JobRegion& region, uint64_t first, std::atomic<uint64_t>& progress) const {
    const OpSpace& s = spaces[job.space];
    const Operation& op = op_of(s);
    Linearizer& lin = thread_linearizer();
    FingerprintSet seen_in_job;
    std::vector<Object> objects(op.params.size());
    std::vector<Arg> args(op.params.size());
    ArgRef refs[kMaxRecordSlots];
    std::string message;
    std::vector<std::pair<CandidateRecord, std::string>> pending;
    JobHeader& h = region.header();
    for (uint64_t idx = first; idx < job.hi; ++idx) {
      progress.store(idx, std::memory_order_relaxed);
      if (!decode(s, idx, refs) && s.semi_naive) continue;
      h.explored.store(h.explored.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);  // one writer
      if (s.literal_only && failed_before(s.op, idx)) continue;
      CallResult res;
      Outcome o = execute(s, refs, objects, args, res, &message);
      // Records are written only after the objects are gone: a destructor that crashes must take
      // its candidate's records with it, or the parent would re-run the crash in-process.
      pending.clear();
      if (o == Outcome::Failure) {
        CandidateRecord r{};
        r.candidate = idx;
        r.kind = static_cast<uint8_t>(o);
        pending.push_back({r, message});
      } else if (o == Outcome::Normal) {
        collect_new_states(s, idx, objects, res, lin, seen_in_job, pending,
                           opt.isolate ? nullptr : &handed_over[&job - jobs.data()]);
      }
      for (auto& obj : objects) obj.reset();
      res.object.reset();
      for (const auto& [record, text] : pending) region.append(record, text);
    }
  }

  // A literal-only call that crashed or hung is the very same call in every later iteration: it
  // would crash again (its finding is kept once anyway) or cost the call time limit again, and
  // would build no state either way. It still counts as explored, as in BEAPI.
  bool failed_before(uint32_t op, uint64_t idx) const {
    return !failed_literal_calls.empty() && failed_literal_calls.count({op, idx});
  }

  void note_failed_call(size_t job, uint64_t candidate) {
    const OpSpace& s = spaces[jobs[job].space];
    if (s.literal_only) failing_now.emplace_back(s.op, candidate);
  }

  void remember_failed_calls() {
    failed_literal_calls.insert(failing_now.begin(), failing_now.end());
    failing_now.clear();
  }

  // Canonicalizes what the call produced; queues a record of the states new to this job and a
  // finding for each new state that breaks its invariant.
  void collect_new_states(const OpSpace& s, uint64_t idx, const std::vector<Object>& objects,
                          const CallResult& res, Linearizer& lin, FingerprintSet& seen_in_job,
                          std::vector<std::pair<CandidateRecord, std::string>>& pending,
                          std::vector<Object>* hand_over) const {
    const Operation& op = op_of(s);
    SlotValue values[kMaxRecordSlots];
    size_t n = slot_values(op, objects, res, values);
    CandidateRecord r{};
    r.candidate = idx;
    r.kind = static_cast<uint8_t>(Outcome::Normal);
    for (size_t j = 0; j < n; ++j) {
      if (!lin.run(values[j].cls, values[j].object->get())) {
        if (!lin.broken().empty()) pending.push_back({broken_object(idx, j), lin.broken()});
        return;  // out of scope or broken: no state
      }
      r.fps[j] = lin.fingerprint(values[j].cls);
    }
    for (size_t j = 0; j < n; ++j) {
      if (result.store.contains_sealed(r.fps[j]) || !seen_in_job.insert(r.fps[j], 0)) continue;
      const ClassInfo* info = api.find_class(values[j].cls);
      std::string why;
      if (info && !invariant_holds(*info, values[j].object->get(), &why)) {
        CandidateRecord f = r;
        f.kind = static_cast<uint8_t>(Outcome::InvariantBroken);
        f.slot = static_cast<uint8_t>(j);
        pending.push_back({f, why});
        continue;
      }
      r.new_mask |= static_cast<uint8_t>(1u << j);
    }
    if (!r.new_mask) return;
    r.objects_begin = UINT32_MAX;
    if (hand_over) {
      r.objects_begin = static_cast<uint32_t>(hand_over->size());
      for (size_t j = 0; j < n; ++j) hand_over->push_back(*values[j].object);
    }
    pending.push_back({r, {}});
  }

  // The call left an object that contradicts its own API (Linearizer::broken()): it has no
  // state, and leaving it out silently would hide the corruption.
  static CandidateRecord broken_object(uint64_t idx, size_t slot) {
    CandidateRecord r{};
    r.candidate = idx;
    r.kind = static_cast<uint8_t>(Outcome::InvariantBroken);
    r.slot = static_cast<uint8_t>(slot);
    r.flags = kRecordBrokenObject;
    return r;
  }

  // Parent: adds the job's new states (in candidate order) and its findings.
  void merge(const Job& job, JobRegion& region, std::vector<CrashNote>& crashes) {
    const OpSpace& s = spaces[job.space];
    const Operation& op = op_of(s);
    std::sort(crashes.begin(), crashes.end(),
              [](const CrashNote& a, const CrashNote& b) { return a.candidate < b.candidate; });
    size_t next_crash = 0;
    ArgRef refs[kMaxRecordSlots];
    for (size_t i = 0; i < region.record_count(); ++i) {
      const CandidateRecord& r = region.record(i);
      for (; next_crash < crashes.size() && crashes[next_crash].candidate < r.candidate; ++next_crash)
        add_call_finding(s, crashes[next_crash].candidate, crashes[next_crash].kind, crashes[next_crash].what);
      Outcome kind = static_cast<Outcome>(r.kind);
      if (kind == Outcome::Failure) {
        add_call_finding(s, r.candidate, kind, region.text(r));
      } else if (kind == Outcome::InvariantBroken && (r.flags & kRecordBrokenObject)) {
        add_call_finding(s, r.candidate, kind, region.text(r), values_slot(op, r.slot));
      } else if (kind == Outcome::InvariantBroken) {
        if (reported_states.insert(r.fps[r.slot], 0)) {
          decode(s, r.candidate, refs);
          add_finding(s.op, refs, kind, region.text(r), values_slot(op, r.slot));
        }
      } else {
        record_new_states(s, r, refs, handed_over[&job - jobs.data()]);
      }
    }
    for (; next_crash < crashes.size(); ++next_crash)
      add_call_finding(s, crashes[next_crash].candidate, crashes[next_crash].kind, crashes[next_crash].what);
    result.explored += region.header().explored.load();
  }

  // The parameter index (or -1 for the result) of the j-th slot value of op.
  static int values_slot(const Operation& op, size_t j) {
    for (size_t i = 0; i < op.params.size(); ++i)
      if (op.params[i].is_object() && !op.params[i].consumed() && j-- == 0) return static_cast<int>(i);
    return -1;
  }

  // Adds the record's states that are still new (with the worker's objects when handed over).
  void record_new_states(const OpSpace& s, const CandidateRecord& r, ArgRef* refs,
                         std::vector<Object>& handed) {
    uint8_t still_new = 0;
    for (int j = 0; j < kMaxRecordSlots; ++j)
      if ((r.new_mask >> j & 1) && !result.store.contains(r.fps[j])) still_new |= static_cast<uint8_t>(1u << j);
    if (!still_new) return;
    decode(s, r.candidate, refs);
    store_new_states(s, r, refs, still_new, r.objects_begin != UINT32_MAX ? &handed[r.objects_begin] : nullptr);
  }

  // Records the call as a sequence and the still-new slots as states; produced[j] is the object
  // of the j-th slot value.
  void store_new_states(const OpSpace& s, const CandidateRecord& r, const ArgRef* refs,
                        uint8_t still_new, const Object* produced) {
    const Operation& op = op_of(s);
    uint32_t seq = result.store.add_sequence(s.op, std::span<const ArgRef>(refs, op.params.size()));
    for (size_t j = 0; j < kMaxRecordSlots; ++j) {
      if (!(still_new >> j & 1)) continue;
      int param = values_slot(op, j);
      ClassId cls = param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls;
      uint8_t slot = param < 0 ? kResultSlot : static_cast<uint8_t>(param);
      uint32_t id = result.store.add_state(r.fps[j], seq, slot, cls, static_cast<uint16_t>(iteration));
      if (id != UINT32_MAX && produced) keep_live(id, cls, produced[j]);
    }
  }

  void keep_live(uint32_t id, ClassId cls, const Object& obj) {
    if (clone_ok[cls] < 0) clone_ok[cls] = copy_is_deep(cls, obj, opt.omit) ? 1 : 0;
    if (clone_ok[cls] == 1) pending_live.emplace_back(id, obj);
  }


  void add_call_finding(const OpSpace& s, uint64_t candidate, Outcome kind, const std::string& what, int slot = -1) {
    ArgRef refs[kMaxRecordSlots];
    decode(s, candidate, refs);
    auto key = std::make_pair(s.op, std::string(outcome_name(kind)) + ": " + what);
    auto it = reported_calls.find(key);
    if (it != reported_calls.end()) return;  // same op, same failure: keep the first (shortest)
    reported_calls.emplace(key, result.findings.size());
    add_finding(s.op, refs, kind, what, slot);
  }

  void add_finding(uint32_t op, const ArgRef* refs, Outcome kind, const std::string& what, int slot) {
    Finding f;
    f.kind = kind;
    f.message = what;
    f.op = op;
    f.args.assign(refs, refs + api.operations()[op].params.size());
    f.slot = slot;
    f.iteration = static_cast<uint16_t>(iteration);
    result.findings.push_back(std::move(f));
  }

  // Which objects stay live for the next iteration. Normally the new states' (the receivers of
  // the next iteration). When the new frontier is larger than the live one, its objects are not
  // kept: the live frontier stays as their ancestors, and workers rebuild each receiver with one
  // call (peak memory then holds two small frontiers instead of two large ones). Two frontiers
  // in a row are never skipped, so a rebuild is always one call from a live object.
  void finish_iteration(size_t first_new_state) {
    result.store.seal();
    size_t count = result.store.state_count() - first_new_state;
    bool ancestors_live = live_generation == iteration - 1;
    bool needs_all = false;
    for (size_t id = first_new_state; id < result.store.state_count() && !needs_all; ++id)
      needs_all = keep_all_live[result.store.state(static_cast<uint32_t>(id)).cls];
    if (ancestors_live && !needs_all && count > frontier_live.size()) {
      pending_live.clear();
      pending_live.shrink_to_fit();
      return;
    }
    std::vector<Object> next(count);
    for (auto& [id, obj] : pending_live) next[id - first_new_state] = std::move(obj);
    pending_live.clear();
    pending_live.shrink_to_fit();
    Linearizer& lin = thread_linearizer();
    for (size_t i = 0; i < count; ++i) {
      uint32_t id = static_cast<uint32_t>(first_new_state + i);
      ClassId cls = result.store.state(id).cls;
      if (next[i] || clone_ok[cls] == 0) continue;
      next[i] = rebuild(id);
      if (clone_ok[cls] < 0) clone_ok[cls] = copy_is_deep(cls, next[i], opt.omit) ? 1 : 0;
      // Rebuilding in the parent is also a determinism check against what the worker saw.
      const uint32_t* known = lin.run(cls, next[i].get()) ? result.store.find(lin.fingerprint(cls)) : nullptr;
      if (!known || *known != id) {
        add_nondeterminism(id);
        next[i].reset();
      }
    }
    for (size_t i = 0; i < count; ++i)
      if (next[i] && keep_all_live[result.store.state(static_cast<uint32_t>(first_new_state + i)).cls]) {
        if (kept_live.size() < first_new_state + count) kept_live.resize(first_new_state + count);
        kept_live[first_new_state + i] = next[i];
      }
    frontier_live = std::move(next);
    frontier_base = static_cast<uint32_t>(first_new_state);
    live_generation = iteration;
  }

  void add_nondeterminism(uint32_t state) {
    const StateRecord& rec = result.store.state(state);
    const Operation& op = api.operations()[result.store.sequence(rec.sequence).op];
    auto args = result.store.args(rec.sequence, op.params.size());
    add_finding(result.store.sequence(rec.sequence).op, args.data(), Outcome::Nondeterministic,
                "rebuilding the state gave a different state than the worker saw", -1);
  }
};

ExhaustiveGenerator::ExhaustiveGenerator(const Api& api, ExhaustiveOptions options)
    : impl_(std::make_unique<Impl>(api, std::move(options))) {}
ExhaustiveGenerator::~ExhaustiveGenerator() = default;

ExhaustiveResult ExhaustiveGenerator::run() {
  Impl& m = *impl_;
  using clock = std::chrono::steady_clock;
  auto started = clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(clock::now() - started).count(); };
  auto last_progress = started;
  WorkerPool pool(m.opt.workers, m.opt.isolate, m.opt.call_timeout_seconds, m.opt.job_size);
  m.result.stopped_by = "fixpoint";
  bool stop = false;
  for (m.iteration = 1; !stop; ++m.iteration) {
    m.plan_iteration();
    size_t states_before = m.result.store.state_count();
    size_t frontier = 0;
    for (ClassId c = 0; c < m.class_states.size(); ++c) frontier += m.class_states[c].size() - m.frontier_start[c];
    std::vector<std::vector<CrashNote>> crashes(m.jobs.size());
    std::vector<char> done(m.jobs.size(), 0);
    m.handed_over.assign(m.jobs.size(), {});
    pool.begin(
        m.jobs.size(), [&m](size_t j) { return m.jobs[j].lo; },
        [&m](size_t j, uint64_t first, JobRegion& region, std::atomic<uint64_t>& progress) {
          m.run_job(m.jobs[j], region, first, progress);
        });
    size_t next_merge = 0;
    while (next_merge < m.jobs.size()) {
      if ((m.opt.time_limit_seconds > 0 && elapsed() > m.opt.time_limit_seconds) ||
          (m.opt.interrupted && m.opt.interrupted->load())) {
        m.result.stopped_by = m.opt.interrupted && m.opt.interrupted->load() ? "interrupted" : "time limit";
        stop = true;
        break;
      }
      for (const auto& ev : pool.wait(0.25)) {
        if (ev.kind == WorkerPool::Event::Done) {
          done[ev.job] = 1;
          continue;
        }
        Outcome kind = ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout;
        crashes[ev.job].push_back({ev.at, kind, ev.what});
        m.note_failed_call(ev.job, ev.at);
        pool.resume(ev.job, ev.at + 1);  // the rest of the job, then on to the next ones
      }
      while (next_merge < m.jobs.size() && done[next_merge]) {
        m.merge(m.jobs[next_merge], pool.region(next_merge), crashes[next_merge]);
        m.handed_over[next_merge] = {};
        pool.release(next_merge);
        ++next_merge;
      }
      if (m.on_progress_due(clock::now(), last_progress) && progress_)
        progress_({m.iteration, frontier, m.result.store.state_count(), m.result.explored, elapsed()});
    }
    pool.end();
    m.remember_failed_calls();
    if (stop) m.result.store.seal();  // no next iteration: no live objects to prepare
    else m.finish_iteration(states_before);
    m.result.iterations = m.iteration;
    if (!stop && m.result.store.state_count() == states_before) break;
    if (!stop && m.iteration >= m.max_iterations()) {
      m.result.stopped_by = "iteration limit";
      stop = true;
    }
  }
  m.result.complete = !stop;
  m.result.seconds = elapsed();
  if (progress_)
    progress_({m.result.iterations, 0, m.result.store.state_count(), m.result.explored, m.result.seconds});
  return std::move(m.result);
}

}  // namespace objgen
