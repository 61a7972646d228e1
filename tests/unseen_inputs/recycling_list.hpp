// A list of ints whose removed nodes wait in a fixed array for reuse, as a node pool keeps them
// (tinyxml2's DynArray of unlinked nodes): the array's slots past the count hold junk, so reading
// the object whole follows junk pointers and crashes. No call makes them readable. objgen must find
// that the object reads without the spare array, leave it out of the states (and say so), and count
// them: a list of L ints and S spare nodes, nodes made only when no spare is left, so L + S <= 3 at
// scope 3; with ints 0..2, the sum over L of 3^L (4 - L): 4 + 9 + 18 + 27 = 58.
#pragma once

#include <cstdint>
#include <stdexcept>

namespace shapes {

class RecyclingList {
 public:
  RecyclingList() {
    for (Node*& s : spare_) s = reinterpret_cast<Node*>(std::uintptr_t{0x10});  // junk, as unused memory holds
  }
  RecyclingList(const RecyclingList& other) : RecyclingList() {
    Node** tail = &head_;
    for (const Node* n = other.head_; n; n = n->next, tail = &(*tail)->next) *tail = new Node{n->value, nullptr};
    for (; spares_ < other.spares_; ++spares_) spare_[spares_] = new Node;
  }
  RecyclingList& operator=(const RecyclingList&) = delete;
  ~RecyclingList() {
    while (head_) {
      Node* next = head_->next;
      delete head_;
      head_ = next;
    }
    for (int i = 0; i < spares_; ++i) delete spare_[i];
  }

  void push_front(int value) {
    Node* n = spares_ > 0 ? spare_[--spares_] : new Node;
    *n = Node{value, head_};
    head_ = n;
  }

  void pop_front() {
    if (!head_) throw std::out_of_range("pop_front: empty list");
    Node* n = head_;
    head_ = n->next;
    if (spares_ < kSpares)
      spare_[spares_++] = n;
    else
      delete n;
  }

  bool empty() const { return head_ == nullptr; }

 private:
  struct Node {
    int value = 0;
    Node* next = nullptr;
  };
  static constexpr int kSpares = 4;
  Node* head_ = nullptr;
  Node* spare_[kSpares];
  int spares_ = 0;
};

}  // namespace shapes
