// A hash set of ints with an insert that takes a precomputed hash beside the value, whose
// precondition is that the hash is the value's (std::hash<int>). objgen's literals break it: the
// element lands in the wrong bucket, contains() misses it and a == a is false. Not a bug of the
// set: builder identification must not choose insert_with_hash, and the states must be the
// subsets of the inserted values. With BuggyInsert, insert itself misplaces 2 (a real bug every
// builder set shows: nothing may be ruled out for it).
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <vector>

namespace shapes {

template <bool BuggyInsert>
class BasicHintedSet {
 public:
  void insert(int value) {
    std::size_t h = std::hash<int>{}(value);
    if (BuggyInsert && value == 2) h += 1;
    insert_with_hash(h, value);
  }
  // Precondition: hash == std::hash<int>{}(value).
  void insert_with_hash(std::size_t hash, int value) {
    std::vector<int>& bucket = buckets_[hash % kBuckets];
    for (int v : bucket)
      if (v == value) return;
    bucket.push_back(value);
    ++size_;
  }
  bool contains(int value) const {
    for (int v : buckets_[std::hash<int>{}(value) % kBuckets])
      if (v == value) return true;
    return false;
  }
  std::size_t size() const { return size_; }

  friend bool operator==(const BasicHintedSet& a, const BasicHintedSet& b) {
    if (a.size_ != b.size_) return false;
    for (const std::vector<int>& bucket : a.buckets_)
      for (int v : bucket)
        if (!b.contains(v)) return false;
    return true;
  }

 private:
  static constexpr std::size_t kBuckets = 8;
  std::array<std::vector<int>, kBuckets> buckets_;  // a fixed count: not bounded by the scope
  std::size_t size_ = 0;
};

using HintedSet = BasicHintedSet<false>;

}  // namespace shapes
