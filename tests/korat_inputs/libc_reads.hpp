// Invariants that read their object inside the C library (`objgen korat`, tests/korat_test.sh):
// each class comes twice, its invariant written with ==, std::equal, memcmp or strlen and again
// with explicit loops. A search that sees the C library's reads finds the same structures for
// both; one that does not leaves elements unvaried and finds fewer with the first.
// Then the invariants whose answer is worthless: one writes a field of its own object, one reads
// past a vector's capacity.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

namespace libc_reads {

// Two vectors with the same elements.
class SameByOperator {
 public:
  bool repOK() const { return left == right; }

 private:
  std::vector<int> left, right;
};

class SameByStdEqual {
 public:
  bool repOK() const { return std::equal(left.begin(), left.end(), right.begin(), right.end()); }

 private:
  std::vector<int> left, right;
};

class SameByMemcmp {
 public:
  bool repOK() const {
    return left.size() == right.size() && (left.empty() || std::memcmp(left.data(), right.data(), left.size() * sizeof(int)) == 0);
  }

 private:
  std::vector<int> left, right;
};

class SameByLoop {
 public:
  bool repOK() const {
    if (left.size() != right.size()) return false;
    for (std::size_t i = 0; i < left.size(); ++i)
      if (left[i] != right[i]) return false;
    return true;
  }

 private:
  std::vector<int> left, right;
};

// A C string in a vector of chars: one terminating zero, at the end, and none before it.
class TextByStrlen {
 public:
  bool repOK() const { return !text.empty() && text.back() == 0 && std::strlen(text.data()) + 1 == text.size(); }

 private:
  std::vector<char> text;
};

class TextByLoop {
 public:
  bool repOK() const {
    if (text.empty() || text.back() != 0) return false;
    for (std::size_t i = 0; i + 1 < text.size(); ++i)
      if (text[i] == 0) return false;
    return true;
  }

 private:
  std::vector<char> text;
};

// Counts its own calls in a field the search sets: the candidate it judges changes under it.
class CountsItsCalls {
 public:
  bool repOK() const { return ++calls >= 0; }

 private:
  mutable int calls = 0;
};

// Sums one element past the vector's capacity (undefined behaviour).
class PastTheCapacity {
 public:
  bool repOK() const { return items.data()[items.capacity()] >= 0 || items.empty(); }

 private:
  std::vector<int> items;
};

}  // namespace libc_reads
