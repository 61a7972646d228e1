// Fixed-capacity FIFO ring buffer of ints (differential-testing subject, buggy version).
// push on a full buffer and pop/front on an empty one throw std::out_of_range.
// PLANTED BUG: once the write index has wrapped past the read index, contains() misses the
// values written at the start of the slots.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace planted {

class RingBuffer {
 public:
  explicit RingBuffer(int capacity) {
    if (capacity < 1) throw std::invalid_argument("RingBuffer: capacity must be at least 1");
    slots_.assign(static_cast<std::size_t>(capacity), 0);
  }

  void push(int value) {
    if (count_ == slots_.size()) throw std::out_of_range("RingBuffer::push: full");
    slots_[tail_] = value;
    tail_ = next(tail_);
    ++count_;
  }

  int pop() {
    if (count_ == 0) throw std::out_of_range("RingBuffer::pop: empty");
    const int value = slots_[head_];
    head_ = next(head_);
    --count_;
    return value;
  }

  int front() const {
    if (count_ == 0) throw std::out_of_range("RingBuffer::front: empty");
    return slots_[head_];
  }

  bool contains(int value) const {
    if (empty()) return false;
    // Scans from the read index to the write index, or to the end of the slots when it wrapped.
    const std::size_t end = tail_ > head_ ? tail_ : slots_.size();
    for (std::size_t i = head_; i < end; ++i)
      if (slots_[i] == value) return true;
    return false;
  }

  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }

 private:
  std::size_t next(std::size_t i) const { return i + 1 == slots_.size() ? 0 : i + 1; }

  std::vector<int> slots_;
  std::size_t head_ = 0;  // read index
  std::size_t tail_ = 0;  // write index
  std::size_t count_ = 0;
};

}  // namespace planted
