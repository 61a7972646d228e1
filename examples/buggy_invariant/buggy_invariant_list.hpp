// A singly linked list whose add() forgets to count the third element when it is a 2, leaving a
// state that breaks its own repOK: a deliberately inconsistent objgen test subject.
#pragma once

namespace examples {

class BuggyInvariantList {
 public:
  BuggyInvariantList() = default;
  BuggyInvariantList(const BuggyInvariantList& other);
  BuggyInvariantList& operator=(const BuggyInvariantList& other);
  ~BuggyInvariantList();

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
