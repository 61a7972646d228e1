// The binary search tree of Korat's benchmark (the BEAPI artifact's korat.examples.searchtree
// .SearchTree), fields and repOK in the same order: acyclic (breadth first, left before right),
// `size` nodes, keys strictly ordered.
//
//   objgen korat --header examples/invariants/search_tree.hpp --class invariants::SearchTree
//       --scope 10 --range size=0..10
//
// Korat: 223,191 structures, 216,680,909 candidates at 10 (Table 1 of the BEAPI paper).
//
// The API BEAPI builds it with (its builders, for the RQ3 diff against the invariant): the
// constructor and insert(value), an unbalanced insertion that ignores a value already there.
#pragma once

#include <cstddef>
#include "visited_set.hpp"

namespace invariants {

class SearchTree {
 public:
  struct Node {
    Node* left = nullptr;
    Node* right = nullptr;
    int info = 0;
  };

  SearchTree() = default;
  SearchTree(const SearchTree& other) : root(copy(other.root)), size(other.size) {}
  SearchTree& operator=(const SearchTree&) = delete;
  ~SearchTree() { destroy(root); }

  void insert(int value) {
    Node* z = new Node;
    z->info = value;
    Node* y = nullptr;
    for (Node* x = root; x != nullptr;) {
      y = x;
      if (x->info == z->info) {
        delete z;  // Java leaves it to the collector
        return;
      }
      x = x->info > z->info ? x->left : x->right;
    }
    z->left = z->right = nullptr;
    if (y == nullptr) {
      root = z;
    } else {
      if (y->info == z->info) {
        delete z;
        return;
      }
      if (y->info > z->info) y->left = z;
      else y->right = z;
    }
    ++size;
  }

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if (!acyclic()) return false;
    if (count(root) != size) return false;
    return ordered(root, -1, -1);
  }

 private:
  static Node* copy(const Node* n) {
    if (n == nullptr) return nullptr;
    return new Node{copy(n->left), copy(n->right), n->info};
  }
  static void destroy(Node* n) {
    if (n == nullptr) return;
    destroy(n->left);
    destroy(n->right);
    delete n;
  }

  bool acyclic() const {
    VisitedSet<Node> visited;
    visited.insert(root);
    const Node* work[64];  // a node enters once (the visited set sees to it), so 64 is room enough
    std::size_t head = 0, tail = 0;
    work[tail++] = root;
    while (head < tail) {
      const Node* current = work[head++];
      if (current->left != nullptr) {
        if (!visited.insert(current->left)) return false;
        work[tail++] = current->left;
      }
      if (current->right != nullptr) {
        if (!visited.insert(current->right)) return false;
        work[tail++] = current->right;
      }
    }
    return true;
  }
  static int count(const Node* n) { return n == nullptr ? 0 : 1 + count(n->left) + count(n->right); }
  static bool ordered(const Node* n, int min, int max) {
    if (n->info == -1) return false;
    if ((min != -1 && n->info <= min) || (max != -1 && n->info >= max)) return false;
    if (n->left != nullptr && !ordered(n->left, min, n->info)) return false;
    if (n->right != nullptr && !ordered(n->right, n->info, max)) return false;
    return true;
  }

  Node* root = nullptr;
  int size = 0;
};

}  // namespace invariants
