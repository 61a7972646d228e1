// Proofs of builders compare states as the class's operator== tells them apart when the options
// group them (the CLI's default): a span kept as closed [lo, hi] or half-open [lo, hi) bounds has
// at int range 0..n-1 1 + n^2 canonical forms but 1 + n(n+1)/2 values, each of which set_closed
// builds alone ([l, h) is [l, h-1]).
#include <gtest/gtest.h>

#include "gen/builders/verify.hpp"
#include "gen/oracles/equal_states.hpp"
#include "gen/oracles/spans.hpp"
#include "model/selection.hpp"
#include "objgen/objgen.hpp"

namespace objgen {
namespace {

using Span = spans::Span<spans::Equality::Sets>;

struct Spans {
  Api api;
  builders::BuilderSearchOptions options;
  Spans(bool grouped) {
    api.add_class<Span>().constructor<>().method("set_closed", &Span::set_closed).method("set_half_open", &Span::set_half_open);
    options.target = class_id<Span>();
    options.operations = select_operations(api, options.target, {"all"});
    options.workers = 1;
    if (grouped)
      options.group_equal = [this](const FoundStates& found, double max_seconds) -> std::optional<std::vector<uint32_t>> {
        oracles::EqualStates g = oracles::group_equal_states(api, found, {.max_seconds = max_seconds});
        if (!g.grouped) return std::nullopt;
        return g.group_of;
      };
  }
  std::vector<uint32_t> ops(const std::vector<std::string>& names) const { return select_operations(api, options.target, names, false); }
};

constexpr uint32_t kScope = 3;

TEST(Verify, AStateEqualUnderOperatorEqToOneTheBuildersBuildIsNotMissing) {
  Spans s(true);
  builders::ScopeProof p =
      builders::verify_builders(s.api, s.options, s.ops({"Span", "set_closed"}), s.options.operations, {kScope}).scopes.at(0);
  EXPECT_TRUE(p.by_equality);
  EXPECT_EQ(p.api_representations, 1 + kScope * kScope);
  EXPECT_EQ(p.api_states, 1 + kScope * (kScope + 1) / 2);
  EXPECT_EQ(p.builder_states, p.api_states);
  EXPECT_TRUE(p.sufficient);
  EXPECT_TRUE(p.minimal);
  EXPECT_TRUE(p.missing.empty());
}

TEST(Verify, WithoutTheGroupingEveryCanonicalFormCounts) {
  Spans s(false);
  builders::ScopeProof p =
      builders::verify_builders(s.api, s.options, s.ops({"Span", "set_closed"}), s.options.operations, {kScope}).scopes.at(0);
  EXPECT_FALSE(p.by_equality);
  EXPECT_EQ(p.api_states, 1 + kScope * kScope);
  EXPECT_FALSE(p.sufficient);
  EXPECT_FALSE(p.missing.empty());
}

TEST(Verify, ABuilderOnlyAddingRepresentationsIsRedundant) {
  Spans s(true);
  builders::ScopeProof p =
      builders::verify_builders(s.api, s.options, s.ops({"Span", "set_closed", "set_half_open"}), s.options.operations, {kScope})
          .scopes.at(0);
  EXPECT_TRUE(p.sufficient);
  EXPECT_FALSE(p.minimal);
  ASSERT_EQ(p.redundant.size(), 1u);  // set_closed builds [l, n-1], which half-open bounds within 0..n-1 cannot
  EXPECT_NE(p.redundant[0].find("set_half_open"), std::string::npos) << p.redundant[0];
}

}  // namespace
}  // namespace objgen
