#include "gen/random/random_generator.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "exec/object_copy.hpp"
#include "exec/worker_pool.hpp"
#include "model/rng.hpp"
#include "heap/field_extensions.hpp"
#include "heap/state_store.hpp"

namespace objgen::random {
namespace {

struct PoolEntry {
  Object object;
  Fingerprint fp;
  uint32_t state;  // in the run's store: how it was built
};

class RandomRun {
 public:
  RandomRun(const Api& api, const RandomOptions& opt, WorkerProgress* progress)
      : api_(api),
        opt_(opt),
        progress_(progress),
        rng_(opt.seed),
        lin_(opt.scope, opt.omit),
        extensions_(opt.scope, opt.omit),
        pools_(registered_class_count()),
        copy_deep_(registered_class_count(), -1),
        skip_(opt.skip_calls),
        failures_(api.operations().size(), 0),
        contract_rng_(opt.seed ^ 0x636f6e7472616374ull),
        checks_(registered_class_count()),
        check_crashes_(api.operations().size(), 0),
        crash_counted_at_(api.operations().size(), UINT64_MAX) {
    std::sort(skip_.begin(), skip_.end());
    if (opt.history_calls > 0 && (!skip_.empty() || !opt.contract_crashes.empty())) {
      recent_.resize(kRecentCalls);
      histories_.resize(api.operations().size(), 0);
    }
    for (uint32_t c : opt.contract_checks) checks_[api.operations()[c].owner].push_back(c);
    for (ClassId c : opt.no_copy)
      if (c < copy_deep_.size()) copy_deep_[c] = 0;
    result_.effects.resize(api.operations().size());
  }

  RandomResult run() {
    auto start = std::chrono::steady_clock::now();
    std::vector<uint32_t> ready;
    for (uint64_t call = 0; opt_.max_calls == 0 || call < opt_.max_calls; ++call) {
      if ((call & 63) == 0 && out_of_time(call, start)) break;
      if (call > opt_.end_after_call) break;
      if (opt_.max_states && store_.state_count() >= opt_.max_states) break;
      ready_operations(ready);
      if (ready.empty()) break;  // nothing can be called: no constructor among the operations
      uint32_t op = ready[rng_.below(ready.size())];
      draw_inputs(op);
      if (progress_) progress_->store(call, std::memory_order_relaxed);
      result_.calls = call + 1;
      if (std::find(opt_.note_calls.begin(), opt_.note_calls.end(), call) != opt_.note_calls.end())
        result_.skipped.push_back({call, op, this_call_sequence(op), true});
      if (std::binary_search(skip_.begin(), skip_.end(), call)) {
        result_.skipped.push_back({call, op, this_call_sequence(op), false, history(op)});
        ++failures_[op];
        continue;
      }
      step(op);
    }
    result_.seconds = seconds_since(start);
    result_.field_extensions = extensions_.size();
    if (opt_.keep_states) {
      result_.store = std::make_shared<StateStore>(std::move(store_));
      broken_.resize(result_.store->state_count(), 0);
      result_.broken = std::move(broken_);
    }
    return std::move(result_);
  }

 private:
  bool out_of_time(uint64_t call, std::chrono::steady_clock::time_point start) const {
    if (opt_.stop_at != std::chrono::steady_clock::time_point{})
      return call >= opt_.resume_at && std::chrono::steady_clock::now() >= opt_.stop_at;
    return opt_.time_limit_seconds > 0 && seconds_since(start) >= opt_.time_limit_seconds;
  }

  static double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

  void ready_operations(std::vector<uint32_t>& ready) const {
    ready.clear();
    for (uint32_t op : opt_.operations) {
      bool ok = opt_.quarantine_after == 0 || failures_[op] < opt_.quarantine_after;
      for (const SlotType& p : api_.operations()[op].params)
        if (p.is_object() && pools_[p.cls].empty()) ok = false;
      if (ok) ready.push_back(op);
    }
  }

  // Chooses pool entries and literal indices for op's parameters (all draws happen before the
  // skip check, so a skipped call leaves the random stream exactly as a run call would).
  void draw_inputs(uint32_t op) {
    const Operation& o = api_.operations()[op];
    picks_.resize(o.params.size());
    refs_.resize(o.params.size());
    for (size_t i = 0; i < o.params.size(); ++i) {
      const SlotType& p = o.params[i];
      picks_[i] = p.is_object() ? rng_.below(pools_[p.cls].size()) : rng_.below(opt_.domain.of(p).size());
      refs_[i] = p.is_object() ? ArgRef::state(pools_[p.cls][picks_[i]].state) : ArgRef::literal(static_cast<uint32_t>(picks_[i]));
    }
  }

  bool copyable(ClassId cls, const Object& obj) {
    if (copy_deep_[cls] < 0) {
      set_worker_phase(kRandomPhaseCopy | cls);
      CopyProbe probe{&api_, opt_.operations, &opt_.domain, opt_.scope, kRandomPhaseCopyProbe | cls};
      copy_deep_[cls] = copy_is_deep(cls, obj, opt_.omit, probe) ? 1 : 0;
      set_worker_phase(0);
    }
    return copy_deep_[cls] == 1;
  }

  Object copy_of(ClassId cls, const Object& obj) {
    set_worker_phase(kRandomPhaseCopy | cls);
    Object copy = class_vtable(cls).clone(obj.get());
    set_worker_phase(0);
    return copy;
  }

  void step(uint32_t op) {
    current_op_ = op;
    const Operation& o = api_.operations()[op];
    size_t n = o.params.size();
    objects_.assign(n, nullptr);
    args_.assign(n, Arg{});
    before_.resize(n);
    before_state_.resize(n);
    lent_.assign(n, 0);
    call_sequence_ = UINT32_MAX;
    taken_.clear();
    for (size_t i = 0; i < n; ++i) {
      const SlotType& p = o.params[i];
      if (p.is_literal()) {
        args_[i].lit = &opt_.domain.of(p)[picks_[i]];
        continue;
      }
      PoolEntry& e = pools_[p.cls][picks_[i]];
      before_[i] = e.fp;
      before_state_[i] = e.state;
      // A class without a deep copy lends its object itself, and so does every class to a
      // parameter that cannot change it (const reference or pointer: no copy to make); it leaves
      // the pool (its state is still known), and whatever state the call leaves it in may come
      // back (a mutable member can change it).
      bool read_only = p.passing == Passing::ConstRef || p.passing == Passing::ConstPtr;
      lent_[i] = read_only || !copyable(p.cls, e.object);
      if (!lent_[i]) {
        objects_[i] = copy_of(p.cls, e.object);
      } else {
        objects_[i] = e.object;
        taken_.push_back({p.cls, picks_[i]});
      }
      args_[i].obj = &objects_[i];
    }
    release_taken();
    remember(op, refs_);
    CallResult res;
    Outcome outcome = execute_call(o, args_.data(), res, api_.misuse(), &message_);
    if (outcome == Outcome::Normal)
      record_normal(op, res);
    else
      return_unchanged_lent(o);
    if (outcome == Outcome::Misuse) ++result_.effects[op].misuse;
    if ((outcome == Outcome::Failure && opt_.report_failures) || outcome == Outcome::OutOfMemory)
      note_finding(outcome, op, message_, [&] { return this_call_sequence(op); });
    // The inputs die here, while progress still names this call: a destructor that crashes is
    // this call's finding.
    for (auto& obj : objects_) obj.reset();
    res.object.reset();
  }

  void record_normal(uint32_t op, const CallResult& res) {
    const Operation& o = api_.operations()[op];
    size_t n = o.params.size();
    OperationEffect& effect = result_.effects[op];
    ++effect.normal;
    bool changed = false;
    for (size_t i = 0; i < n; ++i) {
      const SlotType& p = o.params[i];
      if (!p.is_object() || p.passing == Passing::Value) continue;
      if (p.consumed() || !objects_[i]) {
        changed = true;
        continue;
      }
      bool in_scope = lin_.run(p.cls, objects_[i].get());
      bool same = in_scope && lin_.fingerprint(p.cls) == before_[i];
      if (!same) changed = true;
      if (same && lent_[i])
        give_back(i);
      else if (in_scope && !lent_twice(i))
        offer(p.cls, objects_[i], op, static_cast<uint8_t>(i));
    }
    if (changed) ++effect.changed_input;
    if (res.has_object) {
      ++effect.returned_object;
      if (lin_.run(o.result.cls, res.object.get())) offer(o.result.cls, res.object, op, kResultSlot);
    }
  }

  // After a call that did not return normally: lent objects it did not change go back.
  void return_unchanged_lent(const Operation& o) {
    for (size_t i = 0; i < o.params.size(); ++i) {
      const SlotType& p = o.params[i];
      if (!p.is_object() || p.consumed() || !lent_[i] || !objects_[i]) continue;
      if (lin_.run(p.cls, objects_[i].get()) && lin_.fingerprint(p.cls) == before_[i]) give_back(i);
    }
  }

  // A lent object whose state the call left unchanged goes back to the pool (its state is known,
  // so offer() would not take it, and its class would run out of objects), once when it was lent
  // to two parameters.
  void give_back(size_t i) {
    if (lent_twice(i)) return;
    const SlotType& p = api_.operations()[current_op_].params[i];
    pools_[p.cls].push_back({objects_[i], before_[i], before_state_[i]});
  }
  bool lent_twice(size_t i) const {
    for (size_t k = 0; k < i; ++k)
      if (lent_[k] && objects_[k] == objects_[i]) return true;
    return false;
  }

  // Removes lent entries from their pools (highest index first, so indices stay valid; an entry
  // lent to two parameters is removed once).
  void release_taken() {
    std::sort(taken_.begin(), taken_.end(), [](auto a, auto b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    taken_.erase(std::unique(taken_.begin(), taken_.end()), taken_.end());
    for (auto [cls, idx] : taken_) {
      auto& pool = pools_[cls];
      std::swap(pool[idx], pool.back());
      pool.pop_back();
    }
  }

  // obj was just linearized by lin_: adds it to the pool if its state is new.
  void offer(ClassId cls, const Object& obj, uint32_t op, uint8_t slot) {
    Fingerprint fp = lin_.fingerprint(cls);
    if (const uint32_t* known = store_.find(fp)) {
      // A class whose objects are lent, not copied, needs objects more than states: a call that
      // takes two of them (a handle's push_back(other)) lent one object twice would only ever
      // link it into itself.
      if (!copyable(cls, obj) && pools_[cls].size() < kLentSpares && !is_broken(*known)) pools_[cls].push_back({obj, fp, *known});
      return;
    }
    if (call_sequence_ == UINT32_MAX) call_sequence_ = store_.add_sequence(op, std::span<const ArgRef>(refs_.data(), refs_.size()));
    uint32_t state = store_.add_state(fp, call_sequence_, slot, cls, 0);
    uint32_t size = 0;
    if (cls == opt_.target)
      for (uint32_t c : lin_.class_counts()) size += c;
    // A state that broke a contract still joins the pool (further states may break others)
    // unless the check changed it or it broke the invariant.
    if (!contracts_hold(cls, obj, op, state) && (invariant_broken_ || !lin_.run(cls, obj.get()) || lin_.fingerprint(cls) != fp)) {
      if (broken_.size() <= state) broken_.resize(state + 1, 0);
      broken_[state] = 1;
      return;
    }
    ++result_.states;
    if (cls == opt_.target) {
      ++result_.target_states;
      result_.largest_object = std::max(result_.largest_object, size);
    }
    if (opt_.field_extensions) extensions_.add(cls, obj.get());
    pools_[cls].push_back({copyable(cls, obj) ? copy_of(cls, obj) : obj, fp, state});
  }

  // The state just stored as `state` (obj) against its class's contract checks, or its
  // invariant when it has none.
  bool contracts_hold(ClassId cls, const Object& obj, uint32_t op, uint32_t state) {
    invariant_broken_ = false;
    if (checks_[cls].empty()) {
      const ClassInfo* info = opt_.check_invariant ? api_.find_class(cls) : nullptr;
      std::string why;
      if (!info || invariant_holds(*info, obj.get(), &why)) return true;
      invariant_broken_ = true;
      note_finding(Outcome::InvariantBroken, op, why, [&] { return this_call_sequence(op); });
      return false;
    }
    for (uint32_t check : checks_[cls])
      if (!contract_holds(check, obj, state)) return false;
    return true;
  }

  bool contract_holds(uint32_t check, const Object& obj, uint32_t state) {
    const Operation& c = api_.operations()[check];
    size_t n = c.params.size();
    check_objects_.assign(n, nullptr);
    check_args_.assign(n, Arg{});
    check_refs_.resize(n);
    for (size_t i = 0; i < n; ++i) {  // every draw before the crash check: see draw_inputs
      const SlotType& p = c.params[i];
      const auto& pool = pools_[p.cls];
      if (p.is_literal()) {
        uint64_t k = contract_rng_.below(opt_.domain.of(p).size());
        check_args_[i].lit = &opt_.domain.of(p)[k];
        check_refs_[i] = ArgRef::literal(static_cast<uint32_t>(k));
      } else if (i == 0 || pool.empty()) {
        check_objects_[i] = obj;
        check_refs_[i] = ArgRef::state(state);
      } else {
        const PoolEntry& e = pool[contract_rng_.below(pool.size())];
        check_objects_[i] = e.object;
        check_refs_[i] = ArgRef::state(e.state);
      }
      if (!p.is_literal()) check_args_[i].obj = &check_objects_[i];
    }
    uint64_t call = result_.calls - 1;
    if (ending_) return true;  // past end_after_call's death: nothing more runs
    if (opt_.quarantine_after && check_crashes_[check] >= opt_.quarantine_after) return true;
    for (auto [at, op] : opt_.contract_crashes)
      if (at == call && op == check) {
        result_.skipped.push_back({call, check, contract_sequence(check), true, history(check)});
        if (crash_counted_at_[check] != call) ++check_crashes_[check];  // once per call, as it crashed once
        crash_counted_at_[check] = call;
        ending_ = ending_ || (call == opt_.end_after_call && is_last_crash(call, check));
        return true;
      }
    remember(check, check_refs_);
    CallResult res;
    set_worker_phase(kRandomPhaseContract | check);
    Outcome outcome = execute_call(c, check_args_.data(), res, api_.misuse(), &message_);
    set_worker_phase(0);
    check_objects_.clear();
    if (outcome == Outcome::Normal || outcome == Outcome::Misuse) return true;
    invariant_broken_ = invariant_broken_ || outcome == Outcome::InvariantBroken;
    if (outcome != Outcome::Failure || opt_.report_failures)
      note_finding(outcome, check, message_, [&] { return contract_sequence(check); });
    return false;
  }

  bool is_last_crash(uint64_t call, uint32_t check) const {
    return !opt_.contract_crashes.empty() && opt_.contract_crashes.back() == std::pair<uint64_t, uint32_t>{call, check};
  }

  FlatSequence contract_sequence(uint32_t check) const { return Replayer(api_, store_, opt_.domain).flatten_call(check, check_refs_); }

  // Counts the finding in its bucket; keeps its sequence (made by make_sequence) if it is the
  // bucket's first or shortest.
  template <class MakeSequence>
  void note_finding(Outcome kind, uint32_t op, const std::string& message, MakeSequence&& make_sequence) {
    SequenceFinding f{kind, op, message, {}, {}};
    std::string bucket = finding_bucket(f);
    for (size_t i = 0; i < result_.findings.size(); ++i)
      if (buckets_[i] == bucket) {
        SequenceFinding& known = result_.findings[i];
        ++known.hits;
        if (known.hits > 64) return;  // long since as short as the run's sequences get
        f.sequence = make_sequence();
        if (f.sequence.calls.size() < known.sequence.calls.size()) {
          known.sequence = std::move(f.sequence);
          known.message = f.message;
        }
        return;
      }
    f.sequence = make_sequence();
    f.domain = opt_.domain;
    buckets_.push_back(std::move(bucket));
    result_.findings.push_back(std::move(f));
  }

  // The calls that built the drawn inputs, then op on them.
  FlatSequence this_call_sequence(uint32_t op) const { return Replayer(api_, store_, opt_.domain).flatten_call(op, refs_); }

  // Notes a call about to run (contract checks included), in a run that will describe what ran
  // before its skipped calls: copies into the ring's own vectors, so no allocation once warm.
  void remember(uint32_t op, const std::vector<ArgRef>& refs) {
    if (recent_.empty()) return;
    RecentCall& r = recent_[recent_next_];
    r.op = op;
    r.refs.assign(refs.begin(), refs.end());
    recent_next_ = (recent_next_ + 1) % recent_.size();
    recent_count_ = std::min(recent_count_ + 1, recent_.size());
  }

  // The calls this process ran before the current one (of op), oldest first, each flattened with
  // the calls that built its inputs: the latest that fit in opt_.history_calls calls, for the
  // first kHistories skipped calls of each operation (later ones are the same faults again), and
  // kHistoriesPerRun in all (the result crosses to the parent in a region of bounded size).
  std::vector<FlatSequence> history(uint32_t op) {
    std::vector<FlatSequence> out;
    if (recent_.empty() || histories_[op] >= kHistories || histories_total_ >= kHistoriesPerRun) return out;
    ++histories_[op];
    ++histories_total_;
    Replayer replayer(api_, store_, opt_.domain);
    size_t calls = 0;
    for (size_t k = 1; k <= recent_count_; ++k) {
      const RecentCall& r = recent_[(recent_next_ + recent_.size() - k) % recent_.size()];
      FlatSequence s = replayer.flatten_call(r.op, r.refs);
      calls += s.calls.size();
      if (calls > opt_.history_calls) break;
      out.push_back(std::move(s));
    }
    std::reverse(out.begin(), out.end());
    return out;
  }

  const Api& api_;
  const RandomOptions& opt_;
  WorkerProgress* progress_;
  Rng rng_;
  Linearizer lin_;
  FieldExtensions extensions_;
  StateStore store_;                           // every state the pool ever held, with the call that built it
  std::vector<std::vector<PoolEntry>> pools_;  // by class
  std::vector<int8_t> copy_deep_;              // by class: -1 unknown
  std::vector<uint64_t> skip_;
  RandomResult result_;
  // Per-call scratch, kept to avoid allocating on every call.
  std::vector<uint64_t> picks_;
  std::vector<uint32_t> failures_;  // per operation: skipped calls so far
  std::vector<Object> objects_;
  std::vector<Arg> args_;
  std::vector<Fingerprint> before_;
  std::vector<uint32_t> before_state_;
  std::vector<ArgRef> refs_;    // the call's arguments as store references
  uint32_t call_sequence_ = 0;  // the call's node in store_, made when it first offers a state
  std::vector<std::pair<ClassId, uint64_t>> taken_;
  std::vector<uint8_t> lent_;  // per parameter: the pool's object itself, not a copy
  uint32_t current_op_ = 0;
  std::string message_;
  Rng contract_rng_;
  std::vector<std::vector<uint32_t>> checks_;  // contract checks by class
  std::vector<Object> check_objects_;
  std::vector<Arg> check_args_;
  std::vector<ArgRef> check_refs_;
  std::vector<uint8_t> broken_;  // by state: broke the invariant or a contract
  bool is_broken(uint32_t state) const { return state < broken_.size() && broken_[state]; }
  // Objects of a known state a lent class keeps in its pool, at most (RandomGenerator::offer).
  static constexpr size_t kLentSpares = 8;
  std::vector<uint32_t> check_crashes_;     // by operation: contract checks skipped after crashing
  bool ending_ = false;                     // the run's last death (end_after_call's) is described
  std::vector<uint64_t> crash_counted_at_;  // by operation: the call its last crash was counted at
  bool invariant_broken_ = false;           // the last contracts_hold found the invariant broken
  struct RecentCall {
    uint32_t op = 0;
    std::vector<ArgRef> refs;
  };
  static constexpr size_t kRecentCalls = 1024, kHistories = 2, kHistoriesPerRun = 16;
  std::vector<RecentCall> recent_;  // a ring of the last calls run (see remember); empty: not kept
  size_t recent_next_ = 0, recent_count_ = 0, histories_total_ = 0;
  std::vector<uint8_t> histories_;    // by operation: skipped calls described with their history
  std::vector<std::string> buckets_;  // finding_bucket of each finding
};

}  // namespace

RandomResult run_random(const Api& api, const RandomOptions& options, WorkerProgress* progress) {
  if (!options.leak_pool_at_end) return RandomRun(api, options, progress).run();
  auto* run = new RandomRun(api, options, progress);  // never destroyed: see leak_pool_at_end
  return run->run();
}

}  // namespace objgen::random
