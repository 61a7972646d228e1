// An array that only grows and never moves its elements: in-process workers read the states of
// earlier iterations while the parent appends new ones.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

namespace objgen {

template <class T>
class AppendOnlyArray {
 public:
  static constexpr size_t kBlockBits = 16;
  static constexpr size_t kBlock = size_t{1} << kBlockBits;

  AppendOnlyArray() { blocks_.reserve(kMaxBlocks); }

  // Appends n contiguous elements (never split across blocks); returns the first index.
  size_t append(const T* values, size_t n) {
    if (n > kBlock) throw std::length_error("objgen: sequence too long");
    if ((size_ & (kBlock - 1)) + n > kBlock) size_ = (size_ | (kBlock - 1)) + 1;  // next block
    while (((size_ + n - 1) >> kBlockBits) >= blocks_.size() || blocks_.empty()) {
      if (blocks_.size() == kMaxBlocks) throw std::length_error("objgen: state store full");
      blocks_.push_back(std::make_unique<T[]>(kBlock));
      ++live_blocks_;
    }
    size_t first = size_;
    for (size_t i = 0; i < n; ++i) (*this)[first + i] = values[i];
    size_ += n;
    return first;
  }
  size_t push_back(const T& v) { return append(&v, 1); }

  T& operator[](size_t i) { return blocks_[i >> kBlockBits][i & (kBlock - 1)]; }
  const T& operator[](size_t i) const { return blocks_[i >> kBlockBits][i & (kBlock - 1)]; }
  // An empty span names no element, and its block may not exist yet (a call without arguments
  // before any call with some): indexing it would read past blocks_'s end (UBSan, issue 35).
  std::span<const T> span(size_t first, size_t n) const {
    if (n == 0) return {};
    return {&(*this)[first], n};
  }
  // Whether span(first, n) lies within what was appended, in one block (as append() puts it).
  bool holds_span(size_t first, size_t n) const {
    if (n == 0) return first <= size_;
    return first + n <= size_ && first >> kBlockBits == (first + n - 1) >> kBlockBits;
  }
  size_t size() const { return size_; }
  // Frees the blocks that lie wholly below `index` (never read again by the caller).
  void release_below(size_t index) {
    for (size_t b = 0; b < blocks_.size() && (b + 1) * kBlock <= index; ++b)
      if (blocks_[b]) {
        blocks_[b].reset();
        --live_blocks_;
      }
  }
  size_t memory_bytes() const { return live_blocks_ * kBlock * sizeof(T); }

 private:
  static constexpr size_t kMaxBlocks = size_t{1} << 16;  // reserved up front: never reallocated
  std::vector<std::unique_ptr<T[]>> blocks_;
  size_t size_ = 0;
  size_t live_blocks_ = 0;
};

}  // namespace objgen
