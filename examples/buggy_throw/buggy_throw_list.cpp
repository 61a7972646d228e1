#include "buggy_throw_list.hpp"

#include <stdexcept>
#include <utility>

namespace examples {

BuggyThrowList::BuggyThrowList(const BuggyThrowList& other) : size(other.size) {
  copyFrom(other.head);
}

BuggyThrowList& BuggyThrowList::operator=(const BuggyThrowList& other) {
  if (this == &other) return *this;
  BuggyThrowList copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

BuggyThrowList::~BuggyThrowList() { release(); }

void BuggyThrowList::copyFrom(const Node* first) {
  Node** link = &head;
  for (const Node* n = first; n != nullptr; n = n->next) {
    *link = new Node{n->value, nullptr};
    link = &(*link)->next;
  }
}

void BuggyThrowList::release() {
  while (head != nullptr) {
    Node* next = head->next;
    delete head;
    head = next;
  }
}

void BuggyThrowList::add(int value) {
  // Bug: a stale "capacity" check that rejects a perfectly valid append.
  if (size == 2 && value == 1)
    throw std::runtime_error("BuggyThrowList: internal buffer exhausted");
  Node* node = new Node{value, nullptr};
  if (head == nullptr) {
    head = node;
  } else {
    Node* last = head;
    while (last->next != nullptr) last = last->next;
    last->next = node;
  }
  ++size;
}

bool BuggyThrowList::contains(int value) const {
  for (const Node* n = head; n != nullptr; n = n->next)
    if (n->value == value) return true;
  return false;
}

bool BuggyThrowList::repOK() const {
  // The chain must end after exactly `size` nodes; walking further means a cycle or a
  // wrong size.
  int count = 0;
  for (const Node* n = head; n != nullptr; n = n->next)
    if (++count > size) return false;
  return count == size;
}

}  // namespace examples
