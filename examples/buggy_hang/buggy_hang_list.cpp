#include "buggy_hang_list.hpp"

#include <utility>

namespace examples {

BuggyHangList::BuggyHangList(const BuggyHangList& other) : size(other.size) {
  copyFrom(other.head);
}

BuggyHangList& BuggyHangList::operator=(const BuggyHangList& other) {
  if (this == &other) return *this;
  BuggyHangList copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

BuggyHangList::~BuggyHangList() { release(); }

void BuggyHangList::copyFrom(const Node* first) {
  Node** link = &head;
  for (const Node* n = first; n != nullptr; n = n->next) {
    *link = new Node{n->value, nullptr};
    link = &(*link)->next;
  }
}

void BuggyHangList::release() {
  while (head != nullptr) {
    Node* next = head->next;
    delete head;
    head = next;
  }
}

void BuggyHangList::add(int value) {
  // Bug: the duplicate scan "retries" on a match in a two-element list without ever moving on.
  // (`probes` is volatile so the compiler must keep the loop, as it keeps any real busy loop.)
  volatile int probes = 0;
  for (const Node* n = head; n != nullptr;) {
    probes = probes + 1;
    if (n->value == value && size == 2) continue;
    n = n->next;
  }
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

bool BuggyHangList::contains(int value) const {
  for (const Node* n = head; n != nullptr; n = n->next)
    if (n->value == value) return true;
  return false;
}

bool BuggyHangList::repOK() const {
  // The chain must end after exactly `size` nodes; walking further means a cycle or a
  // wrong size.
  int count = 0;
  for (const Node* n = head; n != nullptr; n = n->next)
    if (++count > size) return false;
  return count == size;
}

}  // namespace examples
