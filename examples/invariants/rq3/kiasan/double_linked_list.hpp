// Kiasan's doubly linked list (the BEAPI artifact's 1_kiasan doublylinkedlist.DoubleLinkedList, after
// java.util.LinkedList): a circular list through `next` and `previous` around a header entry that
// holds no element, `size` entries besides it. Its repOK walks `next` from the header until it comes
// back, asking at each entry that both links be set and that next->previous lead back, that the
// header's element be null and no other entry's be, and at the end that the count equal `size`.
// The Java element is an Object (Integer or null in the finitization); here an int where -1 stands
// for null. The Java modCount is outside the finitization and left out. BEAPI's builders: the
// constructor and addFirst(Object).
//
// Korat's finitization at scope N: N entries (the header among them), size 0..N, elements null or
// 0..N-1; BEAPI's scope N: N entries, elements 0..N-1. Both: at most N-1 elements.
//
//   objgen korat --header examples/invariants/rq3/kiasan/double_linked_list.hpp
//       --class rq3::kiasan::DoubleLinkedList --scope 8 --range size=0..8 --range element=-1..7
//       --against-api --methods addFirst
#pragma once

namespace rq3::kiasan {

class DoubleLinkedList {
 public:
  static constexpr int kNull = -1;
  struct Entry {
    int element = kNull;
    Entry* next = nullptr;
    Entry* previous = nullptr;
  };

  DoubleLinkedList() : header(new Entry{}) { header->next = header->previous = header; }
  DoubleLinkedList(const DoubleLinkedList& other) : DoubleLinkedList() {
    for (const Entry* e = other.header->next; e != other.header; e = e->next) addBefore(e->element, header);
  }
  DoubleLinkedList& operator=(const DoubleLinkedList&) = delete;
  ~DoubleLinkedList() {
    Entry* e = header->next;
    while (e != header) {
      Entry* next = e->next;
      delete e;
      e = next;
    }
    delete header;
  }

  // Inserts o at the front (before the header's next).
  void addFirst(int o) { addBefore(o, header->next); }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->element != kNull) return false;  // the header holds no element
    const Entry* tmp = header;
    int i = 0;
    do {
      // Java: tmp.nonNullPointers() (next, then previous) and tmp.repOK() (next.previous == tmp)
      if (!(tmp->next != nullptr && tmp->previous != nullptr) || !(tmp->next->previous == tmp)) return false;
      if (tmp != header && tmp->element == kNull) return false;
      tmp = tmp->next;
      if (tmp != header) ++i;
    } while (tmp != header);
    return i == size;
  }

 private:
  Entry* addBefore(int o, Entry* e) {
    Entry* added = new Entry{o, e, e->previous};
    added->previous->next = added;
    added->next->previous = added;
    ++size;
    return added;
  }

  Entry* header = nullptr;
  int size = 0;
};

}  // namespace rq3::kiasan
