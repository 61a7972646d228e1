// Kiasan's linked stack (the BEAPI artifact's 1_kiasan stack.list.StackLi, after Weiss): a chain of
// ListNodes from `topOfStack`. Its repOK is only isAcyclic(): walking `next` from the top never meets
// a node twice (the Java keeps the visited nodes in a second StackLi; here a VisitedSet). The Java
// element is an Integer, never null in the finitization; here an int. BEAPI's builders: the
// constructor, push(Object), pop() and makeEmpty() (its builders file names StackAr's pop and
// makeEmpty; StackLi's own are used). pop() on an empty stack throws Java's Underflow; here
// std::out_of_range, which objgen counts as misuse and drops, as BEAPI drops a throwing sequence.
//
//   objgen korat --header examples/invariants/rq3/kiasan/stack_li.hpp --class rq3::kiasan::StackLi
//       --scope 7 --against-api --methods push,pop,makeEmpty
#pragma once

#include <stdexcept>

#include "../../visited_set.hpp"

namespace rq3::kiasan {

class StackLi {
 public:
  struct ListNode {
    int element = 0;
    ListNode* next = nullptr;
  };

  StackLi() = default;
  StackLi(const StackLi& other) {
    ListNode** tail = &topOfStack;
    for (const ListNode* n = other.topOfStack; n != nullptr; n = n->next) {
      *tail = new ListNode{n->element, nullptr};
      tail = &(*tail)->next;
    }
  }
  StackLi& operator=(const StackLi&) = delete;
  ~StackLi() { makeEmpty(); }

  void push(int x) { topOfStack = new ListNode{x, topOfStack}; }

  void pop() {
    if (isEmpty()) throw std::out_of_range("StackLi::pop: underflow");
    ListNode* top = topOfStack;
    topOfStack = topOfStack->next;
    delete top;
  }

  void makeEmpty() {
    while (topOfStack != nullptr) {
      ListNode* next = topOfStack->next;
      delete topOfStack;
      topOfStack = next;
    }
  }

  bool isEmpty() const { return topOfStack == nullptr; }

  bool repOK() const { return isAcyclic(); }

 private:
  bool isAcyclic() const {
    invariants::VisitedSet<ListNode> seen;
    for (const ListNode* temp = topOfStack; temp != nullptr; temp = temp->next)
      if (!seen.insert(temp)) return false;
    return true;
  }

  ListNode* topOfStack = nullptr;
};

}  // namespace rq3::kiasan
