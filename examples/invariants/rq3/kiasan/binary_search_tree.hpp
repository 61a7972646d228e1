// Kiasan's unbalanced binary search tree (the BEAPI artifact's 1_kiasan binarysearchtree
// .BinarySearchTree, after Weiss): nodes with an int element and two children, no parent links and
// no size field. Its repOK only checks that every element lies strictly inside the open interval its
// ancestors leave it (a Range that starts unbounded on both sides and narrows at each step down);
// strict bounds alone already forbid cycles and shared nodes. BEAPI's builders: the constructor and
// insert(int) (duplicates ignored).
//
//   objgen korat --header examples/invariants/rq3/kiasan/binary_search_tree.hpp
//       --class rq3::kiasan::BinarySearchTree --scope 11 --against-api --methods insert
#pragma once

namespace rq3::kiasan {

class BinarySearchTree {
 public:
  struct BinaryNode {
    int element = -1;
    BinaryNode* left = nullptr;
    BinaryNode* right = nullptr;
  };

  BinarySearchTree() = default;
  BinarySearchTree(const BinarySearchTree& other) : root(clone(other.root)) {}
  BinarySearchTree& operator=(const BinarySearchTree&) = delete;
  ~BinarySearchTree() { destroy(root); }

  // Inserts x where the search for it ends; an element already there is left alone.
  void insert(int x) { root = insert(x, root); }

  bool repOK() const { return repOK(root, Range{}); }

 private:
  // The Java Range: an interval, open at each finite end, unbounded where the flag says so.
  struct Range {
    int lower = 0;
    int upper = 0;
    bool isPositiveInfinity = true;
    bool isNegativeInfinity = true;
    bool inRange(int value) const {
      bool ret = true;
      if (!isPositiveInfinity) ret = value < upper;
      if (!isNegativeInfinity) ret = ret && value > lower;
      return ret;
    }
    Range setLower(int l) const { return Range{l, upper, isPositiveInfinity, false}; }
    Range setUpper(int u) const { return Range{lower, u, false, isNegativeInfinity}; }
  };

  static bool repOK(const BinaryNode* t, Range range) {
    if (t == nullptr) return true;
    if (!range.inRange(t->element)) return false;
    bool ret = true;
    ret = ret && repOK(t->left, range.setUpper(t->element));
    ret = ret && repOK(t->right, range.setLower(t->element));
    return ret;
  }

  static BinaryNode* insert(int x, BinaryNode* t) {
    if (t == nullptr)
      t = new BinaryNode{x, nullptr, nullptr};
    else if (x < t->element)
      t->left = insert(x, t->left);
    else if (x > t->element)
      t->right = insert(x, t->right);
    return t;  // a duplicate: nothing to do
  }

  static BinaryNode* clone(const BinaryNode* t) {
    if (t == nullptr) return nullptr;
    return new BinaryNode{t->element, clone(t->left), clone(t->right)};
  }
  static void destroy(BinaryNode* t) {
    if (t == nullptr) return;
    destroy(t->left);
    destroy(t->right);
    delete t;
  }

  BinaryNode* root = nullptr;
};

}  // namespace rq3::kiasan
