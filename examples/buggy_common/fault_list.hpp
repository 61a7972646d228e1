// The singly linked list shared by the buggy_* examples: deliberately faulty objgen test subjects.
//
// FaultList<Fault> is a correct list except where its Fault policy breaks it. add() and the
// destructor call the policy's static hooks; a policy derives from CorrectList (the hooks of a
// correct list) and hides the hooks it breaks. Each example names its instantiation, e.g.
//
//   struct SegvFault : CorrectList { ... };
//   using BuggySegvList = FaultList<SegvFault>;
//
// and defines its hooks in its own .cpp, so that the fault is compiled as ordinary out-of-line
// code (an assert stays active, a busy loop stays a loop).
#pragma once

#include <utility>

namespace examples {

// A list node. A namespace-scope template (not a nested class) so that a policy can name its
// list's node type before the list is complete; each list still has its own node type.
template <class Fault>
struct FaultListNode {
  int value = 0;
  FaultListNode* next = nullptr;
};

// The hooks of a correct list.
struct CorrectList {
  // Runs first in add(value): may throw, abort, or never return.
  template <class Node>
  static void beforeAdd(const Node* /*head*/, int /*size*/, int /*value*/) {}
  // The node add(value) links the new node after, in a non-empty list: the tail.
  template <class Node>
  static Node* linkAfter(Node* head, int /*size*/, int /*value*/) {
    Node* last = head;
    while (last->next != nullptr) last = last->next;
    return last;
  }
  // Whether add(value) counts the node it has just linked.
  static bool countsAdd(int /*size*/, int /*value*/) { return true; }
  // Runs first in the destructor, before the nodes are released.
  template <class Node>
  static void beforeRelease(const Node* /*head*/, int /*size*/) {}
};

template <class Fault>
class FaultList {
 public:
  FaultList() = default;
  FaultList(const FaultList& other) : size(other.size) { copyFrom(other.head); }
  FaultList& operator=(const FaultList& other) {
    if (this == &other) return *this;
    FaultList copy(other);
    std::swap(head, copy.head);
    std::swap(size, copy.size);
    return *this;
  }
  ~FaultList() {
    Fault::beforeRelease(static_cast<const Node*>(head), size);
    release();
  }

  // Appends `value` at the end.
  void add(int value) {
    Fault::beforeAdd(static_cast<const Node*>(head), size, value);
    Node* node = new Node{value, nullptr};
    if (head == nullptr) {
      head = node;
    } else {
      Node* last = Fault::linkAfter(head, size, value);
      last->next = node;
    }
    if (Fault::countsAdd(size, value)) ++size;
  }

  bool contains(int value) const {
    for (const Node* n = head; n != nullptr; n = n->next)
      if (n->value == value) return true;
    return false;
  }
  int getSize() const { return size; }
  bool isEmpty() const { return head == nullptr; }

  bool repOK() const {
    // The chain must end after exactly `size` nodes; walking further means a cycle or a
    // wrong size.
    int count = 0;
    for (const Node* n = head; n != nullptr; n = n->next)
      if (++count > size) return false;
    return count == size;
  }

 private:
  using Node = FaultListNode<Fault>;

  void copyFrom(const Node* first) {
    Node** link = &head;
    for (const Node* n = first; n != nullptr; n = n->next) {
      *link = new Node{n->value, nullptr};
      link = &(*link)->next;
    }
  }
  void release() {
    while (head != nullptr) {
      Node* next = head->next;
      delete head;
      head = next;
    }
  }

  Node* head = nullptr;
  int size = 0;
};

}  // namespace examples
