// The fingerprint of a linearization's words and its root's class: what Linearizer::fingerprint
// computes, for code that makes the same words another way (a search's candidate vectors,
// gen/invariant/space_linearizer) and must land on the same fingerprints.
#pragma once

#include <cstdint>
#include <span>

#include "objgen/linearizer.hpp"

namespace objgen {

Fingerprint words_fingerprint(std::span<const uint64_t> words, ClassId root_class);

}  // namespace objgen
