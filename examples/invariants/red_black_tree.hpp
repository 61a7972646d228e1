// The red-black tree of Korat's benchmark (the BEAPI artifact's korat.examples.redblacktree
// .RedBlackTree), fields and repOK in the same order: a binary tree linked both ways (acyclic,
// parents right, `size` nodes), no red node with a red child, the same number of black nodes on
// every path to a leaf, keys strictly ordered. Its root may be red: the repOK BEAPI found too weak
// (RQ3). The Java node's `value` is not part of the finitization and is left out here.
//
//   objgen korat --header examples/invariants/red_black_tree.hpp --class invariants::RedBlackTree
//       --scope 11 --range size=0..11 --range color=0..1
//
// Korat: 51,242 structures, 53,141,999 candidates at 11 (Table 1 of the BEAPI paper).
#pragma once

#include <cstddef>

#include "visited_set.hpp"

namespace invariants {

class RedBlackTree {
 public:
  static constexpr int kRed = 0, kBlack = 1;
  struct Node {
    Node* left = nullptr;
    Node* right = nullptr;
    Node* parent = nullptr;
    int color = kBlack;
    int key = 0;
  };

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if (root->parent != nullptr) return false;
    VisitedSet<Node> visited;
    visited.insert(root);
    Queue<const Node*> work;
    work.push(root);
    while (!work.empty()) {
      const Node* current = work.pop();
      const Node* cl = current->left;
      if (cl != nullptr) {
        if (!visited.insert(cl)) return false;
        if (cl->parent != current) return false;
        work.push(cl);
      }
      const Node* cr = current->right;
      if (cr != nullptr) {
        if (!visited.insert(cr)) return false;
        if (cr->parent != current) return false;
        work.push(cr);
      }
    }
    if (static_cast<int>(visited.size()) != size) return false;
    return colors_ok() && ordered(root, nullptr, nullptr) && walk_again();
  }

 private:
  // A first-in first-out list of at most 2 x 64 + 1 entries (a tree of 64 nodes and its nulls).
  template <class T>
  struct Queue {
    T items[129];
    std::size_t head = 0, tail = 0;
    void push(T t) { items[tail++] = t; }
    T pop() { return items[head++]; }
    bool empty() const { return head == tail; }
  };

  bool colors_ok() const {
    Queue<const Node*> work;
    work.push(root);
    while (!work.empty()) {
      const Node* current = work.pop();
      const Node* cl = current->left;
      const Node* cr = current->right;
      if (current->color == kRed) {
        if (cl != nullptr && cl->color == kRed) return false;
        if (cr != nullptr && cr->color == kRed) return false;
      }
      if (cl != nullptr) work.push(cl);
      if (cr != nullptr) work.push(cr);
    }
    int black_on_paths = -1;
    struct Pair {
      const Node* e;
      int n;
    };
    Queue<Pair> pairs;
    pairs.push({root, 0});
    while (!pairs.empty()) {
      Pair p = pairs.pop();
      int n = p.n;
      if (p.e != nullptr && p.e->color == kBlack) ++n;
      if (p.e == nullptr) {
        if (black_on_paths == -1) black_on_paths = n;
        else if (black_on_paths != n) return false;
      } else {
        pairs.push({p.e->left, n});
        pairs.push({p.e->right, n});
      }
    }
    return true;
  }

  static bool ordered(const Node* e, const int* min, const int* max) {
    if (e->key == -1) return false;
    if ((min != nullptr && e->key <= *min) || (max != nullptr && e->key >= *max)) return false;
    if (e->left != nullptr && !ordered(e->left, min, &e->key)) return false;
    if (e->right != nullptr && !ordered(e->right, &e->key, max)) return false;
    return true;
  }

  // The Java repOK's last pass over the nodes (it checks nothing; its reads are kept).
  bool walk_again() const {
    Queue<const Node*> work;
    work.push(root);
    while (!work.empty()) {
      const Node* current = work.pop();
      if (current->left != nullptr) work.push(current->left);
      if (current->right != nullptr) work.push(current->right);
    }
    return true;
  }

  Node* root = nullptr;
  int size = 0;
};

}  // namespace invariants
