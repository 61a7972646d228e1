// Hostile methods for objgen params: each fails (crashes, aborts under the checked build, divides
// by zero, hangs) unless its arguments or its receiver are what it needs. The search must survive
// every failure, name its cause and find inputs that run.
#pragma once

#include <cstddef>
#include <vector>

namespace hostile {

class Fragile {
 public:
  Fragile() = default;
  void add(int x) {
    if (v_.size() < 100) v_.push_back(x);
  }
  int size() const { return static_cast<int>(v_.size()); }
  // Out of range is undefined behaviour; the checked build's assertion catches it.
  int at(int i) const { return v_[static_cast<std::size_t>(i)]; }
  int ratio(int d) const { return 1000 / d; }  // SIGFPE at 0
  // Never returns for n outside 0..1000.
  int spin(int n) const {
    if (n < 0 || n > 1000)
      for (volatile int k = 0;; k = k + 1) {
      }
    return n;
  }
  int first() const {
    if (v_.empty()) {
      int* volatile nowhere = nullptr;
      return *nowhere;  // SIGSEGV on an empty receiver
    }
    return v_.front();
  }
  void reserveMore(int n) { v_.reserve(static_cast<std::size_t>(n)); }  // length_error for n < 0
  // Hopeless: never returns, whatever it is given; the search must give up on it and go on.
  void stall() {
    for (volatile int k = 0;; k = k + 1) {
    }
  }
  int last() const { return v_.back(); }  // after stall() in API order: still searched

 private:
  std::vector<int> v_;
};

}  // namespace hostile
