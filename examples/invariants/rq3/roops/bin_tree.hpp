// ROOPS's binary search tree with parent links (the BEAPI artifact's 2_roops bintree.BinTree),
// and its fixed twin (bintree.BinTree_fix), for the repOK-versus-API comparison (BEAPI RQ3).
// Fields in the order the Korat finitization sets them (root; node: parent, left, right, key);
// the repOK is the Java's, flaws included: the original never looks at the root's parent, the
// fixed one rejects a root with a parent. API: the constructor and add(int) (BEAPI's builders).
//
//   objgen korat --header examples/invariants/rq3/roops/bin_tree.hpp --class rq3::roops::BinTree
//       --scope 3 --against-api --methods add   (the fixed twin: BinTreeFix, up to --scope 10)
#pragma once

#include <cstddef>

#include "../../visited_set.hpp"

namespace rq3::roops {

struct BinTreeNode {
  BinTreeNode* parent = nullptr;
  BinTreeNode* left = nullptr;
  BinTreeNode* right = nullptr;
  int key = 0;
};

template <bool Fixed>
class BinTreeT {
 public:
  using Node = BinTreeNode;

  BinTreeT() = default;
  BinTreeT(const BinTreeT& other) { root = clone(other.root, nullptr); }
  BinTreeT& operator=(const BinTreeT&) = delete;
  ~BinTreeT() { destroy(root); }

  // Java add(int): walks down from the root until it meets x, hanging a new leaf where the path
  // ends (the loop then steps onto that leaf and stops); a key already there changes nothing.
  void add(int x) {
    Node* current = root;
    if (root == nullptr) {
      root = new Node();
      init_node(root, x);
      return;
    }
    while (current->key != x) {
      if (x < current->key) {
        if (current->left == nullptr) {
          current->left = new Node();
          current->left->parent = current;
          init_node(current->left, x);
        } else {
          current = current->left;
        }
      } else {
        if (current->right == nullptr) {
          current->right = new Node();
          current->right->parent = current;
          init_node(current->right, x);
        } else {
          current = current->right;
        }
      }
    }
  }

  bool repOK() const {
    if (root != nullptr) {
      if (!is_acyclic()) return false;
      if (!is_ordered(root)) return false;
      if (!parents_all_right()) return false;
    }
    return true;
  }

 private:
  static void touch(int value) { asm volatile("" : : "r"(value)); }

  static void init_node(Node* node, int x) {
    node->key = x;
    node->left = nullptr;
    node->right = nullptr;
  }

  // Java repOK_parentsAllRight: breadth first, each child's parent must be the node it hangs
  // from. Only the fixed class looks at the root's own parent.
  bool parents_all_right() const {
    const Node* work[64];
    std::size_t head = 0, tail = 0;
    work[tail++] = root;
    if (Fixed && root->parent != nullptr) return false;
    while (head < tail) {
      const Node* current = work[head++];
      if (current->left != nullptr) {
        if (current->left->parent != current) return false;
        work[tail++] = current->left;
      }
      if (current->right != nullptr) {
        if (current->right->parent != current) return false;
        work[tail++] = current->right;
      }
    }
    return true;
  }

  // Java repOK_isAcyclic: breadth first, left before right, every child new to the visited list.
  bool is_acyclic() const {
    invariants::VisitedSet<Node> visited;
    visited.insert(root);
    const Node* work[64];
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

  // Java repOK_isOrdered(n): computes the leftmost and rightmost keys (unused), then checks
  // strict order with -1 meaning "no bound".
  static bool is_ordered(const Node* n) {
    touch(leftmost_key(n));  // the Java computes both bounds and never uses them:
    touch(rightmost_key(n));  // the loads must happen all the same
    return is_ordered(n, -1, -1);
  }
  static bool is_ordered(const Node* n, int min, int max) {
    int key = n->key;
    if ((min != -1 && key <= min) || (max != -1 && key >= max)) return false;
    if (n->left != nullptr && !is_ordered(n->left, min, key)) return false;
    if (n->right != nullptr && !is_ordered(n->right, key, max)) return false;
    return true;
  }
  static int leftmost_key(const Node* n) {
    const Node* curr = n;
    while (curr->left != nullptr) curr = curr->left;
    return curr->key;
  }
  static int rightmost_key(const Node* n) {
    const Node* curr = n;
    while (curr->right != nullptr) curr = curr->right;
    return curr->key;
  }

  static Node* clone(const Node* n, Node* parent) {
    if (n == nullptr) return nullptr;
    Node* c = new Node();
    c->parent = parent;
    c->key = n->key;
    c->left = clone(n->left, c);
    c->right = clone(n->right, c);
    return c;
  }
  static void destroy(Node* n) {
    if (n == nullptr) return;
    destroy(n->left);
    destroy(n->right);
    delete n;
  }

  Node* root = nullptr;
};

using BinTree = BinTreeT<false>;
using BinTreeFix = BinTreeT<true>;

}  // namespace rq3::roops
