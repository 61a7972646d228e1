// A ring of four slots. Planted bug: push() on a full ring overwrites the oldest item but forgets
// to move the head past it, so the ring's order is lost (repOK() is false).
#pragma once

#include <stdexcept>

namespace shelf {

class Ring {
 public:
  void push(int v) {
    items_[(head_ + size_) % kSlots] = v;
    if (size_ < kSlots) ++size_;  // the fix: else head_ = (head_ + 1) % kSlots;
    else overwritten_ = true;
  }
  int pop() {
    if (size_ == 0) throw std::out_of_range("Ring::pop on an empty ring");  // documented misuse
    int v = items_[head_];
    head_ = (head_ + 1) % kSlots;
    --size_;
    return v;
  }
  int size() const { return size_; }
  bool repOK() const { return size_ >= 0 && size_ <= kSlots && head_ >= 0 && head_ < kSlots && !overwritten_; }

 private:
  static constexpr int kSlots = 4;
  int items_[kSlots] = {};
  int head_ = 0, size_ = 0;
  bool overwritten_ = false;  // set when an overwrite left the head where it was
};

}  // namespace shelf
