// The set of nodes an invariant has visited, for the benchmark subjects of examples/invariants:
// where Korat's Java repOKs use a HashSet, these use a flat array searched in order (the
// structures have at most a few dozen nodes), so that a candidate costs no allocation. What the
// invariants read of the objects, and in what order, is the Java's.
#pragma once

#include <cstddef>

namespace invariants {

template <class T, std::size_t N = 64>
class VisitedSet {
 public:
  // Adds p; false when it was there already (Java's Set.add).
  bool insert(const T* p) {
    for (std::size_t i = 0; i < size_; ++i)
      if (items_[i] == p) return false;
    if (size_ == N) return false;  // more nodes than any finitization here has: not a valid shape
    items_[size_++] = p;
    return true;
  }
  std::size_t size() const { return size_; }

 private:
  const T* items_[N];
  std::size_t size_ = 0;
};

}  // namespace invariants
