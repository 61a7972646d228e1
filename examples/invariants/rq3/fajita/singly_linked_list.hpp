// FAJITA's singly linked list (the BEAPI artifact's 3_fajita list.SinglyLinkedList), for the
// repOK-versus-API study (BEAPI paper, RQ3). A dummy header node whose value is null, then the
// elements; no size field. The Java value is an Integer that may be null; here an int where -1
// stands for null. repOK as the Java's: a header, its value null, no node twice along `next`,
// then (a second pass) every node after the header holds a value.
//
//   objgen korat --header examples/invariants/rq3/fajita/singly_linked_list.hpp
//       --class rq3::fajita::SinglyLinkedList --scope 8 --range value=-1..7
//       --against-api --methods insertBack
#pragma once

#include "../../visited_set.hpp"

namespace rq3::fajita {

struct SinglyLinkedListNode {
  SinglyLinkedListNode* next = nullptr;
  int value = -1;  // -1: null
};

class SinglyLinkedList {
 public:
  SinglyLinkedList() : header(new SinglyLinkedListNode) {}  // header value null
  SinglyLinkedList(const SinglyLinkedList& other) {
    SinglyLinkedListNode** tail = &header;
    for (const SinglyLinkedListNode* n = other.header; n != nullptr; n = n->next) {
      *tail = new SinglyLinkedListNode{nullptr, n->value};
      tail = &(*tail)->next;
    }
  }
  SinglyLinkedList& operator=(const SinglyLinkedList&) = delete;
  ~SinglyLinkedList() {
    while (header != nullptr) {
      SinglyLinkedListNode* next = header->next;
      delete header;
      header = next;
    }
  }

  // Appends a node holding arg after the last node.
  void insertBack(int arg) {
    SinglyLinkedListNode* fresh = new SinglyLinkedListNode;
    fresh->value = arg;
    fresh->next = nullptr;
    SinglyLinkedListNode* current = header;
    while (current->next != nullptr) current = current->next;
    current->next = fresh;
  }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->value != -1) return false;
    invariants::VisitedSet<SinglyLinkedListNode> visited;
    visited.insert(header);
    const SinglyLinkedListNode* current = header;
    for (;;) {
      const SinglyLinkedListNode* next = current->next;
      if (next == nullptr) break;
      if (!visited.insert(next)) return false;
      current = next;
    }
    current = header;
    for (;;) {
      const SinglyLinkedListNode* next = current->next;
      if (next == nullptr) break;
      if (next->value == -1) return false;
      current = next;
    }
    return true;
  }

 private:
  SinglyLinkedListNode* header = nullptr;
};

}  // namespace rq3::fajita
