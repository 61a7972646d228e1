// Builders that corrupt: an operation with a precondition objgen's literals break
// (insert_with_hash(hash, value), whose hash must be the value's) builds states no legal call
// builds, so it wins every structure count and its states break the class's own contracts
// (a == a false). Such an operation is left out of an automatic builder set when a search
// without it finds a set whose states break nothing; the report says why.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gen/builders/builder_search.hpp"

namespace objgen::builders {

struct RuledOut {
  uint32_t op;
  std::string evidence;  // what broke on the states it built, and that the set without it breaks nothing
};

// The findings that say a set of builders corrupts: invariant findings of an exhaustive run with
// the builders at the climbing scope, and the broken contracts on its states (options.check_contracts).
std::vector<SequenceFinding> corruption_findings(const Api& api, const BuilderSearchOptions& options,
                                                 const std::vector<uint32_t>& builders);

// Runs `search` again without each builder the findings' sequences call (the most complex
// signature first); the first set that breaks nothing replaces `builders`, and the operations
// ruled out are left out of options.operations (so proofs compare against the API without them).
// Returns the ones ruled out; `builders` unchanged when no search without a suspect is clean.
using BuilderSearch = std::function<std::vector<uint32_t>(const BuilderSearchOptions&)>;
std::vector<RuledOut> rule_out_corrupting(const Api& api, BuilderSearchOptions& options, std::vector<uint32_t>& builders,
                                          const BuilderSearch& search);

}  // namespace objgen::builders
