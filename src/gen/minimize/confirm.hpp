// Only what reproduces is a bug: a finding's sequence is replayed in a fresh confined worker, as
// its emitted test runs it (a process of its own), before it is reported as a bug of the class.
// A worker that runs thousands of calls can die of what earlier calls left behind (a static
// counter, a heap block damaged long before, a file descriptor leaked by another sequence): such a
// finding's test would pass on the code as it is, so it is listed apart with objgen's reason.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::minimize {

struct ConfirmOptions {
  double call_timeout_seconds = 1.0;
  size_t worker_memory_limit_bytes = 0;
  bool enumerations = true;  // literal arguments index into their slot's values (exhaustive, random)
  const std::atomic<bool>* interrupted = nullptr;
};

// For each finding, "" when its sequence, run alone in a fresh worker, ends in its last call (the
// finding's operation) with the finding's outcome kind (for a crash a crash, for an exception an
// exception, for a broken invariant a broken invariant); else why not ("its replay in a fresh
// process returned normally"). A finding without a sequence is never confirmed. A timeout is
// replayed with a longer limit (4 x the call timeout, at least 1 s more): a call that returns
// within it ran slow (a loaded machine) and is not a hang of the class.
// shown, when given: per confirmed finding, the message its replay ended with ("" for the others):
// what its test shows. A crash's signal and text may differ from the worker's (an assertion's
// abort, where a worker whose heap earlier calls damaged died of SIGSEGV printing it).
std::vector<std::string> confirm_findings(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                          const ConfirmOptions& options, std::vector<std::string>* shown = nullptr);

// The sequence followed by a call of `check` (an operation of one object parameter taken by
// reference, such as an invariant's contract check) on the object `value` numbers: how a finding
// about one object of a call's slots is replayed.
FlatSequence followed_by_check(const FlatSequence& sequence, uint32_t check, int value);

}  // namespace objgen::minimize
