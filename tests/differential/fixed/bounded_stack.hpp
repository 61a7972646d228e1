// Stack of ints holding at most `capacity` elements (differential-testing subject, fixed version).
// clear() keeps the storage for reuse: slots past size() may hold stale values.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace planted {

class BoundedStack {
 public:
  explicit BoundedStack(int capacity) {
    if (capacity < 1) throw std::invalid_argument("BoundedStack: capacity must be at least 1");
    capacity_ = static_cast<std::size_t>(capacity);
  }

  void push(int value) {
    if (size_ == capacity_) throw std::out_of_range("BoundedStack::push: full");
    items_.resize(size_);  // drop the slots a clear() left behind
    items_.push_back(value);
    ++size_;
  }

  int pop() {
    if (size_ == 0) throw std::out_of_range("BoundedStack::pop: empty");
    const int value = items_[size_ - 1];
    --size_;
    items_.resize(size_);
    return value;
  }

  void clear() { size_ = 0; }

  int top() const {
    if (size_ == 0) throw std::out_of_range("BoundedStack::top: empty");
    return items_[size_ - 1];
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == capacity_; }

 private:
  std::size_t capacity_ = 1;
  std::size_t size_ = 0;
  std::vector<int> items_;  // the first size_ are the stack, bottom first
};

}  // namespace planted
