// Set of ints kept in a small inline buffer of two, moved to a heap block when it grows
// (heap-check subject, buggy version only).
// PLANTED BUG: growing allocates a block with room for the elements already held but not for the
// one being added, then writes it one element past the end of the block (a heap buffer overflow
// on the third insert of distinct values: insert(0), insert(1), insert(2)).
#pragma once

#include <algorithm>
#include <cstddef>

namespace planted {

class SmallVectorSet {
 public:
  SmallVectorSet() = default;
  SmallVectorSet(const SmallVectorSet& other) { copy_from(other); }
  SmallVectorSet& operator=(const SmallVectorSet& other) {
    if (this != &other) {
      release();
      copy_from(other);
    }
    return *this;
  }
  ~SmallVectorSet() { release(); }

  // Adds x; false when it was there already.
  bool insert(int x) {
    if (contains(x)) return false;
    if (size_ < capacity_)
      data()[size_++] = x;
    else
      grow_and_add(x);
    return true;
  }

  // Removes x; false when it was not there.
  bool erase(int x) {
    int* items = data();
    for (std::size_t i = 0; i < size_; ++i) {
      if (items[i] == x) {
        items[i] = items[size_ - 1];
        --size_;
        return true;
      }
    }
    return false;
  }

  bool contains(int x) const {
    const int* items = data();
    return std::find(items, items + size_, x) != items + size_;
  }

  std::size_t size() const { return size_; }
  bool on_heap() const { return heap_ != nullptr; }

 private:
  static constexpr std::size_t kInline = 2;

  int* data() { return heap_ != nullptr ? heap_ : inline_; }
  const int* data() const { return heap_ != nullptr ? heap_ : inline_; }

  // Moves the elements to a heap block with room for one more, then adds x.
  void grow_and_add(int x) {
    int* block = new int[size_];  // one too few: x does not fit
    std::copy(data(), data() + size_, block);
    block[size_] = x;
    release();
    heap_ = block;
    capacity_ = size_ + 1;
    ++size_;
  }

  void copy_from(const SmallVectorSet& other) {
    if (other.heap_ != nullptr) {
      heap_ = new int[other.capacity_];
      capacity_ = other.capacity_;
    } else {
      heap_ = nullptr;
      capacity_ = kInline;
    }
    size_ = other.size_;
    std::copy(other.data(), other.data() + other.size_, data());
  }

  void release() {
    delete[] heap_;
    heap_ = nullptr;
    capacity_ = kInline;
  }

  int inline_[kInline] = {0, 0};
  int* heap_ = nullptr;
  std::size_t capacity_ = kInline;
  std::size_t size_ = 0;
};

}  // namespace planted
