// FAJITA's binary search tree (the BEAPI artifact's 3_fajita bintree.BinTree), for the
// repOK-versus-API study (BEAPI paper, RQ3). Nodes have no parent field. The Java `info` is an
// Integer (null is rejected by repOK, and the finitization gives 0..N-1); here an int. repOK as
// the Java's: a tree reached from root (breadth first, no node twice), keys strictly ordered
// (-1 is the "no bound" sentinel), `size` nodes.
//
//   objgen korat --header examples/invariants/rq3/fajita/bin_tree.hpp --class rq3::fajita::BinTree
//       --scope 9 --range size=0..9 --against-api --methods add
#pragma once

#include "../../visited_set.hpp"

namespace rq3::fajita {

struct BinTreeNode {
  BinTreeNode* left = nullptr;
  BinTreeNode* right = nullptr;
  int info = 0;
};

class BinTree {
 public:
  BinTree() = default;
  BinTree(const BinTree& other) : root(copy(other.root)), size(other.size) {}
  BinTree& operator=(const BinTree&) = delete;
  ~BinTree() { destroy(root); }

  // Adds x as a leaf where a search for it ends; a key already there is ignored.
  void add(int x) {
    BinTreeNode* current = root;
    if (root == nullptr) {
      root = new BinTreeNode;
      initNode(root, x);
      ++size;
      return;
    }
    while (current->info != x) {
      if (x < current->info) {
        if (current->left == nullptr) {
          current->left = new BinTreeNode;
          initNode(current->left, x);
          ++size;
        } else {
          current = current->left;
        }
      } else {
        if (current->right == nullptr) {
          current->right = new BinTreeNode;
          initNode(current->right, x);
          ++size;
        } else {
          current = current->right;
        }
      }
    }
  }

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if (!isAcyclic()) return false;
    if (!isOrdered(root, -1, -1)) return false;
    if (numNodes(root) != size) return false;
    return true;
  }

 private:
  struct Queue {
    const BinTreeNode* items[256];
    int head = 0, tail = 0;
    void push(const BinTreeNode* n) { items[tail++] = n; }
    const BinTreeNode* pop() { return items[head++]; }
    bool empty() const { return head == tail; }
  };

  static void initNode(BinTreeNode* n, int x) {
    n->info = x;
    n->left = nullptr;
    n->right = nullptr;
  }

  bool isAcyclic() const {
    invariants::VisitedSet<BinTreeNode> visited;
    visited.insert(root);
    Queue work;
    work.push(root);
    while (!work.empty()) {
      const BinTreeNode* current = work.pop();
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

  static int numNodes(const BinTreeNode* n) {
    if (n == nullptr) return 0;
    return 1 + numNodes(n->left) + numNodes(n->right);
  }

  static bool isOrdered(const BinTreeNode* n, int min, int max) {
    if ((min != -1 && n->info <= min) || (max != -1 && n->info >= max)) return false;
    if (n->left != nullptr && !isOrdered(n->left, min, n->info)) return false;
    if (n->right != nullptr && !isOrdered(n->right, n->info, max)) return false;
    return true;
  }

  static BinTreeNode* copy(const BinTreeNode* n) {
    if (n == nullptr) return nullptr;
    BinTreeNode* c = new BinTreeNode;
    c->info = n->info;
    c->left = copy(n->left);
    c->right = copy(n->right);
    return c;
  }

  static void destroy(BinTreeNode* n) {
    if (n == nullptr) return;
    destroy(n->left);
    destroy(n->right);
    delete n;
  }

  BinTreeNode* root = nullptr;
  int size = 0;
};

}  // namespace rq3::fajita
