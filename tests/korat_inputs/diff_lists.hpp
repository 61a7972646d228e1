// Sorted lists whose invariants disagree with their API, for the --against-api diff of
// tests/korat_test.sh: one invariant too weak (it forgets the order, so it accepts lists add()
// never builds), one too strong (it wants values strictly increasing, add() keeps duplicates).
#pragma once

namespace diffs {

template <bool Strict>
class SortedList {
 public:
  struct Node {
    Node* next = nullptr;
    int value = 0;
  };

  SortedList() = default;
  SortedList(const SortedList& other) {
    Node** tail = &head;
    for (const Node* n = other.head; n != nullptr; n = n->next) {
      *tail = new Node{nullptr, n->value};
      tail = &(*tail)->next;
    }
    size = other.size;
  }
  SortedList& operator=(const SortedList&) = delete;
  ~SortedList() {
    while (head != nullptr) {
      Node* next = head->next;
      delete head;
      head = next;
    }
  }

  void add(int v) {
    Node** at = &head;
    while (*at != nullptr && (*at)->value < v) at = &(*at)->next;
    *at = new Node{*at, v};
    ++size;
  }

  bool repOK() const {
    int n = 0;
    for (const Node* p = head; p != nullptr; p = p->next) {
      if (++n > size) return false;
      if (Strict && p->next != nullptr && !(p->value < p->next->value)) return false;
    }
    return n == size;
  }

 private:
  Node* head = nullptr;
  int size = 0;
};

using WeakSortedList = SortedList<false>;
using StrictSortedList = SortedList<true>;

}  // namespace diffs
