#include "gen/builders/proof_cost.hpp"

#include <algorithm>
#include <cmath>

namespace objgen::builders {

void record_proof_cost(std::vector<ProofCost>& costs, const ProofCost& cost) {
  if (!costs.empty() && costs.back().scope == cost.scope)
    costs.back() = cost;
  else
    costs.push_back(cost);
}

namespace {

constexpr double kMargin = 1.5;
constexpr double kUnknownPower = 2;

// The power of the states the candidates grew with between two scopes.
double states_power(const ProofCost& before, const ProofCost& last) {
  if (before.states == 0 || last.states <= before.states || last.explored <= before.explored || before.explored == 0) return kUnknownPower;
  double p = std::log(static_cast<double>(last.explored) / static_cast<double>(before.explored)) /
             std::log(static_cast<double>(last.states) / static_cast<double>(before.states));
  return std::clamp(p, 1.0, 3.0);
}

}  // namespace

double predicted_proof_seconds(const std::vector<ProofCost>& costs, size_t next_states, double search_seconds) {
  if (costs.empty()) return 0;
  const ProofCost& last = costs.back();
  if (costs.size() < 2 || costs[costs.size() - 2].explored == 0 || last.explored == 0) {
    // A search of a few milliseconds (builders given, not searched) says nothing of growth.
    double growth = search_seconds > 0.05 ? last.seconds / search_seconds : 4;
    return last.seconds * std::max(growth, 4.0);
  }
  const ProofCost& before = costs[costs.size() - 2];
  double next_explored = static_cast<double>(last.explored) * static_cast<double>(last.explored) /
                         static_cast<double>(before.explored);  // without states: the same ratio again
  if (last.states > 0 && next_states > last.states)
    next_explored = static_cast<double>(last.explored) *
                    std::pow(static_cast<double>(next_states) / static_cast<double>(last.states), states_power(before, last));
  double per_candidate = last.seconds / static_cast<double>(last.explored), fixed = 0;
  if (last.explored > before.explored && last.seconds > before.seconds) {
    per_candidate = (last.seconds - before.seconds) / static_cast<double>(last.explored - before.explored);
    fixed = std::max(0.0, last.seconds - per_candidate * static_cast<double>(last.explored));
  }
  // A candidate at the next scope linearizes up to one object more.
  double larger = static_cast<double>(last.scope + 1) / std::max<uint32_t>(last.scope, 1);
  return std::max(last.seconds, kMargin * (fixed + per_candidate * larger * next_explored));
}

}  // namespace objgen::builders
