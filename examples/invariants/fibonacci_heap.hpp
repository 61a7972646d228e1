// The Fibonacci heap of Korat's benchmark (the BEAPI artifact's korat.examples.fibheap
// .FibonacciHeap), fields and repOK in the same order: rings of siblings linked both ways, each
// node's parent right, `n` nodes, each node's degree its number of children, heap-ordered keys,
// `min` holding the smallest root key. The Java node's `mark` is not part of the finitization and
// is left out here. Where Java evaluates an operand before the other, so does this code (C++
// leaves the order of `a != b` open).
//
//   objgen korat --header examples/invariants/fibonacci_heap.hpp --class invariants::FibonacciHeap
//       --scope 6 --range n=0..6
//
// Korat: 573,223 structures, 1,641,562 candidates at 6 (Table 1 of the BEAPI paper).
#pragma once

#include "visited_set.hpp"

namespace invariants {

class FibonacciHeap {
 public:
  struct Node {
    Node* parent = nullptr;
    Node* right = nullptr;
    Node* left = nullptr;
    Node* child = nullptr;
    int key = 0;
    int degree = 0;
  };

  bool repOK() const {
    if (min == nullptr) return n == 0;
    VisitedSet<Node> visited;
    if (!structural(min, visited, nullptr)) return false;
    if (static_cast<int>(visited.size()) != n) return false;
    if (!degrees_right(min)) return false;
    const Node* current = min;
    do {
      if (!heap_ordered(current)) return false;
      current = current->right;
    } while (current != min);
    int smallest = smallest_root_key();
    return smallest == min->key;
  }

 private:
  // A read the Java makes for its effect on Korat alone (touch(key)): the load must happen.
  static void touch(int value) { asm volatile("" : : "r"(value)); }

  static bool structural(const Node* start, VisitedSet<Node>& visited, const Node* parent) {
    const Node* current = start;
    do {
      if (current->parent != parent) return false;
      if (!visited.insert(current)) return false;
      if (current->child != nullptr && !structural(current->child, visited, current)) return false;
      if (current->right == nullptr) return false;
      if (current->right->left != current) return false;
      current = current->right;
    } while (current != start);
    return true;
  }
  static int children(const Node* node) {
    if (node->child == nullptr) return 0;
    int count = 1;
    for (const Node* c = node->child->right; c != node->child; c = c->right) ++count;
    return count;
  }
  static bool degrees_right(const Node* start) {
    const Node* current = start;
    do {
      int count = children(current);
      if (count != current->degree) return false;
      if (current->child != nullptr && !degrees_right(current->child)) return false;
      current = current->right;
    } while (current != start);
    return true;
  }
  static bool heap_ordered(const Node* node) {
    touch(node->key);
    if (node->child == nullptr) return true;
    const Node* current = node->child;
    do {
      int key = current->key;
      if (key < node->key) return false;
      if (!heap_ordered(current)) return false;
      current = current->right;
    } while (current != node->child);
    return true;
  }
  int smallest_root_key() const {
    const Node* temp = min;
    int m = min->key;
    do {
      if (temp->key < m) m = temp->key;
      temp = temp->right;
    } while (temp != min);
    return m;
  }

  int n = 0;
  Node* min = nullptr;
};

}  // namespace invariants
