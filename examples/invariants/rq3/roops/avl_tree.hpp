// ROOPS's AVL tree (the BEAPI artifact's 2_roops avl.AvlTree, Weiss's implementation with the
// ROOPS repOK) and its fixed twin (avl.AvlTree_fix), for the repOK-versus-API comparison (BEAPI
// RQ3). Fields in the order the Korat finitization sets them (root; node: element, height, left,
// right). The repOK is the Java's, flaws included:
//   - the original gives a missing child height 0 (so a leaf must have height 1, where the API
//     gives it 0); the fixed one gives it -1;
//   - both "reject repeated data" through a list whose add never fails, and check the order with
//     non-strict bounds, so repeated keys pass.
// API: the constructor and insert(int) (BEAPI's builders).
//
//   objgen korat --header examples/invariants/rq3/roops/avl_tree.hpp --class rq3::roops::AvlTree
//       --scope 5 --against-api --methods insert
#pragma once

#include <algorithm>
#include <cstddef>

#include "../../visited_set.hpp"

namespace rq3::roops {

struct AvlNode {
  int element = 0;
  int height = 0;
  AvlNode* left = nullptr;
  AvlNode* right = nullptr;
};

template <bool Fixed>
class AvlTreeT {
 public:
  using Node = AvlNode;

  AvlTreeT() = default;
  AvlTreeT(const AvlTreeT& other) { root = clone(other.root); }
  AvlTreeT& operator=(const AvlTreeT&) = delete;
  ~AvlTreeT() { destroy(root); }

  // Java insert(int): duplicates are ignored.
  void insert(int x) { root = insert(x, root); }

  bool repOK() const {
    invariants::VisitedSet<Node> all_nodes;
    const Node* stack[128];  // each pop pushes at most two and a node pops once: room enough
    std::size_t top = 0;
    if (root != nullptr) stack[top++] = root;
    while (top > 0) {
      const Node* node = stack[--top];
      if (!all_nodes.insert(node)) return false;  // not acyclic
      // Java: allData.add(node.element) on an ArrayList, which never returns false: repeated
      // data is never rejected, but the element is read here.
      touch(node->element);
      int l_height;
      if (node->left == nullptr)
        l_height = Fixed ? -1 : 0;
      else
        l_height = node->left->height;
      int r_height;
      if (node->right == nullptr)
        r_height = Fixed ? -1 : 0;
      else
        r_height = node->right->height;
      int difference = l_height - r_height;
      if (difference < -1 || difference > 1) return false;  // not balanced
      int max = l_height > r_height ? l_height : r_height;
      if (node->height != 1 + max) return false;  // wrong height
      if (node->left != nullptr) {
        if (top == 128) return false;
        stack[top++] = node->left;
      }
      if (node->right != nullptr) {
        if (top == 128) return false;
        stack[top++] = node->right;
      }
    }
    if (!is_ordered(root)) return false;
    return true;
  }

 private:
  static constexpr int kAllowedImbalance = 1;

  static void touch(int value) { asm volatile("" : : "r"(value)); }

  static int height(const Node* t) { return t == nullptr ? -1 : t->height; }

  static Node* insert(int x, Node* t) {
    if (t == nullptr) {
      Node* n = new Node();
      n->element = x;
      return n;
    }
    if (x < t->element)
      t->left = insert(x, t->left);
    else if (x > t->element)
      t->right = insert(x, t->right);
    // else a duplicate: nothing
    return balance(t);
  }

  static Node* balance(Node* t) {
    if (t == nullptr) return t;
    if (height(t->left) - height(t->right) > kAllowedImbalance) {
      if (height(t->left->left) >= height(t->left->right))
        t = rotate_with_left_child(t);
      else
        t = double_with_left_child(t);
    } else if (height(t->right) - height(t->left) > kAllowedImbalance) {
      if (height(t->right->right) >= height(t->right->left))
        t = rotate_with_right_child(t);
      else
        t = double_with_right_child(t);
    }
    t->height = std::max(height(t->left), height(t->right)) + 1;
    return t;
  }

  static Node* rotate_with_left_child(Node* k2) {
    Node* k1 = k2->left;
    k2->left = k1->right;
    k1->right = k2;
    k2->height = std::max(height(k2->left), height(k2->right)) + 1;
    k1->height = std::max(height(k1->left), k2->height) + 1;
    return k1;
  }
  static Node* rotate_with_right_child(Node* k1) {
    Node* k2 = k1->right;
    k1->right = k2->left;
    k2->left = k1;
    k1->height = std::max(height(k1->left), height(k1->right)) + 1;
    k2->height = std::max(height(k2->right), k1->height) + 1;
    return k2;
  }
  static Node* double_with_left_child(Node* k3) {
    k3->left = rotate_with_right_child(k3->left);
    return rotate_with_left_child(k3);
  }
  static Node* double_with_right_child(Node* k1) {
    k1->right = rotate_with_left_child(k1->right);
    return rotate_with_right_child(k1);
  }

  // Java repOK_isOrdered: bounds from the leftmost and rightmost elements, then every element
  // within [min, max] of its ancestors (non-strict: equal keys pass).
  static bool is_ordered(const Node* n) {
    if (n == nullptr) return true;
    int min = leftmost(n);
    int max = rightmost(n);
    return is_ordered(n, min, max);
  }
  static bool is_ordered(const Node* n, int min, int max) {
    int element = n->element;
    if (element < min || element > max) return false;
    if (n->left != nullptr && !is_ordered(n->left, min, element)) return false;
    if (n->right != nullptr && !is_ordered(n->right, element, max)) return false;
    return true;
  }
  static int leftmost(const Node* n) {
    const Node* curr = n;
    while (curr->left != nullptr) curr = curr->left;
    return curr->element;
  }
  static int rightmost(const Node* n) {
    const Node* curr = n;
    while (curr->right != nullptr) curr = curr->right;
    return curr->element;
  }

  static Node* clone(const Node* n) {
    if (n == nullptr) return nullptr;
    Node* c = new Node();
    c->element = n->element;
    c->height = n->height;
    c->left = clone(n->left);
    c->right = clone(n->right);
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

using AvlTree = AvlTreeT<false>;
using AvlTreeFix = AvlTreeT<true>;

}  // namespace rq3::roops
