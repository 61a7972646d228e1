// A contract check written as GoogleTest assertions on what plain C++ can see: the class's ==, <
// and std::hash where it has them, else what its observers return; a note where neither shows
// the state objgen compared.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "emit/code_writer.hpp"
#include "emit/contract_writer.hpp"
#include "gen/oracles/contracts.hpp"
#include "objgen/objgen.hpp"

namespace contract_writer_test {
// Everything a value type can have: ==, <, std::hash, observers and a mutator.
struct Full {
  int v = 0;
  void put(int x) { v = x; }
  int size() const { return v; }
  char first() const { return 'a'; }
  bool ok() const { return v >= 0; }
  bool operator==(const Full& o) const { return v == o.v; }
  bool operator<(const Full& o) const { return v < o.v; }
};
// Observers only: copies are compared through what they return.
struct Seen {
  int v = 0;
  void put(int x) { v = x; }
  int size() const { return v; }
  char first() const { return 'a'; }
};
// Nothing to compare with: the checks can only run the operations.
struct Opaque {
  int v = 0;
  void put(int x) { v = x; }
};
}  // namespace contract_writer_test
template <>
struct std::hash<contract_writer_test::Full> {
  size_t operator()(const contract_writer_test::Full& f) const { return static_cast<size_t>(f.v); }
};
OBJGEN_FIELDS(contract_writer_test::Full, v)
OBJGEN_FIELDS(contract_writer_test::Seen, v)
OBJGEN_FIELDS(contract_writer_test::Opaque, v)

namespace objgen {
namespace {
using contract_writer_test::Full;
using contract_writer_test::Opaque;
using contract_writer_test::Seen;
using contracts::Contract;

const std::string kContractWriterNote =
    " // objgen compared canonical states; no observer of the class shows them here: run under -fsanitize=address to see shared or "
    "freed memory";

struct ContractWriterApi {
  Api api;
  std::vector<uint32_t> checks;
  ContractWriterApi() {
    api.add_class<Full>()
        .constructor<>()
        .method("put", &Full::put)
        .method("size", &Full::size)
        .method("first", &Full::first)
        .invariant(&Full::ok, "ok");
    api.add_class<Seen>().constructor<>().method("put", &Seen::put).method("size", &Seen::size).method("first", &Seen::first);
    api.add_class<Opaque>().constructor<>().method("put", &Opaque::put).invariant([](const Opaque& o) { return o.v >= 0; });
    for (ClassId id : {class_id<Full>(), class_id<Seen>(), class_id<Opaque>()})
      for (uint32_t k : contracts::add_contract_operations(api, id, {})) checks.push_back(k);
  }
  const Operation& check(ClassId cls, Contract c) const {
    for (uint32_t k : checks)
      if (api.operations()[k].params[0].cls == cls && contracts::contract_of(api.operations()[k]) == c) return api.operations()[k];
    throw std::logic_error("no such check");
  }
  std::string write(ClassId cls, Contract c, const std::vector<std::string>& values) const {
    return emit::contract_statement(api, check(cls, c), values);
  }
};

TEST(ContractStatement, TheInvariantByItsMember) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Full>(), Contract::Invariant, {"v2"}), "EXPECT_TRUE(v2->ok()) << \"contract invariant\";");
}

TEST(ContractStatement, AnInvariantRegisteredAsALambdaIsASkip) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Opaque>(), Contract::Invariant, {"v2"}),
            "GTEST_SKIP() << \"contract invariant: the invariant is registered as a lambda emitted code cannot call\";");
}

TEST(ContractStatement, EqualityContractsUseOperatorEquals) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Full>(), Contract::EqReflexive, {"v0"}), "EXPECT_TRUE(*v0 == *v0) << \"contract eq-reflexive\";");
  EXPECT_EQ(a.write(class_id<Full>(), Contract::EqSymmetric, {"v0", "v1"}),
            "EXPECT_EQ(*v0 == *v1, *v1 == *v0) << \"contract eq-symmetric: a == b differs from b == a\";");
}

TEST(ContractStatement, HashEqComparesHashesOfEqualObjects) {
  ContractWriterApi a;
  const std::string h = "std::hash<contract_writer_test::Full>{}";
  EXPECT_EQ(a.write(class_id<Full>(), Contract::HashEq, {"v0", "v1"}),
            "{ const contract_writer_test::Full copy = *v0; if (copy == *v0) EXPECT_EQ(" + h + "(copy), " + h +
                "(*v0)) << \"contract hash-eq: a copy\"; if (*v0 == *v1) EXPECT_EQ(" + h + "(*v0), " + h +
                "(*v1)) << \"contract hash-eq: a == b\"; }");
}

TEST(ContractStatement, LtIrreflexiveChecksBothDirections) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Full>(), Contract::LtIrreflexive, {"v0", "v1"}),
            "EXPECT_FALSE(*v0 < *v0) << \"contract lt-irreflexive\"; "
            "EXPECT_FALSE(*v0 < *v1 && *v1 < *v0) << \"contract lt-irreflexive: both a < b and b < a\";");
}

TEST(ContractStatement, CopyEqualUsesEqualsWhenTheClassHasIt) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Full>(), Contract::CopyEqual, {"v0"}),
            "{ const contract_writer_test::Full copy = *v0; EXPECT_TRUE(copy == *v0) << \"contract copy-equal: a copy is not == to its "
            "original\"; }");
}

// A char observer prints as its number: a char such as '\0' would not show in the message.
TEST(ContractStatement, CopyEqualComparesWhatTheObserversPrintWithoutEquals) {
  ContractWriterApi a;
  std::string s = a.write(class_id<Seen>(), Contract::CopyEqual, {"v0"});
  EXPECT_EQ(s.rfind("{ const contract_writer_test::Seen copy = *v0; auto observe = [](const contract_writer_test::Seen& x) {", 0), 0u) << s;
  EXPECT_NE(s.find(" try { put((&x)->size()); } catch (...) { o << \"throws\"; } o << \" | \";"), std::string::npos) << s;
  EXPECT_NE(s.find(" try { put(static_cast<int>((&x)->first())); } catch (...) { o << \"throws\"; } o << \" | \";"), std::string::npos)
      << s;
  EXPECT_EQ(s.find("put((&x)->put"), std::string::npos) << "a mutator is no observer";
  EXPECT_NE(s.find("EXPECT_EQ(observe(copy), observe(*v0)) << \"contract copy-equal: a copy differs from its original\"; }"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("objgen compared canonical states"), std::string::npos);
}

TEST(ContractStatement, CopyEqualWithNothingToCompareSaysSo) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Opaque>(), Contract::CopyEqual, {"v0"}),
            "{ const contract_writer_test::Opaque copy = *v0; }" + kContractWriterNote);
}

TEST(ContractStatement, CopyIndependentChangesTheCopyWithItsMutator) {
  ContractWriterApi a;
  std::string s = a.write(class_id<Seen>(), Contract::CopyIndependent, {"v0", "3"});
  EXPECT_NE(s.find(" const std::string before = observe(*v0); { auto copy = std::make_shared<contract_writer_test::Seen>(*v0); "
                   "copy->put(3); } EXPECT_EQ(observe(*v0), before) << \"contract copy-independent: changing a copy with put changed "
                   "the original\"; }"),
            std::string::npos)
      << s;
  EXPECT_EQ(a.write(class_id<Opaque>(), Contract::CopyIndependent, {"v0", "3"}),
            "{ auto copy = std::make_shared<contract_writer_test::Opaque>(*v0); copy->put(3); }" + kContractWriterNote);
}

TEST(ContractStatement, MovedFromComparesWithACopyTakenFirst) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Full>(), Contract::MovedFrom, {"v0"}),
            "{ const contract_writer_test::Full before = *v0; auto source = std::make_unique<contract_writer_test::Full>(*v0); "
            "contract_writer_test::Full moved(std::move(*source)); EXPECT_TRUE(moved == before) << \"contract moved-from: an object "
            "moved from a copy differs from the original\"; *source = *v0; EXPECT_TRUE(*source == before) << \"contract moved-from: a "
            "moved-from object, assigned the original, differs from it\"; source.reset(); EXPECT_TRUE(moved == before) << \"contract "
            "moved-from: destroying the moved-from object changed the moved-to one\"; }");
}

TEST(ContractStatement, AssignEqualWithNothingToCompareStillRunsEveryStep) {
  ContractWriterApi a;
  EXPECT_EQ(a.write(class_id<Opaque>(), Contract::AssignEqual, {"v0", "v1"}),
            "{ auto d = std::make_unique<contract_writer_test::Opaque>(*v1); *d = *v0; contract_writer_test::Opaque& self = *d; *d = self; "
            "d.reset(); }" +
                kContractWriterNote);
}

TEST(ContractStatement, AssignEqualChecksEachStepAgainstTheObservers) {
  ContractWriterApi a;
  std::string s = a.write(class_id<Seen>(), Contract::AssignEqual, {"v0", "v1"});
  EXPECT_NE(s.find(" const std::string before = observe(*v0); auto d = std::make_unique<contract_writer_test::Seen>(*v1); *d = *v0; "
                   "EXPECT_EQ(observe(*d), before) << \"contract assign-equal: after d = a, d differs from a\";"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("EXPECT_EQ(observe(*v0), before) << \"contract assign-equal: destroying d changed a\"; }"), std::string::npos) << s;
}

// The failures contract is checked by running the calls: it has nothing to write.
TEST(ContractStatement, TheFailuresContractWritesNothing) {
  ContractWriterApi a;
  Operation failures = a.check(class_id<Full>(), Contract::EqReflexive);
  failures.contract = static_cast<int8_t>(Contract::Failures);
  EXPECT_EQ(emit::contract_statement(a.api, failures, {"v0"}), "");
}

TEST(ContractStatement, ASequenceEndingInACheckIsWrittenWithIt) {
  ContractWriterApi a;
  uint32_t ctor = 0;
  uint32_t reflexive = 0;
  for (uint32_t k = 0; k < a.api.operations().size(); ++k) {
    if (a.api.operations()[k].name == "Full") ctor = k;
    if (&a.api.operations()[k] == &a.check(class_id<Full>(), Contract::EqReflexive)) reflexive = k;
  }
  FlatSequence seq;
  seq.calls.push_back({ctor, {}});
  seq.calls.push_back({reflexive, {0}});
  EXPECT_EQ(emit::write_statements(a.api, LiteralDomain::defaults(2), seq),
            (std::vector<std::string>{"auto v0 = std::make_shared<contract_writer_test::Full>();",
                                      "EXPECT_TRUE(*v0 == *v0) << \"contract eq-reflexive\";"}));
}

}  // namespace
}  // namespace objgen
