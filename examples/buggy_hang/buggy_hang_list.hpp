// A singly linked list whose add() never returns when the value already occurs in a list of two
// elements (a search loop that stops advancing): a deliberately hanging objgen test subject.
#pragma once

namespace examples {

class BuggyHangList {
 public:
  BuggyHangList() = default;
  BuggyHangList(const BuggyHangList& other);
  BuggyHangList& operator=(const BuggyHangList& other);
  ~BuggyHangList();

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
