// A list whose nodes are held by std::shared_ptr and whose copy is the implicit one: a copy
// shares the original's nodes, so appending to the copy appends to the original's chain too
// (the "forgot the deep copy" bug). Breaks the copy-independent contract; never crashes.
#pragma once

#include <memory>
#include <string>

namespace examples {

class SharedTailList {
 public:
  struct Node {
    int value = 0;
    std::shared_ptr<Node> next;
  };

  void add(int value);
  bool removeFirst();
  int getSize() const { return size; }
  bool isEmpty() const { return size == 0; }
  std::string toString() const;
  bool repOK() const;

 private:
  std::shared_ptr<Node> head;
  int size = 0;
};

}  // namespace examples
