// Whether a finding is the library's bug or the caller's: objgen calls members on objects and
// with values no careful caller would use, so a crash can be a precondition the sequence broke
// (front() of an empty container). Decided from behaviour, never from names: the library's own
// assertion failed; the member crashes on an object no call changed since its constructor and
// returns normally, with the same arguments, on states the run built; or the call ran out of time
// or memory given a huge count (a -1 that reaches an unsigned size as 2^64 - 1), or after an
// earlier call was given one, and the sequence ends normally given the other values tried. Such findings are likely precondition
// violations, listed apart with the evidence; every other finding is a bug.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::minimize {

enum class Blame { Bug, Precondition };

// The evidence of a finding whose precondition probes objgen's time limit cut: set apart with the
// likely preconditions (its failure suite test would rest on evidence objgen did not gather).
inline constexpr const char* kNotProbedInTime =
    "not probed for a precondition: objgen's time limit (--time-limit, --budget) ended first; a longer limit decides whether it is a bug";

struct FindingBlame {
  Blame blame = Blame::Bug;
  std::string evidence;  // why it is a precondition violation; empty for a bug
};

struct BlameOptions {
  double call_timeout_seconds = 1.0;
  size_t worker_memory_limit_bytes = 0;
  const std::atomic<bool>* interrupted = nullptr;
  bool enumerations = true;  // literal arguments index into their slot's values
  size_t probed_states = 4;  // states the failing member is called on, per finding
  // All of the run's findings when blame_findings is given some of them: how many members throw
  // each exception type is counted over these.
  const std::vector<SequenceFinding>* run_findings = nullptr;
};

// `state` followed by `op` called on its object (the receiver, args[0], is set to it; the other
// arguments as given: literal indices): a member tried on a state the run built.
FlatSequence call_on_state(const Api& api, FlatSequence state, uint32_t op, std::vector<int64_t> args);

// findings: each with its shortest sequence (minimized when it could be). states: sequences of
// states the run built (any classes), the probe's other receivers. One blame per finding.
std::vector<FindingBlame> blame_findings(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                         const std::vector<FlatSequence>& states, const BlameOptions& options);

// Once refusals of an exception type are confirmed (a Precondition in blames) for 3 members, its
// other throws among findings are labelled so too, with that weaker evidence. blame_findings does
// this itself; a caller that blames findings one at a time calls it over all of them after.
void label_unconfirmed_refusals(const std::vector<SequenceFinding>& findings, std::vector<FindingBlame>& blames);

}  // namespace objgen::minimize
