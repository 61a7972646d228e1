// Binary min-heap of ints in an array (differential-testing subject, buggy version).
// PLANTED BUG: sift_down() takes the left child whenever it is smaller than the parent, even
// when the right child is smaller still, so top() is wrong after push 0,2,1,3 and pop.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace planted {

class MinHeap {
 public:
  void push(int x) {
    heap_.push_back(x);
    std::size_t i = heap_.size() - 1;
    while (i > 0 && heap_[(i - 1) / 2] > heap_[i]) {
      std::swap(heap_[(i - 1) / 2], heap_[i]);
      i = (i - 1) / 2;
    }
  }

  // Removes and returns the smallest element.
  int pop() {
    if (heap_.empty()) throw std::out_of_range("MinHeap::pop: empty");
    const int smallest = heap_.front();
    heap_.front() = heap_.back();
    heap_.pop_back();
    sift_down();
    return smallest;
  }

  int top() const {
    if (heap_.empty()) throw std::out_of_range("MinHeap::top: empty");
    return heap_.front();
  }

  std::size_t size() const { return heap_.size(); }

 private:
  void sift_down() {
    std::size_t i = 0;
    for (;;) {
      const std::size_t left = 2 * i + 1, right = left + 1;
      std::size_t least = i;
      if (left < heap_.size() && heap_[left] < heap_[i])
        least = left;
      else if (right < heap_.size() && heap_[right] < heap_[i])
        least = right;
      if (least == i) return;
      std::swap(heap_[i], heap_[least]);
      i = least;
    }
  }

  std::vector<int> heap_;
};

}  // namespace planted
