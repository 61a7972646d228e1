#include "movable_list.hpp"

#include <utility>

namespace examples {

MovableList::MovableList(const MovableList& other) : size(other.size) {
  Node** link = &head;
  for (const Node* n = other.head; n; n = n->next) {
    *link = new Node{n->value, nullptr};
    link = &(*link)->next;
  }
}

MovableList::MovableList(MovableList&& other) noexcept : head(other.head), size(other.size) {
  // Bug: should set other.head = nullptr and other.size = 0.
}

MovableList& MovableList::operator=(const MovableList& other) {
  if (this == &other) return *this;
  MovableList copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

MovableList::~MovableList() { release(); }

void MovableList::release() {
  while (head) {
    Node* next = head->next;
    delete head;
    head = next;
  }
  size = 0;
}

void MovableList::add(int value) {
  Node* node = new Node{value, nullptr};
  if (!head) {
    head = node;
  } else {
    Node* last = head;
    while (last->next) last = last->next;
    last->next = node;
  }
  ++size;
}

std::string MovableList::toString() const {
  std::string out = "[";
  for (const Node* n = head; n; n = n->next) out += (out.size() > 1 ? "," : "") + std::to_string(n->value);
  return out + "]";
}

}  // namespace examples
