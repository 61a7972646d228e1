#include "buggy_dtor_list.hpp"

#include <stdexcept>
#include <utility>

namespace examples {

BuggyDtorList::BuggyDtorList(const BuggyDtorList& other) : size(other.size) {
  copyFrom(other.head);
}

BuggyDtorList& BuggyDtorList::operator=(const BuggyDtorList& other) {
  if (this == &other) return *this;
  BuggyDtorList copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

BuggyDtorList::~BuggyDtorList() { release(); }

void BuggyDtorList::copyFrom(const Node* first) {
  Node** link = &head;
  for (const Node* n = first; n != nullptr; n = n->next) {
    *link = new Node{n->value, nullptr};
    link = &(*link)->next;
  }
}

void BuggyDtorList::release() {
  // Bug: a "consistency check" on teardown that throws, and it runs inside the destructor.
  if (size == 3 && head != nullptr && head->value == 2)
    throw std::logic_error("BuggyDtorList: refusing to release a list that starts with 2");
  while (head != nullptr) {
    Node* next = head->next;
    delete head;
    head = next;
  }
}

void BuggyDtorList::add(int value) {
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

bool BuggyDtorList::contains(int value) const {
  for (const Node* n = head; n != nullptr; n = n->next)
    if (n->value == value) return true;
  return false;
}

bool BuggyDtorList::repOK() const {
  // The chain must end after exactly `size` nodes; walking further means a cycle or a
  // wrong size.
  int count = 0;
  for (const Node* n = head; n != nullptr; n = n->next)
    if (++count > size) return false;
  return count == size;
}

}  // namespace examples
