// The binomial heap of Korat's benchmark (the BEAPI artifact's korat.examples.binheap
// .BinomialHeap), fields and repOK in the same order: the list of trees and each tree's children
// acyclic with parents right, `size` nodes, degrees binomial, keys heap-ordered. Unlike
// binomial_heap.hpp (ours, shape before keys), it checks parents and acyclicity before degrees,
// so Korat and objgen try more candidates for the same heaps. Where Java evaluates an operand
// before the other, so does this code.
//
//   objgen korat --header examples/invariants/korat_binomial_heap.hpp --class invariants::KoratBinomialHeap
//       --scope 8 --range size=0..8 --range degree=0..8
//
// Korat: 603,744 structures, 1,323,194 candidates at 8 (Table 1 of the BEAPI paper).
#pragma once

#include "visited_set.hpp"

namespace invariants {

class KoratBinomialHeap {
 public:
  struct Node {
    Node* parent = nullptr;
    Node* sibling = nullptr;
    Node* child = nullptr;
    int key = 0;
    int degree = 0;
  };

  bool repOK() const {
    if (size == 0) return nodes == nullptr;
    if (nodes == nullptr) return false;
    VisitedSet<Node> visited;
    for (const Node* current = nodes; current != nullptr; current = current->sibling) {
      if (!visited.insert(current)) return false;
      if (!is_tree(current, visited, nullptr)) return false;
    }
    if (static_cast<int>(visited.size()) != size) return false;
    if (!degrees_binomial()) return false;
    for (const Node* current = nodes; current != nullptr; current = current->sibling)
      if (!heap_ordered(current)) return false;
    return true;
  }

 private:
  static bool is_tree(const Node* node, VisitedSet<Node>& visited, const Node* parent) {
    if (node->parent != parent) return false;
    for (const Node* current = node->child; current != nullptr; current = current->sibling) {
      if (!visited.insert(current)) return false;
      if (!is_tree(current, visited, node)) return false;
    }
    return true;
  }
  bool degrees_binomial() const {
    int bits = size, right_degree = 0;
    for (const Node* current = nodes; current != nullptr; current = current->sibling) {
      if (bits == 0) return false;
      while ((bits & 1) == 0) ++right_degree, bits /= 2;
      if (current->degree != right_degree) return false;
      if (!children_degrees(current, right_degree)) return false;
      ++right_degree;
      bits /= 2;
    }
    return bits == 0;
  }
  static bool children_degrees(const Node* node, int degree) {
    for (const Node* current = node->child; current != nullptr; current = current->sibling) {
      --degree;
      if (current->degree != degree) return false;
      if (!children_degrees(current, degree)) return false;
    }
    return degree == 0;
  }
  static bool heap_ordered(const Node* node) {
    for (const Node* current = node->child; current != nullptr; current = current->sibling) {
      int mine = node->key;
      if (!(mine <= current->key)) return false;
      if (!heap_ordered(current)) return false;
    }
    return true;
  }

  int size = 0;
  Node* nodes = nullptr;
};

}  // namespace invariants
