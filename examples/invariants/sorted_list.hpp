// The sorted list of Korat's benchmark (the BEAPI artifact's korat.examples.sortedlist
// .SortedList), fields and repOK in the same order: a circular list through `next` and
// `previous` from a header whose element is 0, `size` entries after it, none of them 0,
// elements non-decreasing along `next`.
//
//   objgen korat --header examples/invariants/sorted_list.hpp --class invariants::SortedList
//       --scope 5 --range size=0..5 --range element=0..4
//
// (Korat's finSortedList(n): n entries, sizes 0..n, elements 0..n-1.) Korat (on the Java) and
// objgen: 70 structures, 7,083 candidates at 5; 3,432 and 31,637,781 at 8. The API BEAPI builds it
// with: the constructor (a header with element 0, linked to itself) and add(value), which skips
// values that are not positive and puts the others after the entries not greater than them.
#pragma once

#include "visited_set.hpp"

namespace invariants {

class SortedList {
 public:
  struct Entry {
    int element = 0;
    Entry* next = nullptr;
    Entry* previous = nullptr;
  };

  SortedList() : header(new Entry), size(0) {
    header->element = 0;
    header->next = header;
    header->previous = header;
  }
  // Copies every entry `next` and `previous` reach from the header, links and all.
  SortedList(const SortedList& other) : size(other.size) {
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
  SortedList& operator=(const SortedList&) = delete;
  ~SortedList() {
    if (header == nullptr) return;
    Entry* e = header->next;
    while (e != nullptr && e != header) {
      Entry* next = e->next;
      delete e;
      e = next;
    }
    delete header;
  }

  void add(int value) {
    if (value <= 0) return;
    Entry* n = new Entry;
    n->element = value;
    Entry* current = header->next;
    Entry* previous = header;
    if (size == 0) {
      header->next = n;
      header->previous = n;
      n->previous = header;
      n->next = header;
    } else {
      int to_visit = size;
      while (current->element <= value && to_visit > 0) {
        previous = current;
        current = current->next;
        --to_visit;
      }
      n->next = current;
      if (current != nullptr) current->previous = n;
      previous->next = n;
      n->previous = previous;
    }
    ++size;
  }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->element != 0) return false;
    VisitedSet<Entry> visited;
    visited.insert(header);
    const Entry* current = header;
    for (;;) {
      const Entry* next = current->next;
      if (next == nullptr) return false;
      if (next != header && next->element == 0) return false;
      if (next->previous != current) return false;
      current = next;
      if (!visited.insert(next)) break;
    }
    if (current != header) return false;
    if (static_cast<int>(visited.size()) - 1 != size) return false;
    for (current = header->next; current->next != header; current = current->next) {
      if (current->element == 0) return false;
      if (current->next->element == 0) return false;
      int here = current->element;
      if (here > current->next->element) return false;
    }
    return true;
  }

 private:
  static constexpr int kMaxEntries = 256;  // more than any scope the API search reaches

  Entry* header = nullptr;
  int size = 0;
};

}  // namespace invariants
