#include "gen/exhaustive/exhaustive.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "exec/checked_heap.hpp"
#include "exec/sequence.hpp"
#include "exec/worker_pool.hpp"
#include "gen/exhaustive/checkpoint.hpp"
#include "gen/exhaustive/exhaustive_impl.hpp"

namespace objgen::exhaustive {

using namespace detail;

uint64_t detail::next_run_id() {
  static std::atomic<uint64_t> counter{0};
  return ++counter;
}

namespace {

bool on_progress_due(std::chrono::steady_clock::time_point now, std::chrono::steady_clock::time_point& last) {
  if (now - last < std::chrono::seconds(1)) return false;
  last = now;
  return true;
}

}  // namespace

bool ExhaustiveGenerator::Impl::only_receivers_take_objects() const {
  for (uint32_t op : opt.operations) {
    const Operation& o = api.operations()[op];
    size_t objects = o.object_param_count();
    if (objects > 1 || (objects == 1 && !o.params[0].is_object())) return false;
  }
  return true;
}

ExhaustiveGenerator::Impl::Impl(const Api& a, ExhaustiveOptions o) : api(a), opt(std::move(o)) {
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
  plan.clone_ok.assign(classes, -1);
  lessons.clone_learned.assign(classes, -1);
  lessons.copy_check_crashed.assign(classes, 0);
  lessons.copy_crashed.assign(classes, 0);
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
size_t ExhaustiveGenerator::Impl::records_per_candidate() const {
  size_t most = 1;
  for (uint32_t op : opt.operations) most = std::max(most, api.operations()[op].params.size() + 1);
  return most;
}

int ExhaustiveGenerator::Impl::max_iterations() const {
  int cap = opt.max_iterations > 0 ? opt.max_iterations : 3 * static_cast<int>(opt.scope);
  return std::min(cap, 65000);  // iterations are stored in 16 bits
}

// At the fixpoint of a distributed run from scratch: if no iteration had a candidate for every
// rank, the ranks only repeated each other's work (a resumed run cannot tell: it saw only some).
void ExhaustiveGenerator::Impl::require_split(uint64_t widest) const {
  if (ranks() > 1 && result.resumed_after == 0 && widest < static_cast<uint64_t>(ranks()))
    throw TooSmallToSplit(
        fmt::format("scope {} is too small to split over {} ranks: its largest iteration has {} "
                    "candidate calls; run it with fewer ranks (or alone) or at a larger scope",
                    opt.scope, ranks(), widest));
}

const char* stop_reason_name(StopReason why) {
  switch (why) {
    case StopReason::Fixpoint:
      return "fixpoint";
    case StopReason::IterationLimit:
      return "iteration limit";
    case StopReason::TimeLimit:
      return "time limit";
    case StopReason::MemoryLimit:
      return "memory limit";
    case StopReason::Interrupted:
      return "interrupted";
    case StopReason::RankStopped:
      return "a rank stopped";
    case StopReason::Halted:
      return "halted";
  }
  return "?";
}

std::optional<StopReason> stop_reason_named(std::string_view name) {
  for (auto why : {StopReason::Fixpoint, StopReason::IterationLimit, StopReason::TimeLimit, StopReason::MemoryLimit,
                   StopReason::Interrupted, StopReason::RankStopped, StopReason::Halted})
    if (name == stop_reason_name(why)) return why;
  return std::nullopt;
}

// Why the run must stop now, or nothing.
std::optional<StopReason> ExhaustiveGenerator::Impl::stop_reason(double elapsed) const {
  if (opt.interrupted && opt.interrupted->load()) return StopReason::Interrupted;
  if (opt.time_limit_seconds > 0 && elapsed > opt.time_limit_seconds) return StopReason::TimeLimit;
  if (over_memory_limit()) return StopReason::MemoryLimit;
  return std::nullopt;
}

// The store's next growth counts too: it allocates the new table before freeing the old.
bool ExhaustiveGenerator::Impl::over_memory_limit() const {
  return opt.memory_limit_bytes > 0 && resident_set_bytes() + result.store.growth_bytes_ahead() > opt.memory_limit_bytes;
}

// What the workers learned about copies applies from the next iteration on; a class whose
// copy no worker could check (every check crashed) is rebuilt, not copied.
void ExhaustiveGenerator::Impl::finish_iteration(bool stopping) {
  if (!stopping) result.store.seal();  // after a stop nothing reads the sealed set: no growth
  return_freed_memory();               // the old tables, before the next iteration's grow
  for (size_t c = 0; c < plan.clone_ok.size(); ++c) {
    if (plan.clone_ok[c] < 0 && lessons.clone_learned[c] >= 0) plan.clone_ok[c] = lessons.clone_learned[c];
    if (plan.clone_ok[c] < 0 && lessons.copy_check_crashed[c]) plan.clone_ok[c] = 0;
  }
}

void ExhaustiveGenerator::Impl::report(Tick& t, size_t frontier) {
  if (on_progress_due(std::chrono::steady_clock::now(), t.last) && t.progress)
    t.progress({plan.iteration, frontier, result.store.state_count(), result.explored, t.elapsed()});
}

// This process alone: every job, merged as it finishes.
std::optional<StopReason> ExhaustiveGenerator::Impl::run_alone(WorkerPool& pool, Tick& tick) {
  std::vector<size_t> all(plan.jobs.size());
  for (size_t j = 0; j < all.size(); ++j) all[j] = j;
  return run_jobs(pool, all, tick, [&](size_t i, JobRegion& region, std::vector<CrashNote>& crashes) {
    merge(plan.jobs[all[i]], region, crashes);
    return true;
  });
}

void bucket_findings(std::vector<Finding>& findings) {
  std::vector<Finding> out;
  std::unordered_map<std::string, size_t> index;
  for (Finding& f : findings) {
    std::string key =
        finding_bucket(SequenceFinding{f.kind, f.op, f.message, {}, {}}) + ":" + std::to_string(f.slot) + (f.in_copy ? "c" : "");
    auto [it, fresh] = index.emplace(std::move(key), out.size());
    if (fresh) {
      out.push_back(std::move(f));
      continue;
    }
    Finding& kept = out[it->second];
    uint64_t hits = kept.hits + f.hits;
    if (!kept.reproducible && f.reproducible) kept = std::move(f);
    kept.hits = hits;
  }
  findings = std::move(out);
}

std::vector<SequenceFinding> replayable_findings(const Api& api, const ExhaustiveResult& result, const LiteralDomain& domain) {
  Replayer replayer(api, result.store, domain);
  std::vector<SequenceFinding> out;
  for (const Finding& f : result.findings)
    out.push_back({f.kind, f.op, f.message, replayer.flatten_call(f.op, f.args), domain, f.hits, f.in_copy ? -1 : f.slot});
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
    m.result.complete = m.result.stopped_by == StopReason::Fixpoint;
    m.result.seconds = elapsed();
    return std::move(m.result);
  }
  Impl::Tick tick{elapsed, clock::now(), progress_};
  ChildOptions workers;
  workers.code_under_test_loader = m.api.worker_setup();
  workers.memory_limit_bytes = m.opt.worker_memory_limit_bytes;
  WorkerPool pool(m.opt.workers, m.opt.isolate, m.opt.call_timeout_seconds, m.opt.job_size * m.records_per_candidate(),
                  m.opt.job_size * 256 + (1 << 20), workers);
  bool stop = false;
  uint64_t widest = 0;  // the most candidates of an iteration
  for (m.plan.iteration = m.result.iterations + 1; !stop; ++m.plan.iteration) {
    std::optional<StopReason> why = m.plan_iteration(elapsed);
    widest = std::max(widest, m.plan.candidate_count());
    size_t states_before = m.result.store.state_count();
    if (!why) why = m.opt.cluster ? m.run_rounds(pool, tick) : m.run_alone(pool, tick);
    // The last merges may have grown the store past what the last check saw: check before the seal.
    if (!why && m.over_memory_limit()) why = StopReason::MemoryLimit;
    if (m.opt.cluster) why = m.agreed_stop(why);
    stop = why.has_value();
    if (stop) m.result.stopped_by = *why;
    m.remember_failed_calls();
    m.finish_iteration(stop);
    m.result.iterations = m.plan.iteration;
    if (stop) break;  // a partly merged iteration is not a checkpoint
    bool fixpoint = m.result.store.state_count() == states_before;
    bool capped = !fixpoint && m.plan.iteration >= m.max_iterations();
    if (capped) m.result.stopped_by = StopReason::IterationLimit;
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

}  // namespace objgen::exhaustive
