// The exhaustive engine's state and its parts (internal to gen/exhaustive; exhaustive.hpp says
// what it does). ExhaustiveGenerator::Impl is defined by concern:
//   plan.cpp              an iteration's candidates, segments and jobs (IterationPlan)
//   job_worker.cpp        the worker side: a job's candidates, the live cache, rebuilds, copies
//   merge.cpp             the parent's merge of a job's records, in candidate order
//   findings.cpp          findings, and the blame of a worker's death
//   rank_exchange.cpp     distributed rounds: owners' decisions, records exchanged, gathered
//   checkpoint_state.cpp  the run's state saved after an iteration and loaded to resume
//   exhaustive.cpp        construction, the run loop, running an iteration's jobs alone
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "exec/worker_pool.hpp"
#include "gen/exhaustive/checkpoint.hpp"
#include "gen/exhaustive/exhaustive.hpp"
#include "gen/exhaustive/iteration_plan.hpp"
#include "gen/exhaustive/packed_job.hpp"
#include "io/byte_stream.hpp"

namespace objgen::exhaustive {
namespace detail {

uint64_t next_run_id();

struct WorkerScratch;  // live_cache.hpp

struct SlotValue {
  int param;  // parameter index, or -1 for the result
  ClassId cls;
  const Object* object;
};

// What a worker is doing for its candidate (set_worker_phase), so a death is blamed on the
// right step: the call itself (and destroying what it built), copying or rebuilding an input's
// state, reading (linearizing) what the call built, or checking whether its class copies deeply.
// CopyProbe: the copy check's own calls on copies (exec/object_copy): a death there blames no member.
enum class Phase : uint64_t { Call = 0, CopyState = 1, RebuildState = 2, CopyCheck = 3, Read = 4, DestroyState = 5, CopyProbe = 6 };
inline uint64_t phase(Phase p, uint32_t arg) { return static_cast<uint64_t>(p) << 32 | arg; }
// Set on every phase of a candidate when the worker ran other candidates before it: a death
// there may come from memory an earlier call damaged, so it is confirmed in a fresh worker first.
constexpr uint64_t kAfterOtherCalls = uint64_t{1} << 63;
inline Phase phase_kind(uint64_t ph) { return static_cast<Phase>((ph & ~kAfterOtherCalls) >> 32); }
inline uint32_t phase_arg(uint64_t ph) { return static_cast<uint32_t>(ph); }

inline thread_local uint64_t t_after_other_calls = 0;
inline void set_phase(uint64_t ph) { set_worker_phase(ph | t_after_other_calls); }
inline uint64_t current_phase() { return worker_phase(); }

// Written by the parent while workers run (merging their jobs, blaming their deaths), applied
// between iterations (threads read IterationPlan::clone_ok, which takes clone_learned then); a
// worker forked after a write sees it (copy_crashed, copy_check_crashed).
struct Lessons {
  std::vector<int8_t> clone_learned;  // what the workers' copy checks found, by class
  // A class whose copy check killed a worker: replacement workers (forked later) skip the check.
  std::vector<int8_t> copy_check_crashed;
  // A class one of whose copies killed a worker: replacement workers rebuild its objects instead.
  std::vector<int8_t> copy_crashed;
  // Literal-only calls that crashed or hung in this iteration (IterationPlan::failed_literal_calls
  // takes them when it ends).
  std::vector<std::pair<uint32_t, uint64_t>> failing_now;
  std::vector<std::pair<uint32_t, uint64_t>> failing_on_ranks;  // every rank's failing_now, as received
};

// Written by the parent only: what it reported, and the deaths it is confirming.
struct ParentBook {
  FingerprintSet reported_states;  // invariant findings already reported
  std::set<uint32_t> reported_nondeterministic;
  std::map<std::pair<uint32_t, std::string>, size_t> reported_calls;  // (op, message) -> finding
  // A crash of a call that ran after others in the same worker is not blamed at once: the
  // candidate runs again, first in a fresh worker. Crashing there too confirms it (that death
  // is reported as usual); else the first death is reported as not reproducible alone.
  std::map<std::pair<size_t, uint64_t>, CrashNote> unconfirmed;
  std::map<size_t, uint64_t> retried;             // per job
  std::map<uint32_t, SubjectCall> subject_calls;  // split records: states of a round's findings
};

}  // namespace detail

struct ExhaustiveGenerator::Impl {
  using IterationPlan = detail::IterationPlan;
  using OpSpace = detail::OpSpace;
  using Segment = detail::Segment;
  using Job = detail::Job;
  using SlotValue = detail::SlotValue;
  using WorkerScratch = detail::WorkerScratch;

  const Api& api;
  ExhaustiveOptions opt;
  ExhaustiveResult result;
  // Per iteration, frozen while workers run: the worker side (const) reads it, planning writes it.
  IterationPlan plan;
  const uint64_t run_id = detail::next_run_id();  // tells this run's per-thread caches from another's
  detail::Lessons lessons;
  // Per class, read without the registry lock; taken again in a worker whose harness bound the
  // classes objgen's process knows as shells (model/class_shells.hpp).
  mutable std::vector<Object (*)(const void*)> clone_fn;
  mutable size_t clone_fn_binds = 0;
  detail::ParentBook book;

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

  const Operation& op_of(const OpSpace& s) const { return api.operations()[s.op]; }

  int ranks() const { return opt.cluster ? opt.cluster->size() : 1; }
  // Job and round sizes must be the same on every rank: they come from every rank's workers
  // (agree_with_ranks), not from this rank's.
  int all_workers() const { return opt.cluster ? ranks_workers : opt.workers; }
  int ranks_workers = 1;      // the workers of all ranks
  int most_rank_workers = 1;  // the most workers a rank has

  // The parameter index (or -1 for the result) of the j-th slot value of op.
  static int values_slot(const Operation& op, size_t j) {
    for (size_t i = 0; i < op.params.size(); ++i)
      if (op.params[i].is_object() && !op.params[i].consumed() && j-- == 0) return static_cast<int>(i);
    return -1;
  }

  // Progress reports, at most one a second.
  struct Tick {
    std::function<double()> elapsed;
    std::chrono::steady_clock::time_point last;
    const std::function<void(const ExhaustiveProgress&)>& progress;
  };
  // Deaths are rare: they are kept by job, not in a slot per job (an iteration can have billions).
  using CrashesByJob = std::unordered_map<size_t, std::vector<CrashNote>>;
  // Ends the message of a death that was not confirmed in a fresh worker (add_unconfirmed).
  static constexpr const char* kNotAlone =
      " (after other calls in the same worker, not when run first in a fresh one: "
      "an earlier call may have damaged that worker's memory)";

  // exhaustive.cpp: construction, limits, the run loop's steps
  Impl(const Api& a, ExhaustiveOptions o);
  bool only_receivers_take_objects() const;
  size_t records_per_candidate() const;
  int max_iterations() const;
  void require_split(uint64_t widest) const;
  std::optional<StopReason> stop_reason(double elapsed) const;
  bool over_memory_limit() const;
  void finish_iteration(bool stopping);
  void report(Tick& t, size_t frontier);
  template <class DoneJob>
  std::optional<StopReason> run_jobs(WorkerPool& pool, const std::vector<size_t>& mine, Tick& tick, DoneJob done_job);
  std::optional<StopReason> run_alone(WorkerPool& pool, Tick& tick);

  // plan.cpp
  std::optional<StopReason> plan_iteration(const std::function<double()>& elapsed);
  uint32_t first_state_of(int it) const;
  std::optional<StopReason> plan_jobs(const std::function<double()>& elapsed);

  // job_worker.cpp: runs in workers, never in the parent. The inline ones are called in that file
  // only, for every candidate: they are inlined into the candidate loop as when all of this was
  // one file (a definition out of the class is no inlining hint, and LTO alone does not inline them).
  struct JobScratch;
  struct CopyBits;
  inline bool runs_here(const OpSpace& s, const ArgRef* refs, size_t job) const;
  inline WorkerScratch& scratch() const;
  inline const Object* live_of(uint32_t state) const;
  inline Object rebuild(uint32_t state, bool check) const;
  inline bool same_state(ClassId cls, const Object& obj, uint32_t state) const;
  inline Object fresh_copy(uint32_t state) const;
  inline Outcome execute(const OpSpace& s, const ArgRef* refs, std::vector<Object>& objects, std::vector<Arg>& args, CallResult& res,
                         std::string* message) const;
  inline Linearizer& thread_linearizer() const;
  void take_clone_functions() const;
  void run_job(size_t j, JobRegion& region, uint64_t first, WorkerProgress& progress) const;
  inline void run_segment(const Segment& sg, uint64_t from, uint64_t to, JobRegion& region, WorkerProgress& progress, JobScratch& js) const;
  inline void collect_new_states(const OpSpace& s, uint64_t pos, const std::vector<Object>& objects, const CallResult& res, Linearizer& lin,
                                 HotFingerprints& hot, JobScratch& js) const;
  inline bool known_before(const Fingerprint& fp, HotFingerprints& hot) const;
  inline void check_copy(const SlotValue& v, size_t j, CopyBits& r) const;

  // merge.cpp: the parent side (the inline ones: called in that file only, for every record)
  void merge(const Job& job, JobRegion& region, std::vector<CrashNote>& crashes);
  uint64_t explored_by(size_t j, JobRegion& region) const;
  template <class Records>
  void merge_records(const Job& job, const Records& records, std::vector<CrashNote>& crashes, uint64_t explored);
  inline void prefetch_new_states(const CandidateRecord& r) const;
  inline void merge_record(const CandidateRecord& r, const std::string& text);
  inline void learn_copies(const Operation& op, const CandidateRecord& r);
  inline bool home_here(const OpSpace& s, const ArgRef* refs, uint32_t id) const;
  inline void record_new_states(const OpSpace& s, uint64_t idx, const CandidateRecord& r, ArgRef* refs);

  // findings.cpp
  void note_failed_call(uint64_t pos);
  void remember_failed_calls();
  bool confirm_first(const WorkerPool::Event& ev, Outcome kind);
  void add_unconfirmed(size_t job, std::vector<CrashNote>& crashes);
  bool blame_copy(uint64_t pos, uint64_t ph);
  void add_death_finding(const CrashNote& c);
  void add_call_finding(const OpSpace& s, uint64_t candidate, Outcome kind, const std::string& what, int slot = -1, bool in_copy = false);
  void add_state_finding(uint32_t state, Outcome kind, const std::string& what, bool in_copy);
  void attach_subjects(PackedJob& p) const;
  SubjectCall subject_call(uint32_t state) const;
  bool first_report(uint32_t op, Outcome kind, const std::string& what);
  void add_finding(uint32_t op, const ArgRef* refs, Outcome kind, const std::string& what, int slot, bool in_copy = false);
  void on_death(WorkerPool& pool, const WorkerPool::Event& ev, size_t job, CrashesByJob& crashes);

  // rank_exchange.cpp
  std::optional<StopReason> run_rounds(WorkerPool& pool, Tick& tick);
  void ask_owners(std::vector<PackedJob>& held);
  std::vector<std::string> decide_owned(const std::vector<std::string>& from) const;
  void put_learned(ByteWriter& w);
  void get_learned(ByteReader& r);
  bool merge_round(const std::vector<std::string>& from, size_t first, size_t last);
  void gather_records();
  StateStore::Call read_call(ByteReader& r, ArgRef* args) const;
  void agree_with_ranks(const std::string& run_lines);
  std::optional<StopReason> agreed_stop(std::optional<StopReason> mine);

  // checkpoint_state.cpp
  void save_checkpoint(const CheckpointDir& dir, CheckpointManifest& manifest, bool complete);
  void save_state(ByteWriter& w) const;
  void load_state(const CheckpointDir& dir, const CheckpointManifest& manifest);
  void load_findings(ByteReader& r);
  void load_learned(ByteReader& r);
  void load_fingerprints(const CheckpointDir& dir, const CheckpointManifest& manifest, bool split, bool mine_only);
  void load_rank_records(std::string_view bytes, StateStore& into) const;
  void densify_from(const std::vector<StateStore>& donors);
  void hold_every_record();
  void check_loaded_ids() const;
  void check_loaded_args(uint32_t op, const ArgRef* args, uint32_t before, const char* what) const;
};

// Runs `mine` (global job indices, ascending) on the pool and hands each finished job, in
// order, to done_job(index in mine, region, its deaths), which says whether to go on. Returns
// why it stopped early (Halted when done_job said so), or nothing. (Here: run_alone and run_rounds
// both instantiate it.)
template <class DoneJob>
std::optional<StopReason> ExhaustiveGenerator::Impl::run_jobs(WorkerPool& pool, const std::vector<size_t>& mine, Tick& tick,
                                                              DoneJob done_job) {
  CrashesByJob crashes;
  std::vector<char> done(mine.size(), 0);
  size_t frontier = plan.frontier_size();
  pool.begin(
      mine.size(), [&](size_t i) { return plan.jobs[mine[i]].lo; },
      [&](size_t i, uint64_t first, JobRegion& region, WorkerProgress& progress) { run_job(mine[i], region, first, progress); },
      [&](size_t i) { return plan.jobs[mine[i]].hi; });
  std::optional<StopReason> why;
  for (size_t next = 0; next < mine.size() && !why;) {
    if ((why = stop_reason(tick.elapsed()))) break;
    for (const auto& ev : pool.wait(0.25)) {
      if (ev.kind == WorkerPool::Event::Done)
        done[ev.job] = 1;
      else
        on_death(pool, ev, mine[ev.job], crashes);
    }
    for (; next < mine.size() && done[next] && !why; ++next) {
      if (!done_job(next, pool.region(next), crashes[mine[next]])) why = StopReason::Halted;
      crashes.erase(mine[next]);
      pool.release(next);
    }
    report(tick, frontier);
  }
  pool.end();
  return why;
}

}  // namespace objgen::exhaustive
