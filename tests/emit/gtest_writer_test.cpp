// Which states a states suite holds, read from a store no strategy's result wraps.
#include <gtest/gtest.h>

#include <vector>

#include "emit/gtest_writer.hpp"
#include "heap/found_states.hpp"
#include "objgen/objgen.hpp"

namespace emitted {
struct Dot {
  int x = 0;
  void absorb(const Dot& other) { x += other.x; }
};
}  // namespace emitted
OBJGEN_FIELDS(emitted::Dot, x)

namespace objgen {
namespace {

// Operation 0: Dot(); operation 1: Dot::absorb(const Dot&), a receiver and one more object.
Api dot_api() {
  Api api;
  api.add_class<emitted::Dot>().constructor<>().method("absorb", &emitted::Dot::absorb);
  return api;
}

// Ten states of class 1 and, between them, five of class 2.
StateStore two_classes() {
  StateStore store;
  uint32_t seq = store.add_sequence(0, {});
  for (uint64_t i = 0; i < 15; ++i) store.add_state({i + 1, 0}, seq, 0, i % 3 == 2 ? 2 : 1, 1);
  return store;
}

TEST(EmittedStates, HoldsEveryTargetStateUpToTheCap) {
  StateStore store = two_classes();
  LiteralDomain domain = LiteralDomain::defaults(2);
  std::vector<uint32_t> operations{0};
  FoundStates found{store, domain, 1, operations};
  EXPECT_EQ(found.target_states().size(), 10u);
  EXPECT_EQ(emit::emitted_states(dot_api(), found, 0), found.target_states());
  EXPECT_EQ(emit::emitted_states(dot_api(), found, 10), found.target_states());
  EXPECT_EQ(emit::emitted_states(dot_api(), FoundStates{store, domain, 2, operations}, 0), (std::vector<uint32_t>{2, 5, 8, 11, 14}));
}

TEST(EmittedStates, SamplesEvenlyInTheOrderFoundPastTheCap) {
  StateStore store = two_classes();
  LiteralDomain domain = LiteralDomain::defaults(2);
  std::vector<uint32_t> operations{0};
  FoundStates found{store, domain, 1, operations};
  const std::vector<uint32_t>& all = found.target_states();
  EXPECT_EQ(emit::emitted_states(dot_api(), found, 5), (std::vector<uint32_t>{all[0], all[2], all[4], all[6], all[8]}));
}

TEST(EmittedStates, LeaveOutStatesTooLongToReplay) {
  // State k+1 is state k absorbing another state k: each rebuilt from its own calls, 2^(k+1) - 1
  // calls in all. Past kMaxFlattenedCalls a state is no test, whatever the cap.
  Api api = dot_api();
  StateStore store;
  uint32_t made = store.add_state({1, 0}, store.add_sequence(0, {}), 0, 1, 1);
  std::vector<uint32_t> chain{made};
  for (uint64_t k = 0; k < 12; ++k) {
    std::vector<ArgRef> args{ArgRef::state(chain.back()), ArgRef::state(chain.back())};
    chain.push_back(store.add_state({k + 2, 0}, store.add_sequence(1, args), 0, 1, 1));
  }
  LiteralDomain domain = LiteralDomain::defaults(2);
  std::vector<uint32_t> operations{0, 1};
  std::vector<uint32_t> kept = emit::emitted_states(api, FoundStates{store, domain, 1, operations}, 0);
  ASSERT_EQ(kept.size(), 9u);  // 1, 3, 7, ..., 511 calls; 1023 is one too many
  Replayer replayer(api, store, domain);
  EXPECT_EQ(replayer.flatten(kept.back()).calls.size(), 511u);
  EXPECT_EQ(replayer.flat_calls(chain.back(), 5000), 5000u) << "capped, never counted to 8191";
  EXPECT_EQ(replayer.flat_calls(chain[3], 5000), 15u);
}

}  // namespace
}  // namespace objgen
