// The distinct canonical states of a search from an invariant, in the order of their
// fingerprints (hi, then lo): what its report counts and digests.
#pragma once

#include <vector>

#include "objgen/linearizer.hpp"

namespace objgen::invariant {

// Sorts and removes repeats. Fingerprints are hashes, evenly spread: one pass buckets them by
// the top bits of `hi` and each small bucket is sorted alone (a comparison sort of a search's
// hundreds of thousands of states was about a tenth of its time).
std::vector<Fingerprint> distinct_sorted(std::vector<Fingerprint> fingerprints);

}  // namespace objgen::invariant
