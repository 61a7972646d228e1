// A binomial min-heap (after the ROOPS/Korat benchmark): a list of binomial trees linked through
// `sibling` in increasing order of degree, each tree heap-ordered, with children kept in
// decreasing order of degree.
#pragma once

#include <stdexcept>
#include <unordered_set>

namespace examples {

class BinomialHeap {
 public:
  BinomialHeap() = default;
  BinomialHeap(const BinomialHeap& other);
  BinomialHeap& operator=(const BinomialHeap& other);
  ~BinomialHeap();

  void insert(int key);
  // Removes one smallest key and returns it; throws std::out_of_range on an empty heap.
  int extractMin();
  // Same as extractMin, without the result.
  void removeMin();
  int findMinimum() const;
  // Adds a copy of every key of `other` (which may be this heap itself).
  void meld(const BinomialHeap& other);
  void clear();
  bool contains(int key) const;
  int getSize() const { return size; }
  bool isEmpty() const { return head == nullptr; }
  bool repOK() const;

 private:
  struct Node {
    int key = 0;
    int degree = 0;
    Node* parent = nullptr;
    Node* sibling = nullptr;
    Node* child = nullptr;
  };

  static Node* cloneList(const Node* first, Node* parent);
  static void destroyList(Node* first);
  static Node* mergeByDegree(Node* mine, Node* theirs);
  static void adopt(Node* parent, Node* child);
  static bool listContains(const Node* first, int key);
  static bool wellFormedTree(const Node* root, std::unordered_set<const Node*>& seen);
  void unite(Node* roots);
  Node* detachMinimumRoot();

  Node* head = nullptr;
  int size = 0;
};

}  // namespace examples
