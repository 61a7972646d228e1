// Keep assert() active even in release builds: the failed assertion is the point.
#undef NDEBUG
#include "buggy_abort_list.hpp"

#include <utility>
#include <cassert>

namespace examples {

BuggyAbortList::BuggyAbortList(const BuggyAbortList& other) : size(other.size) {
  copyFrom(other.head);
}

BuggyAbortList& BuggyAbortList::operator=(const BuggyAbortList& other) {
  if (this == &other) return *this;
  BuggyAbortList copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

BuggyAbortList::~BuggyAbortList() { release(); }

void BuggyAbortList::copyFrom(const Node* first) {
  Node** link = &head;
  for (const Node* n = first; n != nullptr; n = n->next) {
    *link = new Node{n->value, nullptr};
    link = &(*link)->next;
  }
}

void BuggyAbortList::release() {
  while (head != nullptr) {
    Node* next = head->next;
    delete head;
    head = next;
  }
}

void BuggyAbortList::add(int value) {
  // Bug: an over-eager sanity check that a third element is never 0.
  assert(!(size == 2 && value == 0) && "a full list cannot take a zero");
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

bool BuggyAbortList::contains(int value) const {
  for (const Node* n = head; n != nullptr; n = n->next)
    if (n->value == value) return true;
  return false;
}

bool BuggyAbortList::repOK() const {
  // The chain must end after exactly `size` nodes; walking further means a cycle or a
  // wrong size.
  int count = 0;
  for (const Node* n = head; n != nullptr; n = n->next)
    if (++count > size) return false;
  return count == size;
}

}  // namespace examples
