#include "avl_tree.hpp"

#include <algorithm>
#include <utility>

namespace examples {

AvlTree::AvlTree(const AvlTree& other) : root(copySubtree(other.root)) {}

AvlTree& AvlTree::operator=(const AvlTree& other) {
  if (this == &other) return *this;
  AvlTree copy(other);
  std::swap(root, copy.root);
  return *this;
}

AvlTree::~AvlTree() { destroySubtree(root); }

AvlTree::Node* AvlTree::copySubtree(const Node* from) {
  if (from == nullptr) return nullptr;
  return new Node{from->element, copySubtree(from->left), copySubtree(from->right), from->height};
}

void AvlTree::destroySubtree(Node* n) {
  if (n == nullptr) return;
  destroySubtree(n->left);
  destroySubtree(n->right);
  delete n;
}

int AvlTree::countSubtree(const Node* n) {
  return n == nullptr ? 0 : 1 + countSubtree(n->left) + countSubtree(n->right);
}

void AvlTree::updateHeight(Node* n) { n->height = 1 + std::max(heightOf(n->left), heightOf(n->right)); }

// The left child becomes the subtree's top; returns it.
AvlTree::Node* AvlTree::rotateRight(Node* top) {
  Node* pivot = top->left;
  top->left = pivot->right;
  pivot->right = top;
  updateHeight(top);
  updateHeight(pivot);
  return pivot;
}

// The right child becomes the subtree's top; returns it.
AvlTree::Node* AvlTree::rotateLeft(Node* top) {
  Node* pivot = top->right;
  top->right = pivot->left;
  pivot->left = top;
  updateHeight(top);
  updateHeight(pivot);
  return pivot;
}

// t's children are AVL trees whose heights differ by at most two. A heavy side whose outer
// grandchild is at least as tall as the inner one needs one rotation, otherwise two.
AvlTree::Node* AvlTree::rebalance(Node* t) {
  if (t == nullptr) return t;
  if (heightOf(t->left) - heightOf(t->right) > kAllowedImbalance) {
    if (heightOf(t->left->left) < heightOf(t->left->right)) t->left = rotateLeft(t->left);
    t = rotateRight(t);
  } else if (heightOf(t->right) - heightOf(t->left) > kAllowedImbalance) {
    if (heightOf(t->right->right) < heightOf(t->right->left)) t->right = rotateRight(t->right);
    t = rotateLeft(t);
  }
  updateHeight(t);
  return t;
}

AvlTree::Node* AvlTree::insertInto(Node* t, int x) {
  if (t == nullptr) return new Node{x, nullptr, nullptr, 0};
  if (x < t->element)
    t->left = insertInto(t->left, x);
  else if (x > t->element)
    t->right = insertInto(t->right, x);
  return rebalance(t);
}

AvlTree::Node* AvlTree::removeFrom(Node* t, int x) {
  if (t == nullptr) return t;
  if (x < t->element) {
    t->left = removeFrom(t->left, x);
  } else if (x > t->element) {
    t->right = removeFrom(t->right, x);
  } else if (t->left != nullptr && t->right != nullptr) {
    const Node* next = t->right;
    while (next->left != nullptr) next = next->left;
    t->element = next->element;
    t->right = removeFrom(t->right, t->element);
  } else {
    Node* only = t->left != nullptr ? t->left : t->right;
    delete t;
    t = only;
  }
  return rebalance(t);
}

void AvlTree::insert(int x) { root = insertInto(root, x); }

void AvlTree::remove(int x) { root = removeFrom(root, x); }

void AvlTree::makeEmpty() {
  destroySubtree(root);
  root = nullptr;
}

bool AvlTree::contains(int x) const {
  const Node* n = root;
  while (n != nullptr) {
    if (x == n->element) return true;
    n = x < n->element ? n->left : n->right;
  }
  return false;
}

int AvlTree::findMin() const {
  if (root == nullptr) throw std::out_of_range("findMin on an empty tree");
  const Node* n = root;
  while (n->left != nullptr) n = n->left;
  return n->element;
}

int AvlTree::findMax() const {
  if (root == nullptr) throw std::out_of_range("findMax on an empty tree");
  const Node* n = root;
  while (n->right != nullptr) n = n->right;
  return n->element;
}

int AvlTree::getSize() const { return countSubtree(root); }

int AvlTree::checkSubtree(const Node* n, const int* low, const int* high) {
  if (n == nullptr) return 0;
  if ((low != nullptr && n->element <= *low) || (high != nullptr && n->element >= *high)) return -1;
  int left = checkSubtree(n->left, low, &n->element);
  if (left < 0) return -1;
  int right = checkSubtree(n->right, &n->element, high);
  if (right < 0) return -1;
  int lh = heightOf(n->left), rh = heightOf(n->right);
  if (n->height != 1 + std::max(lh, rh)) return -1;
  if (lh - rh > kAllowedImbalance || rh - lh > kAllowedImbalance) return -1;
  return 1 + left + right;
}

bool AvlTree::repOK() const {
  // With strict key bounds a shared node or a cycle always breaks the ordering (two paths to one
  // node part left and right somewhere), so the walk needs no visited set.
  return checkSubtree(root, nullptr, nullptr) >= 0;
}

}  // namespace examples
