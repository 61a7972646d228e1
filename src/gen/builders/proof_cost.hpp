#pragma once
// How long a builders proof one scope up will take, from what the proofs below it cost: the
// ladder of --verify-scopes auto starts a scope only when it is predicted to fit what is left of
// the budget, since a proof cut off by the budget proves nothing and costs all that was left.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace objgen::builders {

// One finished proof (or the whole API's run at a scope): its scope, its time, the candidates the
// whole API's run explored (most of a proof's cost) and the target states the builders build.
struct ProofCost {
  uint32_t scope = 0;
  double seconds = 0;
  uint64_t explored = 0;
  size_t states = 0;
};

// Keeps the latest proof per scope (the ladder proves a scope again after changing the builders).
void record_proof_cost(std::vector<ProofCost>& costs, const ProofCost& cost);

// Seconds of the proof at the scope above the last recorded one, which has next_states states
// (the builders' run there tells, a small part of the proof). The candidates grow as a power of
// the states (a binary operation's pairs of states grow with their square), the power fitted on
// the last two scopes; time is a fixed part plus a per-candidate part fitted on them too (small
// scopes are mostly fixed costs), the per-candidate part growing with the objects a state may
// hold, and 1.5 times that, as the arguments' domains grow as well. With one proof: at least 4
// times it, or as many times as it cost the search before it.
double predicted_proof_seconds(const std::vector<ProofCost>& costs, size_t next_states, double search_seconds);

}  // namespace objgen::builders
