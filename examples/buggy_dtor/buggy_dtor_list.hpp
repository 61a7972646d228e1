// A singly linked list whose destructor throws when it holds three elements starting with 2.
// Destructors are noexcept, so the program terminates: a deliberately fatal objgen test subject.
#pragma once

namespace examples {

class BuggyDtorList {
 public:
  BuggyDtorList() = default;
  BuggyDtorList(const BuggyDtorList& other);
  BuggyDtorList& operator=(const BuggyDtorList& other);
  ~BuggyDtorList();

  // Appends `value` at the end.
  void add(int value);
  bool contains(int value) const;
  int getSize() const { return size; }
  bool isEmpty() const { return head == nullptr; }
  bool repOK() const;

 private:
  struct Node {
    int value = 0;
    Node* next = nullptr;
  };

  void copyFrom(const Node* first);
  void release();

  Node* head = nullptr;
  int size = 0;
};

}  // namespace examples
