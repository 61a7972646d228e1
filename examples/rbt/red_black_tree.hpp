// A red-black tree set of ints in the style of java.util.TreeMap (the ROOPS TreeSet benchmark):
// nodes have parent links, a missing child counts as black, insertion and deletion use the CLR
// fix-ups, and deleting a node with two children copies its successor's key into it and unlinks
// the successor instead.
#pragma once

#include <stdexcept>

namespace examples {

class RedBlackTree {
 public:
  RedBlackTree() = default;
  RedBlackTree(const RedBlackTree& other);
  RedBlackTree& operator=(const RedBlackTree& other);
  ~RedBlackTree();

  // Adds key; false (and no change) when it is already present.
  bool add(int key);
  // Removes key; false (and no change) when it is absent.
  bool remove(int key);
  int removeMin();
  void clear();
  bool contains(int key) const;
  int first() const;
  int last() const;
  int getSize() const { return size; }
  bool isEmpty() const { return size == 0; }
  bool repOK() const;

 private:
  enum class Color : bool { Red = false, Black = true };

  struct Node {
    int key = 0;
    Node* parent = nullptr;
    Color color = Color::Black;
    Node* left = nullptr;
    Node* right = nullptr;
  };

  static Color colorOf(const Node* n);
  static Node* parentOf(Node* n);
  static Node* leftOf(Node* n);
  static Node* rightOf(Node* n);
  static void paint(Node* n, Color c);
  static Node* copySubtree(const Node* from, Node* parent);
  static void destroySubtree(Node* n);
  Node* find(int key) const;
  void rotateLeft(Node* p);
  void rotateRight(Node* p);
  void repairAfterInsert(Node* x);
  void repairAfterDelete(Node* x);
  void deleteNode(Node* p);

  Node* root = nullptr;
  int size = 0;
  int modCount = 0;
};

}  // namespace examples
