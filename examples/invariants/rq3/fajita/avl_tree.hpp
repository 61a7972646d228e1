// FAJITA's AVL tree (the BEAPI artifact's 3_fajita avl.AvlTree and avl.AvlTree_fix), for the
// repOK-versus-API study (BEAPI paper, RQ3). Fields in the Korat finitization's order (root, size;
// a node's data, height, left, right); repOK reads them as the Java does: a tree reached from
// root (breadth first, no node twice), keys strictly ordered, `size` nodes, then balance and
// heights breadth first.
//
// The flaw the paper reports (Table 3, "error"): the original repOK takes the height of a missing
// child as 0, so it wants a leaf to have height 1, while the API (Weiss's insert) gives a leaf
// height 0 (a missing child counts -1). AvlTree_fix takes -1 for a missing child, as the API does.
//
//   objgen korat --header examples/invariants/rq3/fajita/avl_tree.hpp --class rq3::fajita::AvlTree
//       --scope 9 --range size=0..9 --against-api --methods insert
// (and --class rq3::fajita::AvlTree_fix): bench/rq3/fajita.json has the results and the analysis.
#pragma once

#include "../../visited_set.hpp"

namespace rq3::fajita {

struct AvlNode {
  int data = 0;  // a Java Integer the finitization never makes null
  int height = 0;
  AvlNode* left = nullptr;
  AvlNode* right = nullptr;
};

template <bool Fixed>
class AvlTreeT {
 public:
  AvlTreeT() = default;
  AvlTreeT(const AvlTreeT& other) : root(copy(other.root)), size(other.size) {}
  AvlTreeT& operator=(const AvlTreeT&) = delete;
  ~AvlTreeT() { destroy(root); }

  // Inserts x; a key already there is ignored.
  void insert(int x) { root = insert(x, root); }

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if (!isAcyclic()) return false;
    if (!isOrdered(root, -1, -1)) return false;
    if (numNodes(root) != size) return false;
    if (!isBalanced()) return false;
    return true;
  }

 private:
  // A first-in first-out list big enough for any tree of the finitizations used here.
  struct Queue {
    const AvlNode* items[256];
    int head = 0, tail = 0;
    void push(const AvlNode* n) { items[tail++] = n; }
    const AvlNode* pop() { return items[head++]; }
    bool empty() const { return head == tail; }
  };

  bool isBalanced() const {
    // The original counts a missing child's height as 0, the fix as -1.
    constexpr int kNullHeight = Fixed ? -1 : 0;
    Queue queue;
    queue.push(root);
    while (!queue.empty()) {
      const AvlNode* current = queue.pop();
      int lHeight = current->left == nullptr ? kNullHeight : current->left->height;
      int rHeight = current->right == nullptr ? kNullHeight : current->right->height;
      int difference = lHeight - rHeight;
      if (difference < -1 || difference > 1) return false;  // not balanced
      int max = lHeight > rHeight ? lHeight : rHeight;
      if (current->height != 1 + max) return false;  // wrong height
      if (current->left != nullptr) queue.push(current->left);
      if (current->right != nullptr) queue.push(current->right);
    }
    return true;
  }

  bool isAcyclic() const {
    invariants::VisitedSet<AvlNode> visited;
    visited.insert(root);
    Queue work;
    work.push(root);
    while (!work.empty()) {
      const AvlNode* current = work.pop();
      if (current->left != nullptr) {
        if (!visited.insert(current->left)) return false;
        work.push(current->left);
      }
      if (current->right != nullptr) {
        if (!visited.insert(current->right)) return false;
        work.push(current->right);
      }
    }
    return true;
  }

  static int numNodes(const AvlNode* n) {
    if (n == nullptr) return 0;
    return 1 + numNodes(n->left) + numNodes(n->right);
  }

  // -1 stands for "no bound" (the Java's sentinel; keys are 0..N-1).
  static bool isOrdered(const AvlNode* n, int min, int max) {
    if (n->data == -1) return false;
    if ((min != -1 && n->data <= min) || (max != -1 && n->data >= max)) return false;
    if (n->left != nullptr && !isOrdered(n->left, min, n->data)) return false;
    if (n->right != nullptr && !isOrdered(n->right, n->data, max)) return false;
    return true;
  }

  // ---- the API: Weiss's AVL insertion, as in the Java ----
  static int height(const AvlNode* t) { return t == nullptr ? -1 : t->height; }
  static int maxOf(int a, int b) { return a > b ? a : b; }

  AvlNode* insert(int x, AvlNode* t) {
    if (t == nullptr) {
      ++size;
      AvlNode* n = new AvlNode;
      n->data = x;
      return n;
    }
    if (x < t->data) t->left = insert(x, t->left);
    else if (x > t->data) t->right = insert(x, t->right);
    // equal: a duplicate, nothing to do
    return balance(t);
  }

  static constexpr int kAllowedImbalance = 1;

  static AvlNode* balance(AvlNode* t) {
    if (t == nullptr) return t;
    if (height(t->left) - height(t->right) > kAllowedImbalance) {
      if (height(t->left->left) >= height(t->left->right)) t = rotateWithLeftChild(t);
      else t = doubleWithLeftChild(t);
    } else if (height(t->right) - height(t->left) > kAllowedImbalance) {
      if (height(t->right->right) >= height(t->right->left)) t = rotateWithRightChild(t);
      else t = doubleWithRightChild(t);
    }
    t->height = maxOf(height(t->left), height(t->right)) + 1;
    return t;
  }

  static AvlNode* rotateWithLeftChild(AvlNode* k2) {
    AvlNode* k1 = k2->left;
    k2->left = k1->right;
    k1->right = k2;
    k2->height = maxOf(height(k2->left), height(k2->right)) + 1;
    k1->height = maxOf(height(k1->left), k2->height) + 1;
    return k1;
  }

  static AvlNode* rotateWithRightChild(AvlNode* k1) {
    AvlNode* k2 = k1->right;
    k1->right = k2->left;
    k2->left = k1;
    k1->height = maxOf(height(k1->left), height(k1->right)) + 1;
    k2->height = maxOf(height(k2->right), k1->height) + 1;
    return k2;
  }

  static AvlNode* doubleWithLeftChild(AvlNode* k3) {
    k3->left = rotateWithRightChild(k3->left);
    return rotateWithLeftChild(k3);
  }

  static AvlNode* doubleWithRightChild(AvlNode* k1) {
    k1->right = rotateWithLeftChild(k1->right);
    return rotateWithRightChild(k1);
  }

  static AvlNode* copy(const AvlNode* n) {
    if (n == nullptr) return nullptr;
    AvlNode* c = new AvlNode;
    c->data = n->data;
    c->height = n->height;
    c->left = copy(n->left);
    c->right = copy(n->right);
    return c;
  }

  static void destroy(AvlNode* n) {
    if (n == nullptr) return;
    destroy(n->left);
    destroy(n->right);
    delete n;
  }

  AvlNode* root = nullptr;
  int size = 0;
};

using AvlTree = AvlTreeT<false>;
using AvlTree_fix = AvlTreeT<true>;

}  // namespace rq3::fajita
