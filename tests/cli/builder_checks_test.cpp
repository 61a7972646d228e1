// What builder identification checks on a candidate set's states (cli/builder_checks): the
// target's contract checks, added to the API up front and run on states, and the grouping of
// states under the class's operator== that proofs compare by.
#include "cli/builder_checks.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "example_api.hpp"
#include "gen/builders/verify.hpp"
#include "gen/oracles/contracts.hpp"
#include "gen/oracles/spans.hpp"
#include "model/selection.hpp"
#include "objgen/objgen.hpp"

namespace builder_checks_test {
// Neither copied, moved, compared nor hashed: no contract applies to it.
struct Turnstile {
  Turnstile() = default;
  Turnstile(const Turnstile&) = delete;
  Turnstile& operator=(const Turnstile&) = delete;
  void push() { ++passed; }
  int passed = 0;
};
}  // namespace builder_checks_test
OBJGEN_FIELDS(builder_checks_test::Turnstile, passed)

namespace builder_checks_test {

using objgen::FlatCall;
using objgen::FlatSequence;

// The target built, then `values` (literal indices) passed one by one to `add` on it.
FlatSequence built_with(uint32_t make, uint32_t add, const std::vector<int>& values) {
  FlatSequence s;
  s.calls.push_back(FlatCall{make, {}, {0}});
  for (int v : values) s.calls.push_back(FlatCall{add, {0, -1 - v}, {0, -1, -1}});
  s.result_value = 0;
  return s;
}

TEST(BuilderChecks, AClassWithNoContractGetsNoCheckAndNoGrouping) {
  objgen::Api api;
  api.add_class<Turnstile>().constructor<>().method("push", &Turnstile::push);
  size_t operations = api.operations().size();
  objgen::ClassId target = objgen::class_id<Turnstile>();
  EXPECT_EQ(objgen::cli::builder_contract_checks(api, target, nullptr, 1.0, 0), nullptr);
  EXPECT_EQ(api.operations().size(), operations);
  EXPECT_EQ(objgen::cli::builder_state_grouping(api, target, {}), nullptr);
}

TEST(BuilderChecks, ContractChecksAreAddedUpFrontWithoutFailuresOrTheInvariant) {
  objgen::testing::ExampleApi ncl("ncl");
  size_t operations = ncl.api.operations().size();
  auto checks = objgen::cli::builder_contract_checks(ncl.api, ncl.target, nullptr, 1.0, 0);
  ASSERT_NE(checks, nullptr);
  ASSERT_GT(ncl.api.operations().size(), operations);  // before any worker forks
  for (size_t k = operations; k < ncl.api.operations().size(); ++k) {
    const objgen::Operation& op = ncl.api.operations()[k];
    ASSERT_GE(op.contract, 0) << op.name;
    EXPECT_NE(objgen::contracts::contract_of(op), objgen::contracts::Contract::Failures);
    EXPECT_NE(objgen::contracts::contract_of(op), objgen::contracts::Contract::Invariant);
  }
}

TEST(BuilderChecks, ACorrectClassPassesItsChecks) {
  objgen::testing::ExampleApi ncl("ncl");
  auto checks = objgen::cli::builder_contract_checks(ncl.api, ncl.target, nullptr, 1.0, 0);
  ASSERT_NE(checks, nullptr);
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);
  uint32_t make = ncl.op("NodeCachingList"), add = ncl.op("addLast");
  std::vector<FlatSequence> states{built_with(make, add, {}), built_with(make, add, {0}), built_with(make, add, {1, 2})};
  std::vector<objgen::SequenceFinding> findings = checks(states, domain);
  for (const auto& f : findings) ADD_FAILURE() << objgen::outcome_name(f.kind) << ": " << f.message;
}

TEST(BuilderChecks, ACopyThatSharesNodesBreaksCopyIndependence) {
  objgen::testing::ExampleApi shared("buggy_copy");
  size_t operations = shared.api.operations().size();
  auto checks = objgen::cli::builder_contract_checks(shared.api, shared.target, nullptr, 1.0, 0);
  ASSERT_NE(checks, nullptr);
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);
  std::vector<FlatSequence> states{built_with(shared.op("SharedTailList"), shared.op("add"), {1, 2})};
  std::vector<objgen::SequenceFinding> findings = checks(states, domain);
  ASSERT_FALSE(findings.empty());
  bool copy_independence = false;
  for (const auto& f : findings) {
    ASSERT_GE(f.op, operations) << "a finding of a member, not of a check: " << f.message;
    copy_independence |= objgen::contracts::contract_of(shared.api.operations()[f.op]) == objgen::contracts::Contract::CopyIndependent;
  }
  EXPECT_TRUE(copy_independence);
}

TEST(BuilderChecks, AClassWithoutOperatorEqIsNotGrouped) {
  objgen::testing::ExampleApi ncl("ncl");
  EXPECT_EQ(objgen::cli::builder_state_grouping(ncl.api, ncl.target, {}), nullptr);
  objgen::testing::ExampleApi set("stdset");
  EXPECT_NE(objgen::cli::builder_state_grouping(set.api, set.target, {}), nullptr);
}

// A span kept as closed or half-open bounds: 1 + n^2 canonical forms, 1 + n(n+1)/2 values at
// int range 0..n-1 (tests/gen/oracles/spans.hpp); set_closed alone builds every value.
TEST(BuilderChecks, ProofsWithTheGroupingCompareStatesAsOperatorEqDoes) {
  using Span = spans::Span<spans::Equality::Sets>;
  objgen::Api api;
  api.add_class<Span>().constructor<>().method("set_closed", &Span::set_closed).method("set_half_open", &Span::set_half_open);
  objgen::builders::BuilderSearchOptions options;
  options.target = objgen::class_id<Span>();
  options.operations = objgen::select_operations(api, options.target, {"all"});
  options.workers = 1;
  options.group_equal = objgen::cli::builder_state_grouping(api, options.target, options);
  ASSERT_NE(options.group_equal, nullptr);
  std::vector<uint32_t> builders = objgen::select_operations(api, options.target, {"Span", "set_closed"}, false);
  constexpr uint32_t kScope = 3;
  objgen::builders::ScopeProof p = objgen::builders::verify_builders(api, options, builders, options.operations, {kScope}).scopes.at(0);
  EXPECT_TRUE(p.by_equality);
  EXPECT_EQ(p.api_representations, 1 + kScope * kScope);
  EXPECT_EQ(p.api_states, 1 + kScope * (kScope + 1) / 2);
  EXPECT_TRUE(p.sufficient);
}

}  // namespace builder_checks_test
