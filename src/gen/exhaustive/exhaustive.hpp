// Bounded-exhaustive generation from the API (BEAPI semantics, DESIGN.md).
//
// Iteration k applies every selected operation to every tuple of inputs in which at least one
// object was new in iteration k-1 (literal-only operations, such as constructors, run in every
// iteration, so that "explored" counts match BEAPI's: explored = structures x combinations +
// iterations for one-receiver builders). After each call
// the receiver, every object argument and the result are canonicalized; the call is kept iff one
// of them is a state not seen before. Misuse and out-of-scope calls are discarded, findings are
// reported, and generation stops after an iteration that finds nothing new.
//
// Work is split into jobs of consecutive candidates; workers (forked processes or threads) find
// the candidates new to them, and the parent merges jobs in candidate order, so the states, the
// sequences and the counts are identical for any number of workers.
//
// Distributed (options.cluster): every rank plans the same jobs; in rounds, each rank runs its
// share of a round's jobs on its own workers, asks the owners of the fingerprints its jobs found
// which states are the iteration's first (all-to-all), the ranks exchange the jobs' records
// (all-gather), and every rank merges all of them in candidate order. Every rank thus numbers the
// states as a single process does, and keeps the fingerprints of its own shard and, unless an
// operation takes objects besides its receiver, the records of the states it is home to (rank 0
// takes every record at the end; a checkpoint keeps each rank's in its file; docs/DISTRIBUTED.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exec/cluster.hpp"
#include "exec/executor.hpp"
#include "exec/sequence.hpp"
#include "heap/found_states.hpp"
#include "heap/state_store.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::exhaustive {

// Why a run ended: at its fixpoint (every state found) or at the first limit it met. Halted and
// RankStopped stay inside the engine (a merge that asked to stop; a rank that saw another stop).
enum class StopReason : uint8_t { Fixpoint, IterationLimit, TimeLimit, MemoryLimit, Interrupted, RankStopped, Halted };
// As reports, messages and checkpoints write it: "fixpoint", "iteration limit", "time limit"...
const char* stop_reason_name(StopReason why);
// The reason a name stands for (a checkpoint's), or none.
std::optional<StopReason> stop_reason_named(std::string_view name);

struct ExhaustiveOptions {
  uint32_t scope = 3;
  LiteralDomain domain = LiteralDomain::defaults(3);
  std::shared_ptr<const std::regex> omit;  // null: omit nothing
  std::string omit_pattern;                // omit's text: part of what identifies a checkpoint
  std::vector<uint32_t> operations;        // indices into Api::operations()
  ClassId target = 0;
  int workers = 1;
  bool isolate = true;
  double call_timeout_seconds = 2.0;
  double time_limit_seconds = 0;  // 0: none
  // BEAPI's cap: 3 x scope iterations (0). A class whose states never repeat (a counter that is
  // not omitted) would otherwise never reach a fixpoint; hitting the cap marks the run partial.
  int max_iterations = 0;
  size_t job_size = 16384;  // candidates per job
  // objgen's own resident memory: past it the run stops with a partial result (0: none).
  size_t memory_limit_bytes = 0;
  // What the code under test may add to a worker's address space; past it std::bad_alloc is an
  // out-of-memory finding (0: none).
  size_t worker_memory_limit_bytes = 0;
  const std::atomic<bool>* interrupted = nullptr;
  // A distributed run: every rank calls run() with the same options and gets the same result
  // (null: this process alone).
  Cluster* cluster = nullptr;
  // Where the run saves its state after every iteration, and resumes from (empty: nowhere).
  std::string checkpoint_dir;
};

struct Finding {
  Outcome kind;
  std::string message;
  uint32_t op;
  std::vector<ArgRef> args;  // the failing call: op applied to these
  int slot = -1;             // for invariant findings: which slot broke it
  bool in_copy = false;      // the failure is in copying the object in `slot` (its copy constructor)
  bool reproducible = true;  // false: it died only after other calls in the same worker
  uint16_t iteration = 0;
  uint64_t hits = 1;  // failing calls of this fault (bucket_findings)
};

// A distributed run whose every iteration had fewer candidates than there are ranks: nothing
// was split, so the ranks only repeated each other's work (thrown when the run ends).
struct TooSmallToSplit : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct ExhaustiveProgress {
  int iteration;
  size_t frontier;
  size_t states;
  uint64_t explored;
  double seconds;
};

struct ExhaustiveResult {
  StateStore store;
  std::vector<Finding> findings;
  uint64_t explored = 0;
  int iterations = 0;
  double seconds = 0;
  bool complete = false;
  int resumed_after = 0;  // the checkpointed iteration the run started from (0: from scratch)
  // Distributed: the bytes this rank sent to the others' all-gathers, and how many rounds.
  uint64_t sent_bytes = 0;
  uint64_t rounds = 0;
  double exchange_seconds = 0;  // in all-gathers (waiting for the slowest rank included)
  double merge_seconds = 0;     // merging every rank's records (the part no rank count divides)
  bool records_split = false;   // each rank held only its states' records (rank 0 has all at the end)
  StopReason stopped_by = StopReason::Fixpoint;
};

// One finding per fault: the engine reports every failing call, and at scope 3 one bug fails
// thousands. Findings of the same kind, operation, slot and message once numbers are left out
// (finding_bucket) become the first found (a reproducible one when there is one), counted in hits.
void bucket_findings(std::vector<Finding>& findings);

// The run's findings as stand-alone sequences (domain: the run's literal domain).
std::vector<SequenceFinding> replayable_findings(const Api& api, const ExhaustiveResult& result, const LiteralDomain& domain);

// The run's states as suites, oracles and probes read them: a view of both, which must outlive it.
inline FoundStates found_states(const ExhaustiveOptions& opt, const ExhaustiveResult& result) {
  return {result.store, opt.domain, opt.target, opt.operations};
}
FoundStates found_states(const ExhaustiveOptions&, ExhaustiveResult&&) = delete;

class ExhaustiveGenerator {
 public:
  ExhaustiveGenerator(const Api& api, ExhaustiveOptions options);
  ~ExhaustiveGenerator();
  void on_progress(std::function<void(const ExhaustiveProgress&)> f) { progress_ = std::move(f); }
  ExhaustiveResult run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::function<void(const ExhaustiveProgress&)> progress_;
};

}  // namespace objgen::exhaustive
