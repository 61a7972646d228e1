// Builders that corrupt: a builder whose states break the class's invariant (or its contracts)
// is left out when a search without it finds a set that breaks nothing; a clean set, a set of
// constructors only, a replacement that breaks as much, and an interrupted run rule out nothing.
#include "gen/builders/ruling_out.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "objgen/objgen.hpp"

namespace ruling_out_test {

// A count mod 3 and whether it is odd; set_raw writes both as given, so (0, 1) breaks the
// invariant no add() sequence breaks.
class Parity {
 public:
  void add(int v) {
    n_ = (n_ + v) % 3;
    odd_ = n_ % 2 != 0;
  }
  void set_raw(int n, int odd) {
    n_ = n;
    odd_ = odd != 0;
  }
  bool consistent() const { return odd_ == (n_ % 2 != 0); }
  int n_ = 0;  // public: OBJGEN_FIELDS reads them
  bool odd_ = false;
};

}  // namespace ruling_out_test

OBJGEN_FIELDS(ruling_out_test::Parity, n_, odd_)

namespace ruling_out_test {

using namespace objgen;
using namespace objgen::builders;

struct ParityApi {
  Api api;
  uint32_t make = 0, add = 0, set_raw = 0;
  BuilderSearchOptions options;
  std::vector<std::vector<uint32_t>> asked;  // the operations each search ran on
  ParityApi() {
    api.add_class<Parity>()
        .constructor<>()
        .method("add", &Parity::add)
        .method("set_raw", &Parity::set_raw)
        .invariant(&Parity::consistent, "consistent");
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const Operation& o = api.operations()[i];
      if (o.name == "add") add = i;
      if (o.name == "set_raw") set_raw = i;
      if (o.kind == OpKind::Constructor) make = i;
    }
    options.target = api.operations()[make].result.cls;
    options.operations = {make, add, set_raw};
    options.isolate = false;
    options.climb_scope = 2;
  }
  // The builder search ruling out runs again: here it always answers `answer`.
  BuilderSearch search_answering(std::vector<uint32_t> answer) {
    return [this, answer](const BuilderSearchOptions& without) {
      asked.push_back(without.operations);
      return answer;
    };
  }
};

bool calls(const SequenceFinding& f, uint32_t op) {
  return std::any_of(f.sequence.calls.begin(), f.sequence.calls.end(), [op](const FlatCall& c) { return c.op == op; });
}

TEST(RulingOut, OnlyACorruptingBuildersStatesBreakTheInvariant) {
  ParityApi p;
  EXPECT_TRUE(corruption_findings(p.api, p.options, {p.make, p.add}).empty());
  std::vector<SequenceFinding> broken = corruption_findings(p.api, p.options, {p.make, p.add, p.set_raw});
  ASSERT_FALSE(broken.empty());
  for (const SequenceFinding& f : broken) {
    EXPECT_EQ(f.kind, Outcome::InvariantBroken);
    EXPECT_TRUE(calls(f, p.set_raw));
  }
}

TEST(RulingOut, TheEvidenceIsTheShortestFindingsCallingTheBuilder) {
  ParityApi p;
  std::vector<SequenceFinding> evidence = ruled_out_findings(p.api, p.options, {p.make, p.add}, p.set_raw);
  ASSERT_FALSE(evidence.empty());
  EXPECT_LE(evidence.size(), kRuledOutFindings);
  for (size_t i = 0; i < evidence.size(); ++i) {
    EXPECT_TRUE(calls(evidence[i], p.set_raw));
    if (i > 0) {
      EXPECT_LE(evidence[i - 1].sequence.calls.size(), evidence[i].sequence.calls.size());
    }
  }
}

TEST(RulingOut, ACorruptingBuilderIsReplacedByACleanSetWithoutIt) {
  ParityApi p;
  std::vector<uint32_t> builders{p.make, p.add, p.set_raw};
  std::vector<RuledOut> out = rule_out_corrupting(p.api, p.options, builders, p.search_answering({p.make, p.add}));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].op, p.set_raw);
  EXPECT_NE(out[0].evidence.find("a set without it breaks nothing"), std::string::npos) << out[0].evidence;
  EXPECT_FALSE(out[0].findings.empty());
  EXPECT_EQ(builders, (std::vector<uint32_t>{p.make, p.add}));
  // Proofs compare against the API without it.
  EXPECT_EQ(std::count(p.options.operations.begin(), p.options.operations.end(), p.set_raw), 0);
  // The suspect with the most parameters went first.
  ASSERT_EQ(p.asked.size(), 1u);
  EXPECT_EQ(p.asked[0], (std::vector<uint32_t>{p.make, p.add}));
}

TEST(RulingOut, ACleanSetIsLeftAsItIs) {
  ParityApi p;
  std::vector<uint32_t> builders{p.make, p.add};
  EXPECT_TRUE(rule_out_corrupting(p.api, p.options, builders, p.search_answering({p.make})).empty());
  EXPECT_TRUE(p.asked.empty());
  EXPECT_EQ(builders, (std::vector<uint32_t>{p.make, p.add}));
}

TEST(RulingOut, NoReplacementThatBuildsNothingOrBreaksAsMuch) {
  ParityApi p;
  std::vector<uint32_t> builders{p.make, p.add, p.set_raw};
  // Constructors only break nothing because they build nothing.
  EXPECT_TRUE(rule_out_corrupting(p.api, p.options, builders, p.search_answering({p.make})).empty());
  EXPECT_EQ(builders, (std::vector<uint32_t>{p.make, p.add, p.set_raw}));
  EXPECT_EQ(p.options.operations.size(), 3u);
  // A set that still corrupts is no better.
  EXPECT_TRUE(rule_out_corrupting(p.api, p.options, builders, [&](const BuilderSearchOptions&) {
                return std::vector<uint32_t>{p.make, p.set_raw};
              }).empty());
  EXPECT_EQ(builders.size(), 3u);
}

TEST(RulingOut, AnInterruptedSearchRulesOutNothing) {
  ParityApi p;
  std::atomic<bool> stop{true};
  p.options.interrupted = &stop;
  std::vector<uint32_t> builders{p.make, p.add, p.set_raw};
  EXPECT_TRUE(rule_out_corrupting(p.api, p.options, builders, p.search_answering({p.make, p.add})).empty());
  EXPECT_TRUE(p.asked.empty());
  EXPECT_EQ(builders.size(), 3u);
}

TEST(RulingOut, ContractsAConstructedObjectBreaksAreTheClassesOwn) {
  ParityApi p;
  // A contract check, stood for by add(0): broken on every state it is given.
  auto all_broken = [&](const std::vector<FlatSequence>& states, const LiteralDomain& domain) {
    std::vector<SequenceFinding> out;
    for (FlatSequence s : states) {
      s.calls.push_back(FlatCall{p.add, {0, -1}, {0, -1}});
      out.push_back({Outcome::ContractBroken, p.add, "a == a is false", s, domain});
    }
    return out;
  };
  p.options.check_contracts = all_broken;
  EXPECT_TRUE(corruption_findings(p.api, p.options, {p.make, p.add}).empty());
  // The same check broken only on states a builder made: those show corruption.
  p.options.check_contracts = [&](const std::vector<FlatSequence>& states, const LiteralDomain& domain) {
    std::vector<SequenceFinding> out = all_broken(states, domain);
    std::erase_if(out, [&](const SequenceFinding& f) { return f.sequence.calls.size() <= 2; });
    return out;
  };
  std::vector<SequenceFinding> broken = corruption_findings(p.api, p.options, {p.make, p.add});
  ASSERT_FALSE(broken.empty());
  for (const SequenceFinding& f : broken) EXPECT_EQ(f.kind, Outcome::ContractBroken);
}

}  // namespace ruling_out_test
