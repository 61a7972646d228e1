// A few of a run's states as a person reads them: the calls that build each and what the
// observers said of it, evenly spaced over the states a suite holds, the first and the last
// among them.
#include "emit/state_samples.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace state_samples_test {
struct Meter {
  int total = 0;
  void add(int v) { total += v; }
  int get() const { return total; }
};
}  // namespace state_samples_test
OBJGEN_FIELDS(state_samples_test::Meter, total)

namespace state_samples_test {

// Five states: Meter(), then each the one before with add(1) (operations 0, 1; 2 is get()).
struct FiveMeters {
  objgen::Api api;
  objgen::ClassId id = objgen::class_id<Meter>();
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);  // ints 0, 1, 2
  objgen::StateStore store;
  std::vector<uint32_t> operations{0, 1};
  FiveMeters() {
    api.add_class<Meter>().constructor<>().method("add", &Meter::add).method("get", &Meter::get);
    uint32_t last = store.add_state({1, 0}, store.add_sequence(0, {}), objgen::kResultSlot, id, 0);
    for (uint64_t k = 1; k < 5; ++k) {
      std::vector<objgen::ArgRef> args{objgen::ArgRef::state(last), objgen::ArgRef::literal(1)};
      last = store.add_state({k + 1, 0}, store.add_sequence(1, args), 0, id, static_cast<uint16_t>(k));
    }
  }
  objgen::FoundStates found() const { return objgen::FoundStates{store, domain, id, operations}; }
};

// Meter() followed by `adds` calls of add(1).
inline nlohmann::json meter_calls(int adds) {
  nlohmann::json calls = nlohmann::json::array({"auto v0 = std::make_shared<state_samples_test::Meter>();"});
  for (int k = 0; k < adds; ++k) calls.push_back("v0->add(1);");
  return calls;
}

}  // namespace state_samples_test

namespace objgen {
namespace {

using state_samples_test::meter_calls;

TEST(StateSamples, TheFirstTheLastAndEvenlyBetween) {
  state_samples_test::FiveMeters m;
  nlohmann::json samples = emit::state_samples(m.api, m.found(), nullptr, 0, 3);
  ASSERT_EQ(samples.size(), 3u) << samples.dump(1);
  EXPECT_EQ(samples[0], (nlohmann::json{{"state", 0}, {"calls", meter_calls(0)}, {"observers", nlohmann::json::array()}}));
  EXPECT_EQ(samples[1]["state"], 2);
  EXPECT_EQ(samples[1]["calls"], meter_calls(2));
  EXPECT_EQ(samples[2]["state"], 4);
  EXPECT_EQ(samples[2]["calls"], meter_calls(4));
}

TEST(StateSamples, OneSampleIsTheFirstStateAndMoreThanThereAreIsAll) {
  state_samples_test::FiveMeters m;
  nlohmann::json one = emit::state_samples(m.api, m.found(), nullptr, 0, 1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0]["state"], 0);
  nlohmann::json all = emit::state_samples(m.api, m.found(), nullptr, 0, 10);
  ASSERT_EQ(all.size(), 5u);
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i]["state"], i);
}

TEST(StateSamples, NoneAskedOrNoneFoundIsAnEmptyArray) {
  state_samples_test::FiveMeters m;
  EXPECT_EQ(emit::state_samples(m.api, m.found(), nullptr, 0, 0), nlohmann::json::array());
  StateStore empty;
  FoundStates none{empty, m.domain, m.id, m.operations};
  EXPECT_EQ(emit::state_samples(m.api, none, nullptr, 0, 3), nlohmann::json::array());
}

TEST(StateSamples, TheObserversOfEachSampledStateAreCallsOnItsObject) {
  state_samples_test::FiveMeters m;
  oracles::OracleResult observed;
  observed.states.resize(3);  // the last sampled state, index 4, was not observed
  observed.states[2].observed = {{2, Literal{LiteralKind::Int, 2}}};
  observed.states[1].observed = {{2, Literal{LiteralKind::Int, 1}}};  // not sampled
  nlohmann::json samples = emit::state_samples(m.api, m.found(), &observed, 0, 3);
  ASSERT_EQ(samples.size(), 3u);
  EXPECT_EQ(samples[0]["observers"], nlohmann::json::array());
  EXPECT_EQ(samples[1]["observers"], (nlohmann::json::array({{{"call", "v0->get()"}, {"value", "2"}}})));
  EXPECT_EQ(samples[2]["observers"], nlohmann::json::array());
}

}  // namespace
}  // namespace objgen
