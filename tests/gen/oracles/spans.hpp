// A span of integers kept as closed [lo, hi] or half-open [lo, hi) bounds, with operator==
// variants: at int range 0..n-1 it has 1 + n^2 canonical forms (the empty default, n(n+1)/2
// closed, n(n-1)/2 half-open) and 1 + n(n+1)/2 values, since [l, h) is [l, h-1]. Shared by the
// tests of states grouped under == (gen/oracles/equal_states) and of proofs that group them
// (gen/builders/verify).
#pragma once

#include <csignal>
#include <cstddef>
#include <functional>
#include <stdexcept>

#include "objgen/objgen.hpp"

namespace spans {
enum class Equality { Sets, SetsHashed, OneWay, CrashesOnTwo };

template <Equality E>
struct Span {
  int lo = 0, hi = 0;
  bool closed = false;
  void set_closed(int l, int h) {
    if (l > h) throw std::invalid_argument("lo > hi");
    lo = l, hi = h, closed = true;
  }
  void set_half_open(int l, int h) {
    if (l >= h) throw std::invalid_argument("lo >= hi");
    lo = l, hi = h, closed = false;
  }
  bool empty() const { return closed ? lo > hi : lo >= hi; }
  int end() const { return closed ? hi + 1 : hi; }
  bool operator==(const Span& o) const {
    if constexpr (E == Equality::CrashesOnTwo)
      if (lo == 2 || o.lo == 2) std::raise(SIGSEGV);
    if (empty() || o.empty()) return empty() && o.empty();
    if constexpr (E == Equality::OneWay) return lo <= o.lo && end() >= o.end();  // o lies within: a subset test
    return lo == o.lo && end() == o.end();
  }
};
}  // namespace spans

template <>
struct std::hash<spans::Span<spans::Equality::SetsHashed>> {
  size_t operator()(const spans::Span<spans::Equality::SetsHashed>& s) const {
    return s.empty() ? 0 : size_t(s.lo) * 1000 + size_t(s.end());
  }
};

OBJGEN_FIELDS(spans::Span<spans::Equality::Sets>, lo, hi, closed)
OBJGEN_FIELDS(spans::Span<spans::Equality::SetsHashed>, lo, hi, closed)
OBJGEN_FIELDS(spans::Span<spans::Equality::OneWay>, lo, hi, closed)
OBJGEN_FIELDS(spans::Span<spans::Equality::CrashesOnTwo>, lo, hi, closed)
