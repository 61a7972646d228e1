// The structures a search accepted, left in runs where the workers wrote them: each found by its
// number across runs, the memory holding them kept alive, and structures of a test's own.
#include "gen/invariant/found_structures.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace objgen::invariant {
namespace {

struct Chunk {
  std::vector<uint8_t> values;
  std::vector<Fingerprint> fingerprints;
};

TEST(FoundStructures, EachByItsNumberAcrossRuns) {
  auto a = std::make_shared<Chunk>(Chunk{{1, 2, 3, 4, 5, 6}, {{1, 0}, {2, 0}, {3, 0}}});
  auto b = std::make_shared<Chunk>(Chunk{{7, 8}, {{4, 0}}});
  FoundStructures found(2);
  found.add({a->values.data(), a->fingerprints.data(), 3}, a);
  found.add({b->values.data(), b->fingerprints.data(), 0}, b);  // an empty chunk: no run
  found.add({b->values.data(), b->fingerprints.data(), 1}, b);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found.runs().size(), 2u);
  for (size_t s = 0; s < 4; ++s) {
    EXPECT_EQ(found.vector(s)[0], 2 * s + 1) << s;
    EXPECT_EQ(found.vector(s)[1], 2 * s + 2) << s;
    EXPECT_EQ(found.fingerprint(s).lo, s + 1) << s;
  }
  std::vector<Fingerprint> all = found.fingerprints();
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[3].lo, 4u);
}

TEST(FoundStructures, KeepsTheMemoryItReadsAlive) {
  FoundStructures found(1);
  {
    auto chunk = std::make_shared<Chunk>(Chunk{{9}, {{5, 6}}});
    found.add({chunk->values.data(), chunk->fingerprints.data(), 1}, chunk);
  }
  EXPECT_EQ(found.vector(0)[0], 9);
  EXPECT_EQ(found.fingerprint(0).hi, 6u);
}

TEST(FoundStructures, OfATestsOwn) {
  FoundStructures found(3, {1, 2, 3, 4, 5, 6}, {{1, 1}, {2, 2}});
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found.vector(1)[2], 6);
  EXPECT_EQ(FoundStructures(3, {}, {}).size(), 0u);
}

}  // namespace
}  // namespace objgen::invariant
