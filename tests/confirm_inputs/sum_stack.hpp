// A stack that keeps the sum of its items, with its bug in pop(): it forgets the popped item's
// value unless the stack becomes empty (tests/cli_confirm_test.sh). pop()'s states break the
// invariant, so `--builders auto` leaves pop() out of the builders; the run must still report
// the broken invariant, with a sequence that calls pop().
#pragma once

namespace confirm {

class SumStack {
 public:
  void push(int v) {
    if (n_ == kCapacity) return;
    items_[n_++] = v;
    sum_ += v;
  }
  void pop() {
    if (n_ == 0) return;
    --n_;
    if (n_ == 0) sum_ = 0;  // the fix: sum_ -= items_[n_];
  }
  int size() const { return n_; }
  int sum() const { return sum_; }
  bool repOK() const {
    int s = 0;
    for (int i = 0; i < n_; ++i) s += items_[i];
    return s == sum_;
  }

 private:
  static constexpr int kCapacity = 4;
  int items_[kCapacity] = {};
  int n_ = 0;
  int sum_ = 0;
};

}  // namespace confirm
