// The run's results in the one shape every report is written from: which checks ran, each
// finding as a record of its check, its kind, the member to blame and the calls that show it,
// and that shape to JSON and back.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/check_results.hpp"
#include "gen/oracles/contracts.hpp"
#include "objgen/objgen.hpp"

namespace check_results_test {
struct Coin {
  int side = 0;
  void flip() { side = 1 - side; }
  bool ok() const { return side == 0 || side == 1; }
  bool operator==(const Coin& o) const { return side == o.side; }
};
struct Bare {
  int x = 0;
};
}  // namespace check_results_test
OBJGEN_FIELDS(check_results_test::Coin, side)
OBJGEN_FIELDS(check_results_test::Bare, x)

namespace objgen {
namespace {
using check_results_test::Coin;

// Coin with its members' declarations and its contract checks after them.
struct CheckResultsCoin {
  Api api;
  ClassId id = class_id<Coin>();
  LiteralDomain domain = LiteralDomain::defaults(2);
  std::vector<uint32_t> contracts;
  CheckResultsCoin() {
    api.add_class<Coin>()
        .class_at("/p/coin.hpp", 3)
        .constructor<>()
        .declared_at("/p/coin.hpp", 5)
        .method("flip", &Coin::flip)
        .declared_at("/p/coin.hpp", 7)
        .method("operator==", &Coin::operator==)
        .declared_at("/p/coin.hpp", 9)
        .invariant(&Coin::ok, "ok");
    contracts = contracts::add_contract_operations(api, id, {});
  }
  uint32_t op(const std::string& name) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    throw std::logic_error("no operation " + name);
  }
  uint32_t contract(contracts::Contract c) const {
    for (uint32_t k : contracts)
      if (contracts::contract_of(api.operations()[k]) == c) return k;
    throw std::logic_error("no such contract check");
  }
  // Coin(); flip(); then `last` on the coin.
  FlatSequence flipped_then(uint32_t last) const {
    FlatSequence s;
    s.calls.push_back({op("Coin"), {}});
    s.calls.push_back({op("flip"), {0}});
    std::vector<int64_t> args(api.operations()[last].params.size(), 0);
    s.calls.push_back({last, args});
    return s;
  }
};

std::string check_results_error(const nlohmann::json& j) {
  try {
    emit::results_from_json(j);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(VerdictName, NamesEachVerdict) {
  EXPECT_STREQ(emit::verdict_name(emit::Verdict::Bug), "bug");
  EXPECT_STREQ(emit::verdict_name(emit::Verdict::Precondition), "precondition");
  EXPECT_STREQ(emit::verdict_name(emit::Verdict::Unconfirmed), "unconfirmed");
}

TEST(CheckResults, AddsEachCheckOnceInTheOrderFirstAdded) {
  emit::CheckResults r;
  r.add_check("calls");
  r.add_check("contract eq-reflexive");
  r.add_check("calls");
  EXPECT_EQ(r.checks, (std::vector<std::string>{"calls", "contract eq-reflexive"}));
}

TEST(CheckResults, TheInvariantIsACheckOnlyWhenTheClassHasOne) {
  CheckResultsCoin c;
  emit::CheckResults with = emit::check_results(c.api, "random", c.id, "coin.hpp");
  EXPECT_EQ(with.command, "random");
  EXPECT_EQ(with.target, "check_results_test::Coin");
  EXPECT_EQ(with.header, "coin.hpp");
  EXPECT_EQ(with.class_at.file, "/p/coin.hpp");
  EXPECT_EQ(with.class_at.line, 3u);
  EXPECT_EQ(with.checks, (std::vector<std::string>{"calls", "invariant"}));
  Api bare;
  bare.add_class<check_results_test::Bare>().constructor<>();
  emit::CheckResults without = emit::check_results(bare, "exhaustive", class_id<check_results_test::Bare>(), "");
  EXPECT_EQ(without.checks, (std::vector<std::string>{"calls"}));
  EXPECT_FALSE(without.class_at.known());
}

TEST(CheckOf, AMembersFindingIsOfTheCallsOrTheInvariant) {
  CheckResultsCoin c;
  EXPECT_EQ(emit::check_of(c.api, Outcome::Crash, c.op("flip")), "calls");
  EXPECT_EQ(emit::check_of(c.api, Outcome::Timeout, c.op("flip")), "calls");
  EXPECT_EQ(emit::check_of(c.api, Outcome::InvariantBroken, c.op("flip")), "invariant");
}

TEST(CheckOf, AContractChecksFindingIsOfItsContract) {
  CheckResultsCoin c;
  EXPECT_EQ(emit::check_of(c.api, Outcome::ContractBroken, c.contract(contracts::Contract::EqSymmetric)), "contract eq-symmetric");
  EXPECT_EQ(emit::check_of(c.api, Outcome::Crash, c.contract(contracts::Contract::CopyEqual)), "contract copy-equal");
  EXPECT_EQ(emit::check_of(c.api, Outcome::ContractBroken, c.contract(contracts::Contract::Invariant)), "invariant")
      << "random checks the invariant through a contract check";
}

TEST(ResultRecord, AMembersFindingIsBlamedOnItAndKeepsEachCall) {
  CheckResultsCoin c;
  FlatSequence seq;
  seq.calls.push_back({c.op("Coin"), {}});
  seq.calls.push_back({c.op("flip"), {0}});
  emit::ResultRecord r = emit::result_record(c.api, c.domain, Outcome::Crash, c.op("flip"), "SIGSEGV", 4, seq);
  EXPECT_EQ(r.check, "calls");
  EXPECT_EQ(r.kind, "crash");
  EXPECT_EQ(r.operation, "Coin::flip()");
  EXPECT_EQ(r.at.line, 7u);
  EXPECT_EQ(r.message, "SIGSEGV");
  EXPECT_EQ(r.hits, 4u);
  EXPECT_EQ(r.verdict, emit::Verdict::Bug);
  ASSERT_EQ(r.calls.size(), 2u);
  EXPECT_EQ(r.calls[0].statement, "auto v0 = std::make_shared<check_results_test::Coin>();");
  EXPECT_EQ(r.calls[0].operation, "Coin::Coin()");
  EXPECT_EQ(r.calls[0].at.line, 5u);
  EXPECT_EQ(r.calls[1].statement, "v0->flip();");
}

// The invariant checked after flip() is broken by flip(): its declaration is where to look.
TEST(ResultRecord, AnInvariantCheckBlamesTheMemberCalledBeforeIt) {
  CheckResultsCoin c;
  uint32_t check = c.contract(contracts::Contract::Invariant);
  emit::ResultRecord r = emit::result_record(c.api, c.domain, Outcome::ContractBroken, check, "broken", 1, c.flipped_then(check));
  EXPECT_EQ(r.at.file, "/p/coin.hpp");
  EXPECT_EQ(r.at.line, 7u);
  EXPECT_EQ(r.check, "invariant");
  EXPECT_EQ(r.kind, "contract");
}

TEST(ResultRecord, AnEqualityContractBlamesOperatorEquals) {
  CheckResultsCoin c;
  uint32_t check = c.contract(contracts::Contract::EqReflexive);
  emit::ResultRecord r = emit::result_record(c.api, c.domain, Outcome::ContractBroken, check, "a != a", 1, c.flipped_then(check));
  EXPECT_EQ(r.at.line, 9u);
}

// Copies are rarely registered members: the class itself is where to look.
TEST(ResultRecord, ACopyContractFallsBackToTheClass) {
  CheckResultsCoin c;
  uint32_t check = c.contract(contracts::Contract::CopyEqual);
  emit::ResultRecord r = emit::result_record(c.api, c.domain, Outcome::ContractBroken, check, "differs", 1, c.flipped_then(check));
  EXPECT_EQ(r.at.line, 3u);
  EXPECT_EQ(r.check, "contract copy-equal");
}

TEST(FindingKey, TheSameFaultWhateverTheNumbersInItsMessage) {
  emit::ResultRecord a;
  a.check = "calls";
  a.kind = "crash";
  a.at = {"/p/coin.hpp", 7};
  a.message = "read of 8 bytes at 0x7ffd1234";
  emit::ResultRecord b = a;
  b.message = "read of 4 bytes at 0x55aa";
  EXPECT_EQ(emit::finding_key(a), "calls\ncrash\n/p/coin.hpp:7\nread of # bytes at #");
  EXPECT_EQ(emit::finding_key(a), emit::finding_key(b));
  b.at.line = 8;
  EXPECT_NE(emit::finding_key(a), emit::finding_key(b));
}

TEST(ResultsJson, AnUnknownDeclarationIsNull) {
  emit::CheckResults r;
  r.command = "exhaustive";
  r.target = "Coin";
  emit::ResultRecord f;
  f.check = "calls";
  f.verdict = emit::Verdict::Unconfirmed;
  f.why = "not shown again";
  f.calls.push_back({"v0->flip();", "Coin::flip()", {}});
  r.results.push_back(f);
  nlohmann::json j = emit::results_json(r);
  EXPECT_TRUE(j["class_at"].is_null());
  EXPECT_TRUE(j["results"][0]["at"].is_null());
  EXPECT_TRUE(j["results"][0]["calls"][0]["at"].is_null());
  EXPECT_EQ(j["results"][0]["verdict"], "unconfirmed");
  emit::CheckResults back = emit::results_from_json(j);
  EXPECT_FALSE(back.results[0].at.known());
  EXPECT_EQ(back.results[0].verdict, emit::Verdict::Unconfirmed);
  EXPECT_EQ(back.results[0].why, "not shown again");
}

TEST(ResultsFromJson, NamesWhatIsMissingOrOfTheWrongType) {
  CheckResultsCoin c;
  emit::CheckResults r = emit::check_results(c.api, "random", c.id, "coin.hpp");
  r.results.push_back(emit::result_record(c.api, c.domain, Outcome::Crash, c.op("flip"), "SIGSEGV", 1, c.flipped_then(c.op("flip"))));
  nlohmann::json good = emit::results_json(r);
  nlohmann::json j = good;
  j.erase("command");
  EXPECT_EQ(check_results_error(j), "the report's results: \"command\" is missing");
  j = good;
  j["checks"] = "calls";
  EXPECT_EQ(check_results_error(j), "the report's results: \"checks\" is not of the expected type");
  j = good;
  j["results"][0]["hits"] = "many";
  EXPECT_EQ(check_results_error(j), "a result: \"hits\" is not of the expected type");
  j = good;
  j["results"][0]["verdict"] = "wontfix";
  EXPECT_EQ(check_results_error(j), "a result's verdict \"wontfix\" is none of bug, precondition, unconfirmed");
  j = good;
  j["class_at"].erase("line");
  EXPECT_EQ(check_results_error(j), "the report's results: \"line\" is missing");
  EXPECT_EQ(check_results_error(nlohmann::json::array()), "the report's results: \"command\" is missing");
}

}  // namespace
}  // namespace objgen
