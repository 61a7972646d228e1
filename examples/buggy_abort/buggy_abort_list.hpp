// A singly linked list whose add() fails an assert() (and so aborts) when 0 is added to a list of
// two elements: a deliberately aborting objgen test subject.
#pragma once

namespace examples {

class BuggyAbortList {
 public:
  BuggyAbortList() = default;
  BuggyAbortList(const BuggyAbortList& other);
  BuggyAbortList& operator=(const BuggyAbortList& other);
  ~BuggyAbortList();

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
