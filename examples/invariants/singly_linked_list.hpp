// The singly linked list of Korat's benchmark (the BEAPI artifact's korat.examples
// .singlylinkedlist.SinglyLinkedList), fields and repOK in the same order: a header entry whose
// element is null, then entries with elements, no entry twice, `size` of them. The Java element
// is an Integer or null; here an int where -1 stands for null (the same values, null first).
//
//   objgen korat --header examples/invariants/singly_linked_list.hpp --class invariants::SinglyLinkedList
//       --scope 8 --range size=0..8 --range element=-1..7
//
// Korat: 2,396,745 structures, 40,701,876 candidates at 8 (Table 1 of the BEAPI paper).
//
// The API BEAPI builds it with (its builders, for the RQ3 diff against the invariant): the
// constructor (a header entry with no element) and add(element) at the end; a null element
// (-1) is refused, as the Java's IllegalArgumentException.
#pragma once

#include <stdexcept>

#include "visited_set.hpp"

namespace invariants {

class SinglyLinkedList {
 public:
  struct Entry {
    int element = -1;  // -1: null
    Entry* next = nullptr;
  };

  SinglyLinkedList() : header(new Entry{-1, nullptr}), size(0) {}
  SinglyLinkedList(const SinglyLinkedList& other) : size(other.size) {
    Entry** at = &header;
    for (const Entry* e = other.header; e != nullptr; e = e->next) {
      *at = new Entry{e->element, nullptr};
      at = &(*at)->next;
    }
  }
  SinglyLinkedList& operator=(const SinglyLinkedList&) = delete;
  ~SinglyLinkedList() {
    while (header != nullptr) {
      Entry* next = header->next;
      delete header;
      header = next;
    }
  }

  void add(int element) {
    if (element == -1) throw std::invalid_argument("add: a null element");
    Entry* current = header->next;
    Entry* previous = header;
    while (current != nullptr) {
      previous = current;
      current = current->next;
    }
    previous->next = new Entry{element, current};
    ++size;
  }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->element != -1) return false;
    VisitedSet<Entry> visited;
    visited.insert(header);
    const Entry* current = header;
    for (;;) {
      const Entry* next = current->next;
      if (next == nullptr) break;
      if (next->element == -1) return false;
      if (!visited.insert(next)) return false;
      current = next;
    }
    return static_cast<int>(visited.size()) - 1 == size;
  }

 private:
  Entry* header = nullptr;
  int size = 0;
};

}  // namespace invariants
