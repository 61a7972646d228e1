#include "buggy_invariant_list.hpp"

#include <utility>

namespace examples {

BuggyInvariantList::BuggyInvariantList(const BuggyInvariantList& other) : size(other.size) {
  copyFrom(other.head);
}

BuggyInvariantList& BuggyInvariantList::operator=(const BuggyInvariantList& other) {
  if (this == &other) return *this;
  BuggyInvariantList copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

BuggyInvariantList::~BuggyInvariantList() { release(); }

void BuggyInvariantList::copyFrom(const Node* first) {
  Node** link = &head;
  for (const Node* n = first; n != nullptr; n = n->next) {
    *link = new Node{n->value, nullptr};
    link = &(*link)->next;
  }
}

void BuggyInvariantList::release() {
  while (head != nullptr) {
    Node* next = head->next;
    delete head;
    head = next;
  }
}

void BuggyInvariantList::add(int value) {
  Node* node = new Node{value, nullptr};
  if (head == nullptr) {
    head = node;
  } else {
    Node* last = head;
    while (last->next != nullptr) last = last->next;
    last->next = node;
  }
  // Bug: this path skips the size update.
  if (!(value == 2 && size == 2)) ++size;
}

bool BuggyInvariantList::contains(int value) const {
  for (const Node* n = head; n != nullptr; n = n->next)
    if (n->value == value) return true;
  return false;
}

bool BuggyInvariantList::repOK() const {
  // The chain must end after exactly `size` nodes; walking further means a cycle or a
  // wrong size.
  int count = 0;
  for (const Node* n = head; n != nullptr; n = n->next)
    if (++count > size) return false;
  return count == size;
}

}  // namespace examples
