// The doubly linked list of Korat's benchmark (the BEAPI artifact's korat.examples
// .doublylinkedlist.DoublyLinkedList), fields and repOK in the same order: a circular list through
// `next` and `previous` from a header that holds an element itself (an empty list's header has
// none and points to itself), `size` entries. The Java element is an Integer or null; here an int
// where -1 stands for null (the same values, null first).
//
//   objgen korat --header examples/invariants/doubly_linked_list.hpp --class invariants::DoublyLinkedList
//       --scope 7 --range size=0..7 --range element=-1..6
//
// Korat: 960,800 structures, 9,875,550 candidates at 7 (Table 1 of the BEAPI paper).
#pragma once

#include "visited_set.hpp"

namespace invariants {

class DoublyLinkedList {
 public:
  struct Entry {
    int element = -1;  // -1: null
    Entry* next = nullptr;
    Entry* previous = nullptr;
  };

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->element == -1) return size == 0 && header->next == header && header->previous == header;
    VisitedSet<Entry> visited;
    visited.insert(header);
    const Entry* current = header;
    for (;;) {
      const Entry* next = current->next;
      if (next == nullptr) return false;
      if (next->previous != current) return false;
      if (current->element == -1) return false;
      current = next;
      if (!visited.insert(next)) break;
    }
    if (current != header) return false;
    return static_cast<int>(visited.size()) == size;
  }

 private:
  Entry* header = nullptr;
  int size = 0;
};

}  // namespace invariants
