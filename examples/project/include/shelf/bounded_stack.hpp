// A stack of at most eight ints with no bug, and a precondition it asserts: top() and pop() on an
// empty stack are the caller's fault, not the class's.
#pragma once

#include <cassert>

namespace shelf {

class BoundedStack {
 public:
  void push(int v) {
    if (size_ < 8) items_[size_++] = v;
  }
  void pop() {
    assert(size_ > 0 && "pop() of an empty stack");
    --size_;
  }
  int top() const {
    assert(size_ > 0 && "top() of an empty stack");
    return items_[size_ - 1];
  }
  int size() const { return size_; }
  bool repOK() const { return size_ >= 0 && size_ <= 8; }

 private:
  int items_[8] = {};
  int size_ = 0;
};

}  // namespace shelf
