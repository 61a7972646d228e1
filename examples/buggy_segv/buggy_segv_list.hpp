// A singly linked list whose add() follows a null pointer when 2 is added to a list of two
// elements (an off-by-one walk to the tail): a deliberately crashing objgen test subject.
#pragma once

namespace examples {

class BuggySegvList {
 public:
  BuggySegvList() = default;
  BuggySegvList(const BuggySegvList& other);
  BuggySegvList& operator=(const BuggySegvList& other);
  ~BuggySegvList();

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
