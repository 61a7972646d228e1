// Contract checks on states another strategy built: each state's sequence followed by one check,
// run in a test worker; a broken contract is a finding, one per bucket, with the shortest
// sequence kept and the hits counted.
#include "gen/oracles/contract_runner.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <vector>

#include "gen/oracles/contracts.hpp"
#include "objgen/objgen.hpp"

namespace contract_runner_test {
// == is not reflexive at 2; the invariant wants less than 3.
struct Gate {
  int n = 0;
  void add(int x) { n += x; }
  bool operator==(const Gate& o) const { return n == o.n && n != 2; }
};
// Its invariant aborts on every state but n == 1.
struct Bomb {
  int n = 0;
  void add(int x) { n += x; }
  bool operator==(const Bomb& o) const { return n == o.n; }
};
}  // namespace contract_runner_test

OBJGEN_FIELDS(contract_runner_test::Gate, n)
OBJGEN_FIELDS(contract_runner_test::Bomb, n)

namespace objgen::contracts {
namespace {

using contract_runner_test::Gate;

// Gate() and add(int) (operations 0 and 1), ints 0..2, the invariant and reflexivity checks.
struct ContractRunnerGates {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);
  std::vector<uint32_t> checks;
  uint32_t invariant = 0, reflexive = 0;
  ContractRunnerGates() {
    api.add_class<Gate>().constructor<>().method("add", &Gate::add).invariant([](const Gate& g) { return g.n < 3; });
    ContractOptions options;
    options.enabled = ContractSet{};
    options.enabled.on[static_cast<size_t>(Contract::Invariant)] = true;
    options.enabled.on[static_cast<size_t>(Contract::EqReflexive)] = true;
    checks = add_contract_operations(api, class_id<Gate>(), options);
    for (uint32_t c : checks) (contract_of(api.operations()[c]) == Contract::Invariant ? invariant : reflexive) = c;
  }
  // Gate() then add() with each of the given ints.
  static FlatSequence added(std::vector<int64_t> amounts) {
    FlatSequence s;
    s.calls.push_back(FlatCall{0, {}, {0}});
    for (int64_t a : amounts) s.calls.push_back(FlatCall{1, {0, -1 - a}, {0, -1}});
    s.result_value = 0;
    return s;
  }
};

TEST(ContractRunner, BrokenContractsAreFindingsOnePerBucket) {
  ContractRunnerGates g;
  ASSERT_EQ(g.checks.size(), 2u);
  ASSERT_NE(g.invariant, g.reflexive);
  // Values 4 (four calls), 0, 1, 2, 3 (three calls).
  std::vector<FlatSequence> states{ContractRunnerGates::added({2, 1, 1}), ContractRunnerGates::added({}), ContractRunnerGates::added({1}),
                                   ContractRunnerGates::added({2}), ContractRunnerGates::added({2, 1})};
  StateCheckResult r = check_states(g.api, g.domain, states, g.checks, {});
  EXPECT_EQ(r.checks_run, 10u);
  ASSERT_EQ(r.findings.size(), 2u);

  const SequenceFinding& invariant = r.findings[0];
  EXPECT_EQ(invariant.kind, Outcome::InvariantBroken);
  EXPECT_EQ(invariant.op, g.invariant);
  EXPECT_EQ(invariant.hits, 2u);
  // The shorter of the two states breaking it (value 3), then the check on its value.
  ASSERT_EQ(invariant.sequence.calls.size(), 4u);
  EXPECT_EQ(invariant.sequence.calls[2], (FlatCall{1, {0, -2}, {0, -1}}));
  EXPECT_EQ(invariant.sequence.calls[3].op, g.invariant);
  EXPECT_EQ(invariant.sequence.calls[3].args, (std::vector<int64_t>{0}));

  const SequenceFinding& reflexive = r.findings[1];
  EXPECT_EQ(reflexive.kind, Outcome::ContractBroken);
  EXPECT_EQ(reflexive.op, g.reflexive);
  EXPECT_EQ(reflexive.hits, 1u);
  ASSERT_EQ(reflexive.sequence.calls.size(), 3u);  // Gate(), add(2), the check
  EXPECT_EQ(reflexive.sequence.calls[1], (FlatCall{1, {0, -3}, {0, -1}}));
}

TEST(ContractRunner, StatesThatKeepTheirContractsGiveNoFindings) {
  ContractRunnerGates g;
  std::vector<FlatSequence> states{ContractRunnerGates::added({}), ContractRunnerGates::added({1})};
  StateCheckResult r = check_states(g.api, g.domain, states, g.checks, {});
  EXPECT_EQ(r.checks_run, 4u);
  EXPECT_TRUE(r.findings.empty());
}

TEST(ContractRunner, NothingRunsWithoutStatesChecksOrTime) {
  ContractRunnerGates g;
  std::vector<FlatSequence> states{ContractRunnerGates::added({2})};
  EXPECT_EQ(check_states(g.api, g.domain, {}, g.checks, {}).checks_run, 0u);
  EXPECT_EQ(check_states(g.api, g.domain, states, {}, {}).checks_run, 0u);
  std::atomic<bool> stop{true};
  StateCheckOptions interrupted;
  interrupted.interrupted = &stop;
  StateCheckResult r = check_states(g.api, g.domain, states, g.checks, interrupted);
  EXPECT_EQ(r.checks_run, 0u);
  EXPECT_TRUE(r.findings.empty());
}

TEST(ContractRunner, ACheckThatKillsItsWorkerOnTheFirstStatesRunsOnNoOthers) {
  using contract_runner_test::Bomb;
  Api api;
  api.add_class<Bomb>().constructor<>().method("add", &Bomb::add).invariant([](const Bomb& b) {
    if (b.n != 1) std::abort();
    return true;
  });
  ContractOptions options;
  options.enabled = ContractSet{};
  options.enabled.on[static_cast<size_t>(Contract::Invariant)] = true;
  options.enabled.on[static_cast<size_t>(Contract::EqReflexive)] = true;
  std::vector<uint32_t> checks = add_contract_operations(api, class_id<Bomb>(), options);
  ASSERT_EQ(checks.size(), 2u);
  auto states_of = [](std::vector<std::vector<int64_t>> amounts) {
    std::vector<FlatSequence> out;
    for (const auto& a : amounts) out.push_back(ContractRunnerGates::added(a));
    return out;
  };
  LiteralDomain domain = LiteralDomain::defaults(3);
  // Values 0, 2, then 1, 2, 0: the invariant aborts on the first two, so it is run on them only.
  StateCheckResult r = check_states(api, domain, states_of({{}, {2}, {1}, {2}, {}}), checks, {});
  EXPECT_EQ(r.checks_run, 2u + 5u);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Outcome::Crash);
  EXPECT_EQ(r.findings[0].hits, 2u);
  // Value 1 second: it returned normally once, so it runs on every state.
  r = check_states(api, domain, states_of({{}, {1}, {2}, {2}, {}}), checks, {});
  EXPECT_EQ(r.checks_run, 5u + 5u);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].hits, 4u);
}

}  // namespace
}  // namespace objgen::contracts
