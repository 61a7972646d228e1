// A range of integers kept as the bounds it was given, closed [lo, hi] or half-open [lo, hi):
// [0, 1] and [0, 2) are two forms of one range, and operator== compares the ranges. At ints
// 0..n-1 there are 1 + n^2 forms (the empty default, n(n+1)/2 closed, n(n-1)/2 half-open) and
// 1 + n(n+1)/2 ranges. HashedIntRange is the same with a std::hash that agrees with ==.
#pragma once

#include <cstddef>
#include <functional>
#include <stdexcept>

namespace shapes {

template <bool Hashed>
class BasicIntRange {
 public:
  void assign_closed(int lo, int hi) {
    if (lo > hi) throw std::invalid_argument("assign_closed: lo > hi");
    lo_ = lo, hi_ = hi, closed_ = true;
  }
  void assign_half_open(int lo, int hi) {
    if (lo >= hi) throw std::invalid_argument("assign_half_open: lo >= hi");
    lo_ = lo, hi_ = hi, closed_ = false;
  }
  bool empty() const { return closed_ ? lo_ > hi_ : lo_ >= hi_; }
  int first() const { return lo_; }
  int past_last() const { return closed_ ? hi_ + 1 : hi_; }
  int size() const { return empty() ? 0 : past_last() - lo_; }
  bool contains(int x) const { return !empty() && x >= lo_ && x < past_last(); }
  bool operator==(const BasicIntRange& o) const {
    if (empty() || o.empty()) return empty() && o.empty();
    return lo_ == o.lo_ && past_last() == o.past_last();
  }

 private:
  int lo_ = 0, hi_ = 0;
  bool closed_ = false;
};

using IntRange = BasicIntRange<false>;
using HashedIntRange = BasicIntRange<true>;

}  // namespace shapes

template <>
struct std::hash<shapes::HashedIntRange> {
  size_t operator()(const shapes::HashedIntRange& r) const {
    return r.empty() ? 0 : static_cast<size_t>(r.first()) * 1000 + static_cast<size_t>(r.past_last());
  }
};
