// An unbalanced binary search tree with parent links and no size field (after the ROOPS
// BinTree benchmark). Keys are distinct: adding a key that is already present changes nothing.
#pragma once

#include <stdexcept>

namespace examples {

class BinTree {
 public:
  BinTree() = default;
  BinTree(const BinTree& other);
  BinTree& operator=(const BinTree& other);
  ~BinTree();

  void add(int key);
  // Removes key if present (a node with two children takes its successor's key); false if absent.
  bool remove(int key);
  void clear();
  bool contains(int key) const;
  int findMin() const;
  int findMax() const;
  int getSize() const;
  int getHeight() const;
  bool isEmpty() const { return root == nullptr; }
  bool repOK() const;

 private:
  struct Node {
    int key = 0;
    Node* left = nullptr;
    Node* right = nullptr;
    Node* parent = nullptr;
  };

  static Node* copySubtree(const Node* from, Node* parent);
  static void destroySubtree(Node* node);
  static int countSubtree(const Node* node);
  static int heightOf(const Node* node);
  Node* find(int key) const;
  // Detaches node, which has at most one child, putting that child in its place.
  void splice(Node* node);

  Node* root = nullptr;
};

}  // namespace examples
