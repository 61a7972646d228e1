// A deep-object subject whose writers misbehave for one value each: a setter that aborts and a
// mutator that loops forever. Seeded templates call them; the search must go on.
#pragma once

#include <cstdlib>
#include <vector>

namespace hostile {

class Cell {
 public:
  Cell() = default;
  void set(int v) {
    if (v == kPoison) std::abort();
    value_ = v;
  }
  void grow(int n) {
    if (n == kSpin)
      for (volatile int i = 0;; i = i + 1) {
      }
    if (n > 0 && cells_.size() < 8) cells_.push_back(n);
  }
  int value() const { return value_; }
  int size() const { return static_cast<int>(cells_.size()); }
  static constexpr int kPoison = 13;
  static constexpr int kSpin = 17;

 private:
  int value_ = 0;
  std::vector<int> cells_;
};

class Probe {
 public:
  Probe() = default;
  int look(const Cell& c) const {
    if (c.size() > 3 && c.value() == 5) return 2;
    return c.size() > 1 ? 1 : 0;
  }
};

}  // namespace hostile
