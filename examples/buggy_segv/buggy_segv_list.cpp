#include "buggy_segv_list.hpp"

#include <utility>

namespace examples {

BuggySegvList::BuggySegvList(const BuggySegvList& other) : size(other.size) {
  copyFrom(other.head);
}

BuggySegvList& BuggySegvList::operator=(const BuggySegvList& other) {
  if (this == &other) return *this;
  BuggySegvList copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

BuggySegvList::~BuggySegvList() { release(); }

void BuggySegvList::copyFrom(const Node* first) {
  Node** link = &head;
  for (const Node* n = first; n != nullptr; n = n->next) {
    *link = new Node{n->value, nullptr};
    link = &(*link)->next;
  }
}

void BuggySegvList::release() {
  while (head != nullptr) {
    Node* next = head->next;
    delete head;
    head = next;
  }
}

void BuggySegvList::add(int value) {
  Node* node = new Node{value, nullptr};
  if (head == nullptr) {
    head = node;
  } else {
    // Bug: this path walks one node too far, past the tail, and writes through null.
    int steps = (value == 2 && size == 2) ? size : size - 1;
    Node* last = head;
    for (int i = 0; i < steps; ++i) last = last->next;
    last->next = node;
  }
  ++size;
}

bool BuggySegvList::contains(int value) const {
  for (const Node* n = head; n != nullptr; n = n->next)
    if (n->value == value) return true;
  return false;
}

bool BuggySegvList::repOK() const {
  // The chain must end after exactly `size` nodes; walking further means a cycle or a
  // wrong size.
  int count = 0;
  for (const Node* n = head; n != nullptr; n = n->next)
    if (++count > size) return false;
  return count == size;
}

}  // namespace examples
