// What the primitive leaves of a test case's tree take: eCrash's terminals, the class's
// constants, and the constant pool of the methods under test (issue 36) with how often a fresh
// leaf is drawn from it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "analysis/constant_pool.hpp"
#include "model/literal_domain.hpp"

namespace objgen::evolve {

// Boundary values {-1, 0, 1}, false/true, chars a and z, doubles -1, 0, 0.5, 1, strings "" and
// "a"; each integer constant of the class under test with its neighbours c - 1, c, c + 1 when
// |c| <= 4096 (beyond, a whole class's masks and sizes are noise); and every value of the pool,
// of any size (a five-digit code, a string, a threshold with a fraction), numbers with their
// neighbours. At most 4096 ints (the pool's first, then those nearest 0), 1024 doubles, 256 strings.
LiteralDomain terminal_domain(const std::vector<int64_t>& class_constants, const analysis::ConstantPool& pool = {});

// Where the pool's values (and their neighbours) sit in a terminal domain, by kind, and the
// probability that a fresh leaf (initial trees, mutation, a template's free slot) is drawn among
// them rather than from the whole domain.
struct ConstantBias {
  std::array<std::vector<uint32_t>, 5> indices;
  double probability = 0;
};
ConstantBias constant_bias(const LiteralDomain& terminals, const analysis::ConstantPool& pool, double probability);

}  // namespace objgen::evolve
