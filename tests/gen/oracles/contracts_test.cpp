// Contracts and minimization in process: each buggy_* example breaks its contract and no other,
// a correct class breaks none, and every minimized sequence is 1-minimal, checked here by
// removing each call and re-running it in a test worker.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <regex>

#include "gen/minimize/delta_debugging.hpp"
#include "gen/oracles/contracts.hpp"
#include "gen/random/random_batch.hpp"
#include "model/selection.hpp"
#include "objgen/example.hpp"
#include "objgen/objgen.hpp"

// A number that reserves room: a copy reserves only what it needs, so its canonical state (which
// reads `room`) and its reserved() differ from the original's while == and get() agree.
namespace spare {
struct Roomy {
  int value = 0;
  int room = 8;
  Roomy() = default;
  Roomy(const Roomy& o) : value(o.value), room(1) {}
  Roomy& operator=(const Roomy& o) {
    value = o.value;
    room = 1;
    return *this;
  }
  void set(int v) { value = v; }
  int get() const { return value; }
  int reserved() const { return room; }
  bool operator==(const Roomy& o) const { return value == o.value; }
};
// Its copy loses the value: the observer and == see it.
struct Forgetful {
  int value = 0;
  Forgetful() = default;
  Forgetful(const Forgetful&) {}
  Forgetful& operator=(const Forgetful&) { return *this; }
  void set(int v) { value = v; }
  int get() const { return value; }
  bool operator==(const Forgetful& o) const { return value == o.value; }
};
// Its copy loses the value, and nothing but the canonical state can tell.
struct Mute {
  int value = 0;
  Mute() = default;
  Mute(const Mute&) {}
  Mute& operator=(const Mute&) { return *this; }
  void set(int v) { value = v; }
};
}  // namespace spare

OBJGEN_FIELDS(spare::Roomy, value, room)
OBJGEN_FIELDS(spare::Forgetful, value)
OBJGEN_FIELDS(spare::Mute, value)

namespace objgen {
namespace {

struct Run {
  Api api;
  random::RandomOptions options;
  std::vector<SequenceFinding> findings;
};

// A random run with contracts on the class `register_target` registers and returns.
std::unique_ptr<Run> random_run(const std::function<ClassId(Api&)>& register_target, uint64_t calls = 40000) {
  auto r = std::make_unique<Run>();
  const ClassInfo* target = r->api.find_class(register_target(r->api));
  r->options.target = target->id;
  r->options.scope = 5;
  r->options.domain = LiteralDomain::defaults(3);
  r->options.operations = select_operations(r->api, target->id, {"all"});
  r->options.max_calls = calls;
  r->options.seed = 5;
  r->options.contract_checks = contracts::add_contract_operations(r->api, target->id, {});
  random::RandomBatchOptions batch;
  batch.workers = 1;
  r->findings = random::run_random_batch(r->api, {r->options}, batch)[0].findings;
  return r;
}

std::unique_ptr<Run> random_run(const std::string& example, uint64_t calls = 40000) {
  return random_run(
      [&](Api& api) {
        const Example* ex = find_example(example);
        ex->register_api(api);
        return api.find_class(ex->target)->id;
      },
      calls);
}

template <class T>
ClassId register_settable(Api& api, bool observed) {
  auto b = api.add_class<T>();
  b.template constructor<>().method("set", &T::set);
  if constexpr (requires(const T& t) { t.get(); }) {
    if (observed) b.method("get", &T::get);
  }
  if constexpr (requires(const T& t) { t.reserved(); }) {
    if (observed) b.method("reserved", &T::reserved);
  }
  return class_id<T>();
}

std::vector<std::string> contracts_broken(const Run& r) {
  std::vector<std::string> out;
  for (const SequenceFinding& f : r.findings) out.push_back(r.api.operations()[f.op].name + " " + outcome_name(f.kind));
  return out;
}

TEST(Contracts, EachBuggyExampleBreaksItsOwnContract) {
  EXPECT_EQ(contracts_broken(*random_run("buggy_copy")), std::vector<std::string>{"contract copy-independent via add contract"});
  EXPECT_EQ(contracts_broken(*random_run("buggy_equals")), std::vector<std::string>{"contract eq-symmetric contract"});
  EXPECT_EQ(contracts_broken(*random_run("buggy_hash")), std::vector<std::string>{"contract hash-eq contract"});
  auto move = contracts_broken(*random_run("buggy_move"));
  ASSERT_FALSE(move.empty());
  for (const std::string& f : move) EXPECT_EQ(f.rfind("contract moved-from", 0), 0u) << f;
}

TEST(Contracts, CorrectClassesBreakNone) {
  for (const char* ex : {"sll", "dll", "binheap", "rbt", "stdset"}) EXPECT_TRUE(random_run(ex, 20000)->findings.empty()) << ex;
}

// State is what the class can tell apart: where it has ==, == decides (a copy's reserved room,
// which an observer shows and == ignores, breaks no contract); a difference == sees does; with
// neither == nor an observer, the canonical state is all there is and decides.
TEST(Contracts, ADifferenceOnlyTheCanonicalStateSeesIsNotABreak) {
  EXPECT_TRUE(contracts_broken(*random_run([](Api& api) { return register_settable<spare::Roomy>(api, true); }, 4000)).empty());
  auto forgetful = contracts_broken(*random_run([](Api& api) { return register_settable<spare::Forgetful>(api, true); }, 4000));
  EXPECT_NE(std::find(forgetful.begin(), forgetful.end(), "contract copy-equal contract"), forgetful.end())
      << ::testing::PrintToString(forgetful);
  auto mute = contracts_broken(*random_run([](Api& api) { return register_settable<spare::Mute>(api, false); }, 4000));
  EXPECT_NE(std::find(mute.begin(), mute.end(), "contract copy-equal contract"), mute.end()) << ::testing::PrintToString(mute);
}

TEST(Contracts, SpecParsing) {
  using contracts::Contract;
  using contracts::ContractSet;
  EXPECT_TRUE(ContractSet::parse("all").has(Contract::HashEq));
  EXPECT_FALSE(ContractSet::parse("all,-hash-eq").has(Contract::HashEq));
  EXPECT_TRUE(ContractSet::parse("all,-hash-eq").has(Contract::EqSymmetric));
  EXPECT_EQ(ContractSet::parse("none,copy-equal").names(), "copy-equal");
  EXPECT_EQ(ContractSet::parse("none").names(), "none");
  EXPECT_THROW(ContractSet::parse("copy-eq"), std::invalid_argument);
}

// v0 = List(); v0.add(x); v1 = List(); v1.add(y); v0.contains(z)
TEST(Minimize, RemovingACallRemovesTheCallsUsingWhatItBuilt) {
  Api api;
  find_example("sll")->register_api(api);
  ClassId list = api.find_class("examples::SinglyLinkedList")->id;
  uint32_t ctor = select_operations(api, list, {"SinglyLinkedList"}, false)[0];
  uint32_t add = select_operations(api, list, {"add"}, false)[0];
  uint32_t contains = select_operations(api, list, {"contains"}, false)[0];
  FlatSequence s;
  s.calls = {{ctor, {}, {0}}, {add, {0, -1}, {0, -1, -1}}, {ctor, {}, {1}}, {add, {1, -2}, {1, -1, -1}}, {contains, {0, -3}, {0, -1, -1}}};
  s.result_value = 0;
  auto without_first = minimize::without_calls(s, {true, false, false, false, false});
  EXPECT_FALSE(without_first.has_value());  // the last call used v0
  auto without_second_list = minimize::without_calls(s, {false, false, true, false, false});
  ASSERT_TRUE(without_second_list.has_value());
  EXPECT_EQ(without_second_list->calls.size(), 3u);
  EXPECT_EQ(without_second_list->calls[2].op, contains);
  FlatSequence swapped = s;
  swapped.calls[4].args[0] = 1;
  swapped.calls[4].produced[0] = 1;
  auto renumbered = minimize::without_calls(swapped, {true, false, false, false, false});
  ASSERT_TRUE(renumbered.has_value());
  ASSERT_EQ(renumbered->calls.size(), 3u);
  EXPECT_EQ(renumbered->calls[0].produced.back(), 0);  // v1 became v0
  EXPECT_EQ(renumbered->calls[2].args[0], 0);
}

TEST(Minimize, EveryMinimizedSequenceIsOneMinimal) {
  for (const char* ex : {"buggy_equals", "buggy_hash", "buggy_move", "buggy_copy", "buggy_abort", "buggy_throw"}) {
    auto r = random_run(ex);
    ASSERT_FALSE(r->findings.empty()) << ex;
    minimize::MinimizeOptions mo;
    minimize::FindingOracle oracle(r->api, r->options.domain, mo);
    for (const SequenceFinding& f : r->findings) {
      minimize::Minimized m = minimize::minimize_finding(r->api, f, oracle, mo);
      ASSERT_TRUE(m.reproduced) << ex << ": " << f.message;
      EXPECT_TRUE(m.one_minimal) << ex;
      EXPECT_LE(m.sequence.calls.size(), f.sequence.calls.size());
      SequenceFinding reference = f;
      auto same = [&](const FlatSequence& s) {
        auto v = oracle.run(f, {s})[0];
        return v.same_call && v.bucket == finding_bucket(SequenceFinding{f.kind, f.op, m.message, {}, {}});
      };
      EXPECT_TRUE(same(m.sequence)) << ex;
      for (size_t i = 0; i + 1 < m.sequence.calls.size(); ++i) {
        std::vector<bool> drop(m.sequence.calls.size(), false);
        drop[i] = true;
        auto smaller = minimize::without_calls(m.sequence, drop);
        if (smaller) {
          EXPECT_FALSE(same(*smaller)) << ex << ": call " << i << " could go";
        }
      }
    }
  }
}

}  // namespace
}  // namespace objgen
