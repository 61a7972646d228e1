// Set of ints kept as disjoint half-open intervals [lo, hi) (differential-testing subject, buggy
// version). Intervals that overlap or touch are merged, so [0,2) + [2,3) is the one interval [0,3).
// PLANTED BUG: after a merge the loop steps past the next span, so an add that bridges two
// spans ([0,1) + [2,3) + [1,2)) leaves two touching spans.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace planted {

class IntervalSet {
 public:
  // Adds every int in [lo, hi); lo == hi adds nothing, lo > hi throws std::invalid_argument.
  void add(int lo, int hi) {
    if (lo > hi) throw std::invalid_argument("IntervalSet::add: lo > hi");
    if (lo == hi) return;
    const auto at = std::upper_bound(spans_.begin(), spans_.end(), lo, [](int v, const Span& s) { return v < s.lo; });
    spans_.insert(at, Span{lo, hi});
    // Sorted by lo; merge each span into its predecessor when they overlap or touch.
    std::size_t i = 1;
    while (i < spans_.size()) {
      if (spans_[i - 1].hi >= spans_[i].lo) {
        spans_[i - 1].hi = std::max(spans_[i - 1].hi, spans_[i].hi);
        spans_.erase(spans_.begin() + static_cast<std::ptrdiff_t>(i));
      }
      ++i;
    }
  }

  bool contains(int x) const {
    for (const Span& s : spans_)
      if (s.lo <= x && x < s.hi) return true;
    return false;
  }

  std::size_t count_intervals() const { return spans_.size(); }

  // How many ints the set holds.
  int covered() const {
    int total = 0;
    for (const Span& s : spans_) total += s.hi - s.lo;
    return total;
  }

 private:
  struct Span {
    int lo;
    int hi;
  };
  std::vector<Span> spans_;  // sorted by lo
};

}  // namespace planted
