#include "gen/invariant/fingerprint_set.hpp"

#include <algorithm>
#include <cstdint>

namespace objgen::invariant {
namespace {

bool before(const Fingerprint& a, const Fingerprint& b) { return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo; }

constexpr size_t kSmall = 4096;  // below this, one comparison sort

}  // namespace

std::vector<Fingerprint> distinct_sorted(std::vector<Fingerprint> fingerprints) {
  const size_t n = fingerprints.size();
  if (n < kSmall) {
    std::sort(fingerprints.begin(), fingerprints.end(), before);
  } else {
    // About eight per bucket: 2^bits buckets of the top bits of hi, in order.
    int bits = 1;
    while (bits < 24 && (size_t{1} << (bits + 3)) < n) ++bits;
    const int shift = 64 - bits;
    std::vector<uint32_t> start((size_t{1} << bits) + 1, 0);
    for (const Fingerprint& f : fingerprints) ++start[(f.hi >> shift) + 1];
    for (size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
    std::vector<Fingerprint> bucketed(n);
    std::vector<uint32_t> next(start.begin(), start.end() - 1);
    for (const Fingerprint& f : fingerprints) bucketed[next[f.hi >> shift]++] = f;
    for (size_t b = 0; b + 1 < start.size(); ++b)
      if (start[b + 1] - start[b] > 1) std::sort(bucketed.begin() + start[b], bucketed.begin() + start[b + 1], before);
    fingerprints.swap(bucketed);
  }
  fingerprints.erase(std::unique(fingerprints.begin(), fingerprints.end()), fingerprints.end());
  return fingerprints;
}

}  // namespace objgen::invariant
