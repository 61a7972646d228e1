#include "bin_tree.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace examples {

BinTree::BinTree(const BinTree& other) : root(copySubtree(other.root, nullptr)) {}

BinTree& BinTree::operator=(const BinTree& other) {
  if (this == &other) return *this;
  BinTree copy(other);
  std::swap(root, copy.root);
  return *this;
}

BinTree::~BinTree() { destroySubtree(root); }

BinTree::Node* BinTree::copySubtree(const Node* from, Node* parent) {
  if (from == nullptr) return nullptr;
  Node* node = new Node{from->key, nullptr, nullptr, parent};
  node->left = copySubtree(from->left, node);
  node->right = copySubtree(from->right, node);
  return node;
}

void BinTree::destroySubtree(Node* node) {
  if (node == nullptr) return;
  destroySubtree(node->left);
  destroySubtree(node->right);
  delete node;
}

int BinTree::countSubtree(const Node* node) {
  return node == nullptr ? 0 : 1 + countSubtree(node->left) + countSubtree(node->right);
}

int BinTree::heightOf(const Node* node) {
  return node == nullptr ? -1 : 1 + std::max(heightOf(node->left), heightOf(node->right));
}

BinTree::Node* BinTree::find(int key) const {
  Node* n = root;
  while (n != nullptr && n->key != key) n = key < n->key ? n->left : n->right;
  return n;
}

void BinTree::add(int key) {
  if (root == nullptr) {
    root = new Node{key, nullptr, nullptr, nullptr};
    return;
  }
  Node* n = root;
  while (n->key != key) {
    Node*& child = key < n->key ? n->left : n->right;
    if (child == nullptr) {
      child = new Node{key, nullptr, nullptr, n};
      return;
    }
    n = child;
  }
  // Already present: nothing to do.
}

void BinTree::splice(Node* node) {
  Node* child = node->left != nullptr ? node->left : node->right;
  if (child != nullptr) child->parent = node->parent;
  if (node->parent == nullptr)
    root = child;
  else if (node->parent->left == node)
    node->parent->left = child;
  else
    node->parent->right = child;
  delete node;
}

bool BinTree::remove(int key) {
  Node* target = find(key);
  if (target == nullptr) return false;
  if (target->left != nullptr && target->right != nullptr) {
    Node* successor = target->right;
    while (successor->left != nullptr) successor = successor->left;
    target->key = successor->key;
    target = successor;
  }
  splice(target);
  return true;
}

void BinTree::clear() {
  destroySubtree(root);
  root = nullptr;
}

bool BinTree::contains(int key) const { return find(key) != nullptr; }

int BinTree::findMin() const {
  if (root == nullptr) throw std::out_of_range("findMin on an empty tree");
  const Node* n = root;
  while (n->left != nullptr) n = n->left;
  return n->key;
}

int BinTree::findMax() const {
  if (root == nullptr) throw std::out_of_range("findMax on an empty tree");
  const Node* n = root;
  while (n->right != nullptr) n = n->right;
  return n->key;
}

int BinTree::getSize() const { return countSubtree(root); }

int BinTree::getHeight() const { return heightOf(root); }

bool BinTree::repOK() const {
  if (root == nullptr) return true;
  if (root->parent != nullptr) return false;
  // Depth-first walk carrying the open key interval each node must fall into; `seen` rejects
  // shared nodes and cycles.
  struct Item {
    const Node* node;
    bool hasLow;
    int low;
    bool hasHigh;
    int high;
  };
  std::vector<Item> stack{{root, false, 0, false, 0}};
  std::vector<const Node*> seen;
  while (!stack.empty()) {
    Item it = stack.back();
    stack.pop_back();
    const Node* n = it.node;
    if (std::find(seen.begin(), seen.end(), n) != seen.end()) return false;
    seen.push_back(n);
    if ((it.hasLow && n->key <= it.low) || (it.hasHigh && n->key >= it.high)) return false;
    if (n->left != nullptr) {
      if (n->left->parent != n) return false;
      stack.push_back({n->left, it.hasLow, it.low, true, n->key});
    }
    if (n->right != nullptr) {
      if (n->right->parent != n) return false;
      stack.push_back({n->right, true, n->key, it.hasHigh, it.high});
    }
  }
  return true;
}

}  // namespace examples
