#include <gtest/gtest.h>

#include "heap/state_store.hpp"

namespace {
using objgen::Fingerprint;

TEST(FingerprintSet, InsertFindAndGrow) {
  objgen::FingerprintSet set;
  for (uint32_t i = 0; i < 100000; ++i) EXPECT_TRUE(set.insert({i * 7919ull + 1, i}, i));
  for (uint32_t i = 0; i < 100000; ++i) {
    const uint32_t* id = set.find({i * 7919ull + 1, i});
    ASSERT_NE(id, nullptr);
    EXPECT_EQ(*id, i);
  }
  EXPECT_FALSE(set.insert({1, 0}, 5));
  EXPECT_EQ(set.find({2, 0}), nullptr);
  EXPECT_EQ(set.size(), 100000u);
}

TEST(FingerprintSet, TheZeroFingerprintIsStorable) {
  objgen::FingerprintSet set;
  EXPECT_TRUE(set.insert({0, 0}, 3));
  ASSERT_NE(set.find({0, 0}), nullptr);
}

TEST(StateStore, StatesAreUniqueAcrossSeals) {
  objgen::StateStore store;
  objgen::ArgRef args[] = {objgen::ArgRef::literal(2)};
  uint32_t seq = store.add_sequence(0, args);
  EXPECT_EQ(store.add_state({5, 5}, seq, 0, 1, 1), 0u);
  EXPECT_EQ(store.add_state({5, 5}, seq, 0, 1, 1), UINT32_MAX);
  store.seal();
  EXPECT_TRUE(store.contains_sealed({5, 5}));
  EXPECT_EQ(store.add_state({5, 5}, seq, 0, 1, 2), UINT32_MAX);
  EXPECT_EQ(store.add_state({6, 5}, seq, 0, 1, 2), 1u);
  EXPECT_EQ(store.states_of(1).size(), 2u);
  EXPECT_TRUE(store.args(seq, 1)[0].is_literal());
  EXPECT_EQ(store.args(seq, 1)[0].index(), 2u);
}

}  // namespace
