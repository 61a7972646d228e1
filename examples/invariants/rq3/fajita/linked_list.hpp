// FAJITA's doubly linked list (the BEAPI artifact's 3_fajita cdlist.LinkedList, from Commons
// Collections' AbstractLinkedList), for the repOK-versus-API study (BEAPI paper, RQ3). The API
// keeps a circular list around a header node (the header's next and previous point to itself
// when the list is empty); the repOK describes a null-terminated list whose header has no
// previous node. The Java value is an Integer that may be null; here an int where -1 stands for
// null. modCount (outside the finitization) is left out.
//
//   objgen korat --header examples/invariants/rq3/fajita/linked_list.hpp --class rq3::fajita::LinkedList
//       --scope 8 --range size=0..7 --range value=-1..7 --against-api --methods add
// (Korat's finitization has values 1..N or null; 0..N-1 or null here, the API's ints.)
#pragma once

#include "../../visited_set.hpp"

namespace rq3::fajita {

struct LinkedListNode {
  LinkedListNode* previous = nullptr;
  LinkedListNode* next = nullptr;
  int value = -1;  // -1: null
};

class LinkedList {
 public:
  LinkedList() {
    header = createHeaderNode();
    size = 0;
  }
  LinkedList(const LinkedList& other) : size(other.size) {
    // Copies the circular list the API keeps (header, then the nodes up to the header again).
    header = new LinkedListNode;
    header->value = other.header->value;
    LinkedListNode* last = header;
    for (const LinkedListNode* n = other.header->next; n != other.header; n = n->next) {
      LinkedListNode* c = new LinkedListNode;
      c->value = n->value;
      c->previous = last;
      last->next = c;
      last = c;
    }
    last->next = header;
    header->previous = last;
  }
  LinkedList& operator=(const LinkedList&) = delete;
  ~LinkedList() {
    LinkedListNode* n = header->next;
    while (n != header) {
      LinkedListNode* next = n->next;
      delete n;
      n = next;
    }
    delete header;
  }

  bool add(int value) {
    addLast(value);
    return true;
  }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->previous != nullptr) return false;
    if (header->value != -1) return false;
    invariants::VisitedSet<LinkedListNode> visited;
    visited.insert(header);
    const LinkedListNode* current = header;
    const LinkedListNode* next = current->next;
    while (next != nullptr) {
      if (next->previous != current) return false;
      current = next;
      if (!visited.insert(next)) return false;
      next = current->next;
    }
    if (static_cast<int>(visited.size()) - 1 != size) return false;
    // the values must not be null
    current = header;
    next = current->next;
    while (next != nullptr) {
      if (next->value == -1) return false;
      current = next;
      next = current->next;
    }
    return true;
  }

 private:
  static LinkedListNode* createHeaderNode() {
    LinkedListNode* h = new LinkedListNode;  // previous and next: itself, value null
    h->previous = h;
    h->next = h;
    return h;
  }

  void addLast(int o) { addNodeBefore(header, o); }

  void addNodeBefore(LinkedListNode* node, int value) {
    LinkedListNode* fresh = new LinkedListNode;
    fresh->value = value;
    addNode(fresh, node);
  }

  void addNode(LinkedListNode* nodeToInsert, LinkedListNode* insertBeforeNode) {
    nodeToInsert->next = insertBeforeNode;
    nodeToInsert->previous = insertBeforeNode->previous;
    insertBeforeNode->previous->next = nodeToInsert;
    insertBeforeNode->previous = nodeToInsert;
    ++size;
  }

  LinkedListNode* header = nullptr;
  int size = 0;
};

}  // namespace rq3::fajita
