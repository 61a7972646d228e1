// A Fibonacci min-heap (after the ROOPS/Korat benchmark): a circular doubly linked root list
// entered through `min`, each node holding a circular list of children; removing the minimum
// consolidates the roots so that no two share a degree.
#pragma once

#include <stdexcept>
#include <unordered_set>

namespace examples {

class FibonacciHeap {
 public:
  FibonacciHeap() = default;
  FibonacciHeap(const FibonacciHeap& other);
  FibonacciHeap& operator=(const FibonacciHeap& other);
  ~FibonacciHeap();

  void insert(int key);
  // Removes one smallest key; does nothing on an empty heap.
  void removeMin();
  // Removes one smallest key and returns it; throws std::out_of_range on an empty heap.
  int extractMin();
  int minimum() const;
  // Lowers one occurrence of `key` to `newKey`; std::invalid_argument if `key` is absent or
  // `newKey` is larger.
  void decreaseKey(int key, int newKey);
  // Removes one occurrence of `key`; std::invalid_argument if absent.
  void remove(int key);
  // Adds a copy of every key of `other` (which may be this heap itself).
  void meld(const FibonacciHeap& other);
  void clear();
  bool contains(int key) const;
  int size() const { return n; }
  bool isEmpty() const { return min == nullptr; }
  bool repOK() const;

 private:
  struct Node {
    bool mark = false;
    int key = 0;
    int degree = 0;
    Node* parent = nullptr;
    Node* left = nullptr;
    Node* right = nullptr;
    Node* child = nullptr;
  };

  static constexpr int kMaxDegree = 45;

  static Node* cloneRing(const Node* first, Node* parent);
  static void destroyRing(Node* first);
  static void unlinkFromRing(Node* node);
  static void spliceBefore(Node* anchor, Node* node);
  static void makeChild(Node* node, Node* parent);
  static Node* findIn(Node* first, int key);
  static bool wellFormedRing(const Node* first, const Node* parent, int expectedCount,
                             std::unordered_set<const Node*>& seen);
  void addRoot(Node* node);
  void consolidate();
  void cutFromParent(Node* node);
  void cascadeCuts(Node* node);
  Node* findNode(int key) const;

  Node* min = nullptr;
  int n = 0;
};

}  // namespace examples
