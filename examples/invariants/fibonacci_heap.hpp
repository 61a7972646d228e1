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
//
// The API BEAPI builds it with (its builders, for the RQ3 diff against the invariant): the
// constructor, insert(key) (a new root beside min) and removeMin() (min's children into the root
// list, then consolidate: roots of equal degree linked until the degrees differ). Only cut and
// cascadingCut (decreaseKey, not a builder) set a node's mark, so the API here never needs it.
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

  FibonacciHeap() = default;
  // Copies every node the heap reaches through any link, links and all.
  FibonacciHeap(const FibonacciHeap& other) : n(other.n) {
    const Node* from[kMaxNodes];
    Node* to[kMaxNodes];
    int count = 0;
    auto copy_of = [&](const Node* e) -> Node* {
      if (e == nullptr) return nullptr;
      for (int i = 0; i < count; ++i)
        if (from[i] == e) return to[i];
      from[count] = e;
      to[count] = new Node{nullptr, nullptr, nullptr, nullptr, e->key, e->degree};
      return to[count++];
    };
    min = copy_of(other.min);
    for (int i = 0; i < count; ++i) {  // count grows as the loop reaches new nodes
      to[i]->parent = copy_of(from[i]->parent);
      to[i]->right = copy_of(from[i]->right);
      to[i]->left = copy_of(from[i]->left);
      to[i]->child = copy_of(from[i]->child);
    }
  }
  FibonacciHeap& operator=(const FibonacciHeap&) = delete;
  ~FibonacciHeap() {
    Node* all[kMaxNodes];
    int count = 0;
    auto note = [&](Node* e) {
      if (e == nullptr) return;
      for (int i = 0; i < count; ++i)
        if (all[i] == e) return;
      all[count++] = e;
    };
    note(min);
    for (int i = 0; i < count; ++i) {
      note(all[i]->parent);
      note(all[i]->right);
      note(all[i]->left);
      note(all[i]->child);
    }
    for (int i = 0; i < count; ++i) delete all[i];
  }

  void insert(int key) {
    Node* node = new Node;
    node->key = key;
    node->right = node;
    node->left = node;
    if (min != nullptr) {
      node->right = min;
      node->left = min->left;
      min->left = node;
      node->left->right = node;
      if (key < min->key) min = node;
    } else {
      min = node;
    }
    ++n;
  }

  void removeMin() {
    Node* z = min;
    if (z == nullptr) return;
    if (z->child != nullptr) {
      z->child->parent = nullptr;
      for (Node* x = z->child->right; x != z->child; x = x->right) x->parent = nullptr;
      Node* minleft = min->left;
      Node* zchildleft = z->child->left;
      min->left = zchildleft;
      zchildleft->right = min;
      z->child->left = minleft;
      minleft->right = z->child;
    }
    z->left->right = z->right;
    z->right->left = z->left;
    if (z == z->right) {
      min = nullptr;
    } else {
      min = z->right;
      consolidate();
    }
    --n;
    delete z;  // unlinked above; Java leaves it to the collector
  }

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
  static constexpr int kMaxNodes = 256;  // more than any scope the API search reaches

  // The Java node's link(parent): `node` out of its ring, into parent's children.
  static void link(Node* node, Node* parent) {
    node->left->right = node->right;
    node->right->left = node->left;
    node->parent = parent;
    if (parent->child == nullptr) {
      parent->child = node;
      node->right = node;
      node->left = node;
    } else {
      node->left = parent->child;
      node->right = parent->child->right;
      parent->child->right = node;
      node->right->left = node;
    }
    ++parent->degree;
  }
  void consolidate() {
    Node* a[45] = {};
    Node* start = min;
    Node* w = min;
    do {
      Node* x = w;
      Node* next_w = w->right;
      int d = x->degree;
      while (a[d] != nullptr) {
        Node* y = a[d];
        if (x->key > y->key) {
          Node* temp = y;
          y = x;
          x = temp;
        }
        if (y == start) start = start->right;
        if (y == next_w) next_w = next_w->right;
        link(y, x);
        a[d] = nullptr;
        ++d;
      }
      a[d] = x;
      w = next_w;
    } while (w != start);
    min = start;
    for (Node* r : a)
      if (r != nullptr && r->key < min->key) min = r;
  }

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
