// Builders that corrupt: an operation with a precondition objgen's literals break
// (insert_with_hash(hash, value), whose hash must be the value's) builds states no legal call
// builds, so it wins every structure count and its states break the class's own contracts
// (a == a false). Such an operation is left out of an automatic builder set when a search
// without it finds a set whose states break nothing; the report says why, and the run reports
// what its states broke as findings (a method left out may be the one with the bug: a pop()
// that corrupts the stack), for the run's precondition check to tell the two apart.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gen/builders/builder_search.hpp"

namespace objgen::builders {

struct RuledOut {
  uint32_t op;
  std::string evidence;  // what broke on the states it built, and that the set without it breaks nothing
  // The shortest of those findings whose sequences call it (at most kRuledOutFindings), in the
  // domain of the search's climbing scope (each finding's own `domain`).
  std::vector<SequenceFinding> findings;
};
constexpr size_t kRuledOutFindings = 3;

// The findings that say a set of builders corrupts: invariant findings of an exhaustive run with
// the builders at the climbing scope, and the broken contracts on its states (options.check_contracts).
std::vector<SequenceFinding> corruption_findings(const Api& api, const BuilderSearchOptions& options,
                                                 const std::vector<uint32_t>& builders);

// What the states of `builders` and `op` together break, from sequences that call `op`: the
// evidence of a RuledOut again (a run that reuses cached builders reports it too).
std::vector<SequenceFinding> ruled_out_findings(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t> builders,
                                                uint32_t op);

// Runs `search` again without each builder the findings' sequences call (the most complex
// signature first); the first set that breaks nothing replaces `builders`, and the operations
// ruled out are left out of options.operations (so proofs compare against the API without them).
// Returns the ones ruled out; `builders` unchanged when no search without a suspect is clean.
using BuilderSearch = std::function<std::vector<uint32_t>(const BuilderSearchOptions&)>;
std::vector<RuledOut> rule_out_corrupting(const Api& api, BuilderSearchOptions& options, std::vector<uint32_t>& builders,
                                          const BuilderSearch& search);

}  // namespace objgen::builders
