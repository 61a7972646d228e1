// A singly linked list whose add() throws std::runtime_error (not an API-misuse exception) when
// 1 is added to a list of two elements: a deliberately failing objgen test subject.
#pragma once

namespace examples {

class BuggyThrowList {
 public:
  BuggyThrowList() = default;
  BuggyThrowList(const BuggyThrowList& other);
  BuggyThrowList& operator=(const BuggyThrowList& other);
  ~BuggyThrowList();

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
