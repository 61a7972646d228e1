// gen/builders/proof_cost: when the ladder of builders proofs stops before a scope it cannot finish.
#include "gen/builders/proof_cost.hpp"

#include <gtest/gtest.h>

namespace objgen {
namespace {

TEST(ProofCost, OneProofPredictsAtLeastFourTimesIt) {
  EXPECT_DOUBLE_EQ(builders::predicted_proof_seconds({}, 10, 1.0), 0);
  EXPECT_DOUBLE_EQ(builders::predicted_proof_seconds({{3, 0.5, 1000, 8}}, 16, 1.0), 2.0);
  EXPECT_DOUBLE_EQ(builders::predicted_proof_seconds({{3, 2.0, 1000, 8}}, 16, 0.25), 16.0);  // 8 times the search
}

// std::map<int,int> with all 46 operations (measured): 24,133 candidates for 64 states at scope 3
// (0.03 s), 1,674,381 for 625 at scope 4 (0.44 s), 243,800,935 for 7,776 at scope 5 (92 s: swap
// and the comparisons take pairs of maps). Time alone grew 15x; a minute cannot hold scope 5.
TEST(ProofCost, CandidatesGrowAsAPowerOfTheStates) {
  std::vector<builders::ProofCost> map{{3, 0.03, 24133, 64}, {4, 0.44, 1674381, 625}};
  double next = builders::predicted_proof_seconds(map, 7776, 0.2);
  EXPECT_GT(next, 60.0);
  EXPECT_LT(next, 2 * 92.0);
}

TEST(ProofCost, StatesThatDoubleWithLinearCandidates) {
  // A set of 0..N-1: states and candidates double per scope; 10 us a candidate, no fixed cost.
  std::vector<builders::ProofCost> set{{3, 1.0, 100000, 8}, {4, 2.0, 200000, 16}};
  double next = builders::predicted_proof_seconds(set, 32, 0.1);
  EXPECT_NEAR(next, 1.5 * 400000 * 1e-5 * 5 / 4, 0.01);
}

TEST(ProofCost, FixedCostsOfSmallScopesAreNotMultiplied) {
  // 1 s of start-up in every proof: 1.0 s for 1,000 candidates, 1.1 s for 11,000.
  std::vector<builders::ProofCost> small{{3, 1.0, 1000, 10}, {4, 1.1, 11000, 100}};
  double next = builders::predicted_proof_seconds(small, 1000, 0.1);
  EXPECT_LT(next, 5.0);  // 1 s + 121,000 candidates at 12.5 us, with the margin; not 1.1 s x 121
}

TEST(ProofCost, NoCandidatesOrNoGrowthFallBackWithoutDividingByZero) {
  // A proof that explored nothing: the one-proof rule; a search of microseconds (builders given)
  // does not multiply it by thousands.
  EXPECT_DOUBLE_EQ(builders::predicted_proof_seconds({{2, 0.1, 0, 1}, {3, 0.5, 0, 1}}, 1, 1e-6), 2.0);
  // States that stop growing: the candidates' last ratio again.
  double same = builders::predicted_proof_seconds({{3, 1.0, 1000, 5}, {4, 2.0, 2000, 5}}, 5, 0.1);
  EXPECT_NEAR(same, 1.5 * (1.0 / 1000) * 1.25 * 4000, 1e-9);  // 1 ms a candidate past the first 1,000
}

TEST(ProofCost, AScopeProvedAgainKeepsItsLatestCost) {
  std::vector<builders::ProofCost> costs;
  builders::record_proof_cost(costs, {3, 1.0, 10, 1});
  builders::record_proof_cost(costs, {3, 2.0, 20, 1});
  builders::record_proof_cost(costs, {4, 3.0, 30, 2});
  ASSERT_EQ(costs.size(), 2u);
  EXPECT_DOUBLE_EQ(costs[0].seconds, 2.0);
  EXPECT_EQ(costs[1].scope, 4u);
}

}  // namespace
}  // namespace objgen
