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
//
// The API BEAPI builds it with (its builders, for the RQ3 diff against the invariant): the
// constructor (a header without element, linked to itself) and add(element): the first element
// goes into the header, later ones into new entries before the header (at the end of the ring);
// a null element (-1) is refused, as the Java's IllegalArgumentException.
#pragma once

#include <stdexcept>

#include "visited_set.hpp"

namespace invariants {

class DoublyLinkedList {
 public:
  struct Entry {
    int element = -1;  // -1: null
    Entry* next = nullptr;
    Entry* previous = nullptr;
  };

  DoublyLinkedList() : header(new Entry), size(0) {
    header->element = -1;
    header->next = header;
    header->previous = header;
  }
  // Copies the ring from the header along `next`, and links `previous` as the original does.
  DoublyLinkedList(const DoublyLinkedList& other) : size(other.size) {
    const Entry* from[kMaxEntries];
    Entry* to[kMaxEntries];
    int n = 0;
    auto copy_of = [&](const Entry* e) -> Entry* {
      if (e == nullptr) return nullptr;
      for (int i = 0; i < n; ++i)
        if (from[i] == e) return to[i];
      from[n] = e;
      to[n] = new Entry{e->element, nullptr, nullptr};
      return to[n++];
    };
    header = copy_of(other.header);
    for (int i = 0; i < n; ++i) {  // n grows as the loop reaches new entries
      to[i]->next = copy_of(from[i]->next);
      to[i]->previous = copy_of(from[i]->previous);
    }
  }
  DoublyLinkedList& operator=(const DoublyLinkedList&) = delete;
  ~DoublyLinkedList() {
    if (header == nullptr) return;
    Entry* e = header->next;
    while (e != nullptr && e != header) {
      Entry* next = e->next;
      delete e;
      e = next;
    }
    delete header;
  }

  void add(int element) {
    if (element == -1) throw std::invalid_argument("add: a null element");
    if (header->element == -1) {
      header->element = element;
    } else {
      Entry* n = new Entry;
      n->element = element;
      n->next = header;
      n->previous = header->previous;
      header->previous->next = n;
      header->previous = n;
    }
    ++size;
  }

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
  static constexpr int kMaxEntries = 256;  // more than any scope the API search reaches

  Entry* header = nullptr;
  int size = 0;
};

}  // namespace invariants
