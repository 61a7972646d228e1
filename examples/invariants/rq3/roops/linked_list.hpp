// ROOPS's LinkedList (the BEAPI artifact's 2_roops linkedlist.LinkedList): a circular doubly
// linked list around a dummy header node, the core of Apache Commons' AbstractLinkedList. The
// repOK, translated check for check: the header exists and holds no value, every node's next
// exists and points back to it, the walk along next returns to the header, every other node holds
// a value, and there are size nodes besides the header. The API BEAPI used: the constructor and
// addLast. Java's Object elements (Integer 0..N-1 or null) are ints, -1 for null; modCount (not in
// the finitization, describes no structure) is left out.
//
//   objgen korat --header examples/invariants/rq3/roops/linked_list.hpp
//       --class rq3::roops::LinkedList --scope 4 --range size=0..4 --range value=-1..3
//       --against-api --methods addLast
#pragma once

#include "../../visited_set.hpp"

namespace rq3::roops {

class LinkedList {
 public:
  static constexpr int kNull = -1;  // Java's null element

  struct Node {
    int value = kNull;
    Node* next = nullptr;
    Node* previous = nullptr;
  };

  LinkedList() { init(); }

  LinkedList(const LinkedList& other) {
    size = other.size;
    if (other.header == nullptr) return;
    header = new Node{other.header->value, nullptr, nullptr};
    Node* tail = header;
    for (const Node* p = other.header->next; p != nullptr && p != other.header; p = p->next) {
      Node* copy = new Node{p->value, nullptr, tail};
      tail->next = copy;
      tail = copy;
    }
    tail->next = header;
    header->previous = tail;
  }
  LinkedList& operator=(const LinkedList&) = delete;

  ~LinkedList() {
    if (header == nullptr) return;
    Node* p = header->next;
    while (p != nullptr && p != header) {
      Node* next = p->next;
      delete p;
      p = next;
    }
    delete header;
  }

  bool addLast(int o) {
    addNodeBefore(header, o);
    return true;
  }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->value != kNull) return false;
    invariants::VisitedSet<Node> visited;
    visited.insert(header);
    const Node* current = header;
    while (true) {
      const Node* next = current->next;
      if (next == nullptr) return false;
      if (next->previous != current) return false;
      if (current->value == kNull && current != header) return false;  // "Add by Mariano"
      current = next;
      if (!visited.insert(next)) break;
    }
    if (current != header) return false;
    if (static_cast<int>(visited.size()) - 1 != size) return false;
    return true;
  }

 private:
  void init() { header = createHeaderNode(); }

  static Node* createHeaderNode() {
    Node* n = new Node;
    n->next = n;
    n->previous = n;
    return n;
  }

  static Node* createNode(int value) {
    Node* n = new Node;
    n->previous = n;
    n->next = n;
    n->value = value;
    return n;
  }

  void addNodeBefore(Node* node, int value) { addNode(createNode(value), node); }

  void addNode(Node* toInsert, Node* insertBefore) {
    toInsert->next = insertBefore;
    toInsert->previous = insertBefore->previous;
    insertBefore->previous->next = toInsert;
    insertBefore->previous = toInsert;
    ++size;
  }

  Node* header = nullptr;
  int size = 0;
};

}  // namespace rq3::roops
