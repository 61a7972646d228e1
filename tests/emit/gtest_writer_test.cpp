// Which states a states suite holds, read from a store no strategy's result wraps.
#include <gtest/gtest.h>

#include <vector>

#include "emit/gtest_writer.hpp"
#include "heap/found_states.hpp"

namespace objgen {
namespace {

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
  EXPECT_EQ(emit::emitted_states(found, 0), found.target_states());
  EXPECT_EQ(emit::emitted_states(found, 10), found.target_states());
  EXPECT_EQ(emit::emitted_states(FoundStates{store, domain, 2, operations}, 0), (std::vector<uint32_t>{2, 5, 8, 11, 14}));
}

TEST(EmittedStates, SamplesEvenlyInTheOrderFoundPastTheCap) {
  StateStore store = two_classes();
  LiteralDomain domain = LiteralDomain::defaults(2);
  std::vector<uint32_t> operations{0};
  FoundStates found{store, domain, 1, operations};
  const std::vector<uint32_t>& all = found.target_states();
  EXPECT_EQ(emit::emitted_states(found, 5), (std::vector<uint32_t>{all[0], all[2], all[4], all[6], all[8]}));
}

}  // namespace
}  // namespace objgen
