// A closed interval of ints. Planted bug: operator< compares the lower ends with <=, so an interval
// is less than itself (a strict order must be irreflexive).
#pragma once

namespace shelf {

class Interval {
 public:
  Interval() = default;
  Interval(int lo, int hi) : lo_(lo), hi_(hi < lo ? lo : hi) {}
  void widen(int by) {
    if (by > 0) hi_ += by;
  }
  int length() const { return hi_ - lo_; }
  bool contains(int x) const { return lo_ <= x && x <= hi_; }
  bool operator==(const Interval& o) const { return lo_ == o.lo_ && hi_ == o.hi_; }
  bool operator<(const Interval& o) const { return lo_ <= o.lo_ && !(o.lo_ < lo_ && hi_ == o.hi_); }  // the fix: lo_ < o.lo_ || ...

 private:
  int lo_ = 0, hi_ = 0;
};

}  // namespace shelf
