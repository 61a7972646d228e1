// Confirming findings: a sequence replayed alone in a fresh worker either shows the finding's
// fault in its last call or says why not; a fault that needs a worker's earlier calls (a static
// counter) is not confirmed, a fault of the sequence itself is, and a broken invariant is
// re-checked on the object it was found on.
#include "gen/minimize/confirm.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "gen/oracles/contracts.hpp"
#include "objgen/objgen.hpp"

namespace confirm_test {
// add() crashes once the total passes 4 (a bug of the sequence); poke() crashes on every third
// call in a process, whatever the object (a fault only a busy worker shows).
class Tally {
 public:
  void add(int v) {
    n_ += v;
    if (n_ > 4) std::raise(SIGSEGV);
  }
  void poke() {
    static int calls = 0;
    if (++calls % 3 == 0) std::raise(SIGSEGV);
  }
  bool small() const { return n_ < 3; }  // the invariant: broken past 2
  // Slow for 2 (0.3 s: past a 0.1 s limit, within the longer one of a replay), a hang for 1.
  void wait(int v) {
    if (v == 2) std::this_thread::sleep_for(std::chrono::milliseconds(300));
    while (v == 1) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }

  int n_ = 0;  // public: OBJGEN_FIELDS reads it
};
}  // namespace confirm_test

OBJGEN_FIELDS(confirm_test::Tally, n_)

namespace objgen::minimize {
namespace {

struct ConfirmFixture {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);  // ints 0..2
  uint32_t make = 0, add = 0, poke = 0, wait = 0;
  ConfirmFixture() {
    api.add_class<confirm_test::Tally>()
        .constructor<>()
        .method("add", &confirm_test::Tally::add)
        .method("poke", &confirm_test::Tally::poke)
        .method("wait", &confirm_test::Tally::wait)
        .invariant(&confirm_test::Tally::small, "small");
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const std::string& name = api.operations()[i].name;
      if (name == "add") add = i;
      if (name == "poke") poke = i;
      if (name == "wait") wait = i;
      if (name == "Tally") make = i;
    }
  }
  // A Tally, then `calls` on it: add's argument is a literal index (the value itself here).
  FlatSequence sequence(const std::vector<std::pair<uint32_t, int>>& calls) const {
    FlatSequence s;
    s.calls.push_back(FlatCall{make, {}, {0}});
    for (auto [op, value] : calls)
      s.calls.push_back(op == add || op == wait ? FlatCall{op, {0, -1 - value}, {0, -1, -1}} : FlatCall{op, {0}, {0, -1}});
    s.result_value = 0;
    return s;
  }
  std::vector<std::string> confirm(const std::vector<SequenceFinding>& findings) const {
    return confirm_findings(api, domain, findings, {});
  }
};

TEST(ConfirmFindings, AFaultOfTheSequenceIsConfirmed) {
  ConfirmFixture f;
  SequenceFinding crash{Outcome::Crash, f.add, "SIGSEGV", f.sequence({{f.add, 2}, {f.add, 2}, {f.add, 2}}), f.domain};
  EXPECT_EQ(f.confirm({crash}), std::vector<std::string>{""});
}

TEST(ConfirmFindings, AConfirmedCrashIsShownAsItsReplayEnded) {
  ConfirmFixture f;
  // Found as "SIGBUS" by a worker (its heap damaged by earlier calls, say): the test shows SIGSEGV.
  SequenceFinding crash{Outcome::Crash, f.add, "SIGBUS", f.sequence({{f.add, 2}, {f.add, 2}, {f.add, 2}}), f.domain};
  SequenceFinding alone{Outcome::Crash, f.poke, "SIGSEGV", f.sequence({{f.poke, 0}}), f.domain};
  std::vector<std::string> shown;
  std::vector<std::string> why = confirm_findings(f.api, f.domain, {crash, alone}, {}, &shown);
  ASSERT_EQ(shown.size(), 2u);
  EXPECT_EQ(why[0], "");
  EXPECT_NE(shown[0].find("SIGSEGV"), std::string::npos) << shown[0];
  EXPECT_EQ(shown[1], "") << "not confirmed: nothing shown";
}

TEST(ConfirmFindings, AFaultOnlyABusyWorkerShowsIsNot) {
  ConfirmFixture f;
  // Found as the third poke() of a worker, after other sequences' calls: alone it returns.
  SequenceFinding crash{Outcome::Crash, f.poke, "SIGSEGV", f.sequence({{f.poke, 0}}), f.domain};
  std::vector<std::string> why = f.confirm({crash, crash});
  ASSERT_EQ(why.size(), 2u);
  EXPECT_EQ(why[0], "its replay in a fresh process returned normally");
  EXPECT_EQ(why[1], why[0]) << "each replay has a fresh worker";
}

TEST(ConfirmFindings, AnotherOutcomeOrAnEarlierEndIsNotTheFinding) {
  ConfirmFixture f;
  SequenceFinding thrown{Outcome::Failure, f.add, "std::runtime_error", f.sequence({{f.add, 2}, {f.add, 2}, {f.add, 2}}), f.domain};
  SequenceFinding later{Outcome::Crash, f.add, "SIGSEGV", f.sequence({{f.add, 2}, {f.add, 2}, {f.add, 2}, {f.add, 0}}), f.domain};
  std::vector<std::string> why = f.confirm({thrown, later});
  EXPECT_NE(why[0].find("ended with crash instead of failure"), std::string::npos) << why[0];
  EXPECT_NE(why[1].find("ended earlier, with crash in call 4 of 5"), std::string::npos) << why[1];
}

// A timeout met under a 0.1 s limit is replayed with a longer one: a call that was only slow
// returns and is not confirmed as a hang; one that never returns is.
TEST(ConfirmFindings, ATimeoutIsReplayedWithALongerLimit) {
  ConfirmFixture f;
  SequenceFinding slow{Outcome::Timeout, f.wait, "no return within 0.1 s", f.sequence({{f.wait, 2}}), f.domain};
  SequenceFinding hang{Outcome::Timeout, f.wait, "no return within 0.1 s", f.sequence({{f.wait, 1}}), f.domain};
  ConfirmOptions options;
  options.call_timeout_seconds = 0.1;
  std::vector<std::string> why = confirm_findings(f.api, f.domain, {slow, hang}, options);
  EXPECT_EQ(why[0], "its replay in a fresh process returned within 1.1 s (the limit was 0.1 s): a slow call, not a hang");
  EXPECT_EQ(why[1], "");
}

TEST(ConfirmFindings, ASequenceLessFindingIsNeverConfirmed) {
  ConfirmFixture f;
  SequenceFinding crash{Outcome::Crash, f.poke, "SIGSEGV", {}, f.domain};
  EXPECT_FALSE(f.confirm({crash})[0].empty());
}

TEST(ConfirmFindings, ABrokenInvariantIsCheckedOnItsObject) {
  ConfirmFixture f;
  contracts::ContractSet only_invariant;
  only_invariant.on[static_cast<size_t>(contracts::Contract::Invariant)] = true;
  std::vector<uint32_t> checks = contracts::add_contract_operations(f.api, class_id<confirm_test::Tally>(), {only_invariant});
  ASSERT_EQ(checks.size(), 1u);
  FlatSequence broken = followed_by_check(f.sequence({{f.add, 2}, {f.add, 1}}), checks[0], 0);
  FlatSequence holding = followed_by_check(f.sequence({{f.add, 2}}), checks[0], 0);
  std::vector<std::string> why = f.confirm({{Outcome::InvariantBroken, checks[0], "invariant", broken, f.domain},
                                            {Outcome::InvariantBroken, checks[0], "invariant", holding, f.domain}});
  EXPECT_EQ(why[0], "");
  EXPECT_EQ(why[1], "its replay in a fresh process returned normally");
}

}  // namespace
}  // namespace objgen::minimize
