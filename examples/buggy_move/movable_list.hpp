// A list with a deep copy and a move constructor that takes the source's nodes but forgets to
// clear the source: the moved-from list still points at them and frees them when destroyed or
// assigned, leaving the moved-to list dangling. Breaks the moved-from contract.
#pragma once

#include <string>

namespace examples {

class MovableList {
 public:
  struct Node {
    int value = 0;
    Node* next = nullptr;
  };

  MovableList() = default;
  MovableList(const MovableList& other);
  MovableList(MovableList&& other) noexcept;  // Bug: other keeps its head
  MovableList& operator=(const MovableList& other);
  ~MovableList();

  void add(int value);
  int getSize() const { return size; }
  std::string toString() const;

 private:
  void release();
  Node* head = nullptr;
  int size = 0;
};

}  // namespace examples
