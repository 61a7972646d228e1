// An AVL tree of distinct ints in the style of Weiss's textbook implementation (the ROOPS
// AvlTree benchmark): each node stores its height (a leaf has height 0, an empty subtree counts
// as -1), and insert/remove rebalance every node on the way back up. Duplicates are ignored.
#pragma once

#include <stdexcept>

namespace examples {

class AvlTree {
 public:
  AvlTree() = default;
  AvlTree(const AvlTree& other);
  AvlTree& operator=(const AvlTree& other);
  ~AvlTree();

  void insert(int x);
  // Removes x if present; does nothing otherwise.
  void remove(int x);
  void makeEmpty();
  bool contains(int x) const;
  int findMin() const;
  int findMax() const;
  int getSize() const;
  int getHeight() const { return heightOf(root); }
  bool isEmpty() const { return root == nullptr; }
  bool repOK() const;

 private:
  static constexpr int kAllowedImbalance = 1;

  struct Node {
    int element = 0;
    Node* left = nullptr;
    Node* right = nullptr;
    int height = 0;
  };

  static int heightOf(const Node* n) { return n == nullptr ? -1 : n->height; }
  static void updateHeight(Node* n);
  static Node* copySubtree(const Node* from);
  static void destroySubtree(Node* n);
  static int countSubtree(const Node* n);
  static Node* insertInto(Node* t, int x);
  static Node* removeFrom(Node* t, int x);
  static Node* rebalance(Node* t);
  static Node* rotateRight(Node* top);
  static Node* rotateLeft(Node* top);
  // Checks the subtree: heights, balance and keys strictly inside (low, high) where given;
  // returns its node count, or -1 when broken.
  static int checkSubtree(const Node* n, const int* low, const int* high);

  Node* root = nullptr;
};

}  // namespace examples
