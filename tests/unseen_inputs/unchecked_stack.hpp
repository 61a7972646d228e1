// A linked stack whose top() and pop() require a non-empty stack and do not check it (they follow
// a null pointer on an empty one): precondition violations objgen's calls commit, not bugs. Its
// push() has a real bug: pushing 2 onto a stack of two elements writes through a null pointer.
#pragma once

#include <cstddef>

namespace shapes {

class UncheckedStack {
 public:
  UncheckedStack() = default;
  UncheckedStack(const UncheckedStack& other) {
    Node** tail = &head_;
    for (const Node* n = other.head_; n; n = n->next, tail = &(*tail)->next) *tail = new Node{n->value, nullptr};
    size_ = other.size_;
  }
  UncheckedStack& operator=(const UncheckedStack&) = delete;
  ~UncheckedStack() {
    while (head_) {
      Node* next = head_->next;
      delete head_;
      head_ = next;
    }
  }

  void push(int value) {
    Node* node = new Node{value, head_};
    if (size_ == 2 && value == 2) node->next->next->next->value = 0;  // the bug: one link too far
    head_ = node;
    ++size_;
  }
  // Precondition: !empty().
  int top() const { return head_->value; }
  // Precondition: !empty().
  void pop() {
    Node* old = head_;
    head_ = old->next;
    delete old;
    --size_;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

 private:
  struct Node {
    int value;
    Node* next;
  };
  Node* head_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace shapes
