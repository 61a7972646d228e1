// The distinct canonical states in fingerprint order: the same as a comparison sort and unique,
// for small sets and bucketed large ones, repeats and all-equal high words included.
#include "gen/invariant/fingerprint_set.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace fingerprint_set_test {
namespace {

using objgen::Fingerprint;

std::vector<Fingerprint> reference(std::vector<Fingerprint> v) {
  std::sort(v.begin(), v.end(), [](const Fingerprint& a, const Fingerprint& b) { return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo; });
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::vector<Fingerprint> random_fingerprints(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fingerprint> v(n);
  for (Fingerprint& f : v) f = {.lo = rng(), .hi = rng()};
  return v;
}

TEST(DistinctSorted, SmallAndEmptySets) {
  EXPECT_TRUE(objgen::invariant::distinct_sorted({}).empty());
  std::vector<Fingerprint> v{{.lo = 5, .hi = 2}, {.lo = 1, .hi = 9}, {.lo = 5, .hi = 2}, {.lo = 0, .hi = 9}};
  EXPECT_EQ(objgen::invariant::distinct_sorted(v), (std::vector<Fingerprint>{{.lo = 5, .hi = 2}, {.lo = 0, .hi = 9}, {.lo = 1, .hi = 9}}))
      << "hi first, then lo";
}

TEST(DistinctSorted, ALargeSetWithRepeatsIsTheComparisonSortsResult) {
  std::vector<Fingerprint> v = random_fingerprints(200000, 7);
  std::vector<Fingerprint> copy(v.begin(), v.begin() + 50000);
  v.insert(v.end(), copy.begin(), copy.end());  // each of these twice
  std::shuffle(v.begin(), v.end(), std::mt19937_64(3));
  std::vector<Fingerprint> got = objgen::invariant::distinct_sorted(v);
  EXPECT_EQ(got.size(), 200000u);
  EXPECT_EQ(got, reference(v));
}

TEST(DistinctSorted, FingerprintsSharingTheirHighWordLandInOneBucket) {
  std::vector<Fingerprint> v = random_fingerprints(10000, 11);
  for (size_t i = 0; i < 3000; ++i) v[i].hi = 42;  // one bucket holds them all
  EXPECT_EQ(objgen::invariant::distinct_sorted(v), reference(v));
}

}  // namespace
}  // namespace fingerprint_set_test
