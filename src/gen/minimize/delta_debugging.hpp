// Minimizing failing sequences (Zeller's delta debugging over calls, then simpler arguments).
//
// A finding's sequence is re-run in an isolated test worker (TestRunner) for every
// candidate: it reproduces when its last call ends the same way (same outcome kind, same
// operation, and the same message once numbers and addresses are left out: finding_bucket).
// Removing a call also removes the calls that use an object it built. The result is 1-minimal:
// removing any one call more loses the finding. Arguments are then simplified where the finding
// survives it: a literal to the first (smallest) value of its domain that still reproduces, an
// object to one built earlier, after which calls are removed again.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::minimize {

struct MinimizeOptions {
  double call_timeout_seconds = 1.0;
  size_t worker_memory_limit_bytes = 0;
  // Literal arguments index into their slot's values (exhaustive and random sequences), not
  // their kind's (evolve, params).
  bool enumerations = true;
  size_t max_runs = 2000;  // candidates run per finding at most; past it the result is not 1-minimal
  const std::atomic<bool>* interrupted = nullptr;
  // The command's time budget (evolve --budget): past it no candidate starts, and what was cut so
  // far is kept, not 1-minimal. The default: none.
  std::chrono::steady_clock::time_point deadline{};
  // Whether to stop after `runs` candidates: max_runs reached, interrupted, or past the deadline.
  bool out_of_budget(size_t runs) const {
    return runs >= max_runs || (interrupted && interrupted->load()) ||
           (deadline != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() >= deadline);
  }
};

struct Minimized {
  FlatSequence sequence;     // the original when it did not reproduce
  bool reproduced = false;   // the original sequence showed the finding in a test worker
  bool one_minimal = false;  // checked: no single call can go
  size_t original_calls = 0;
  size_t runs = 0;      // candidate sequences run
  std::string message;  // the finding as the test worker saw it
  // Cut from history (minimize_with_history): the calls of the worker's history replayed before
  // the sequence, and how many of them the sequence keeps (0: it was not).
  size_t history_calls = 0, history_kept = 0;
};

// The sequence without the calls `drop` marks, and without every call that then uses an object
// no remaining call built; nullopt when that removes the last call. Values are renumbered.
std::optional<FlatSequence> without_calls(const FlatSequence& seq, std::vector<bool> drop);

// Runs candidate sequences in test workers: for each, whether its last call ended with the
// finding's kind in the finding's operation, and the bucket of what it said.
class FindingOracle {
 public:
  struct Verdict {
    bool same_call = false;  // the last call ended with the finding's kind, in its operation
    std::string bucket;      // finding_bucket of that ending
    std::string message;
  };
  FindingOracle(const Api& api, const LiteralDomain& domain, const MinimizeOptions& options);
  ~FindingOracle();
  std::vector<Verdict> run(const SequenceFinding& finding, const std::vector<FlatSequence>& candidates);
  // One candidate run in a fresh worker after the test cases `before`, in the same worker: the
  // verdict on the candidate, same_call only when none of `before` died (which would have
  // replaced the worker).
  Verdict run_after(const SequenceFinding& finding, const std::vector<FlatSequence>& before, const FlatSequence& candidate);
  size_t runs() const { return runs_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  size_t runs_ = 0;
};

Minimized minimize_finding(const Api& api, const SequenceFinding& finding, FindingOracle& oracle, const MinimizeOptions& options);

}  // namespace objgen::minimize
