// Classes whose state is held in std::vector fields, for `objgen korat` (tests/korat_test.sh): a
// vector is searched as a length and one field per element, Korat's arrays.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace vectors {

// Distinct ints kept in increasing order.
class SortedSet {
 public:
  void insert(int v) {
    auto at = std::lower_bound(items_.begin(), items_.end(), v);
    if (at == items_.end() || *at != v) items_.insert(at, v);
  }
  bool repOK() const {
    for (std::size_t i = 1; i < items_.size(); ++i)
      if (!(items_[i - 1] < items_[i])) return false;
    return true;
  }

 private:
  std::vector<int> items_;
};

// A tree whose nodes keep their children, in order, in a vector of pointers.
class OrderedTree {
 public:
  struct Node {
    std::vector<Node*> children;
  };
  bool repOK() const {
    if (root == nullptr) return size == 0;
    const Node* seen[16];
    int count = 0;
    const Node* work[16];
    int top = 0;
    work[top++] = root;
    while (top > 0) {
      const Node* n = work[--top];
      for (int i = 0; i < count; ++i)
        if (seen[i] == n) return false;
      if (count == 16) return false;
      seen[count++] = n;
      for (const Node* c : n->children) {
        if (c == nullptr || top == 16) return false;
        work[top++] = c;
      }
    }
    return count == size;
  }

 private:
  Node* root = nullptr;
  int size = 0;
};

// Korat's HeapArray example (korat.examples.heaparray): a max-heap in the first `size` slots of
// an array, -1 in the others. Java's array may be null (its repOK rejects that): a vector cannot.
class HeapArray {
 public:
  bool repOK() const {
    if (size < 0 || size > static_cast<int>(array.size())) return false;
    for (int i = 0; i < size; ++i) {
      int element = array[static_cast<std::size_t>(i)];
      if (element == -1) return false;
      if (i > 0 && element > array[static_cast<std::size_t>((i - 1) / 2)]) return false;
    }
    for (std::size_t i = static_cast<std::size_t>(size); i < array.size(); ++i)
      if (array[i] != -1) return false;
    return true;
  }

 private:
  int size = 0;
  std::vector<int> array;
};

// Korat's DisjSet example (korat.examples.disjset): union-find records, each a parent index and
// a rank, held in an array of pointers to them (a vector here, its elements never null).
class DisjSet {
 public:
  struct Record {
    int parent = 0;
    int rank = 0;
  };
  bool repOK() const {
    if (static_cast<int>(elements.size()) != size) return false;
    for (int i = 0; i < size - 1; ++i)
      for (int j = i + 1; j < size; ++j)
        if (at(i) == at(j)) return false;
    int roots = 0, rank_zero = 0;
    bool parent_seen[64] = {};
    if (size > 64) return false;
    for (int i = 0; i < size; ++i) {
      int parent = at(i)->parent;
      if (parent < 0 || parent >= size) return false;
      if (parent != i) {
        int parent_rank = at(parent)->rank;
        if (parent_rank <= at(i)->rank) return false;
        if (at(i)->rank == parent_rank - 1) parent_seen[parent] = true;
      } else {
        ++roots;
      }
    }
    for (int i = 0; i < size; ++i)
      if (!parent_seen[i] && at(i)->rank == 0) ++rank_zero;
    return roots <= rank_zero;
  }

 private:
  const Record* at(int i) const { return elements[static_cast<std::size_t>(i)]; }
  std::vector<Record*> elements;
  int size = 0;
};

// An invariant with an off-by-one: it reads one element past the end (undefined behaviour), which
// the search reports as a finding.
class PastTheEnd {
 public:
  bool repOK() const {
    int sum = 0;
    for (std::size_t i = 0; i <= items.size() && i < 2; ++i) sum += items.data()[i];
    return sum >= 0;
  }

 private:
  std::vector<int> items;
};

}  // namespace vectors
