#include "red_black_tree.hpp"

#include <utility>
#include <vector>

namespace examples {

// Null-tolerant accessors: an absent node is black and has no relatives.
RedBlackTree::Color RedBlackTree::colorOf(const Node* n) { return n == nullptr ? Color::Black : n->color; }
RedBlackTree::Node* RedBlackTree::parentOf(Node* n) { return n == nullptr ? nullptr : n->parent; }
RedBlackTree::Node* RedBlackTree::leftOf(Node* n) { return n == nullptr ? nullptr : n->left; }
RedBlackTree::Node* RedBlackTree::rightOf(Node* n) { return n == nullptr ? nullptr : n->right; }
void RedBlackTree::paint(Node* n, Color c) {
  if (n != nullptr) n->color = c;
}

RedBlackTree::RedBlackTree(const RedBlackTree& other)
    : root(copySubtree(other.root, nullptr)), size(other.size), modCount(other.modCount) {}

RedBlackTree& RedBlackTree::operator=(const RedBlackTree& other) {
  if (this == &other) return *this;
  RedBlackTree copy(other);
  std::swap(root, copy.root);
  std::swap(size, copy.size);
  std::swap(modCount, copy.modCount);
  return *this;
}

RedBlackTree::~RedBlackTree() { destroySubtree(root); }

RedBlackTree::Node* RedBlackTree::copySubtree(const Node* from, Node* parent) {
  if (from == nullptr) return nullptr;
  Node* n = new Node{from->key, parent, from->color, nullptr, nullptr};
  n->left = copySubtree(from->left, n);
  n->right = copySubtree(from->right, n);
  return n;
}

void RedBlackTree::destroySubtree(Node* n) {
  if (n == nullptr) return;
  destroySubtree(n->left);
  destroySubtree(n->right);
  delete n;
}

RedBlackTree::Node* RedBlackTree::find(int key) const {
  Node* n = root;
  while (n != nullptr && n->key != key) n = key < n->key ? n->left : n->right;
  return n;
}

// p's right child takes p's place; p becomes its left child.
void RedBlackTree::rotateLeft(Node* p) {
  Node* r = p->right;
  p->right = r->left;
  if (r->left != nullptr) r->left->parent = p;
  r->parent = p->parent;
  if (p->parent == nullptr)
    root = r;
  else if (p->parent->left == p)
    p->parent->left = r;
  else
    p->parent->right = r;
  r->left = p;
  p->parent = r;
}

// p's left child takes p's place; p becomes its right child.
void RedBlackTree::rotateRight(Node* p) {
  Node* l = p->left;
  p->left = l->right;
  if (l->right != nullptr) l->right->parent = p;
  l->parent = p->parent;
  if (p->parent == nullptr)
    root = l;
  else if (p->parent->right == p)
    p->parent->right = l;
  else
    p->parent->left = l;
  l->right = p;
  p->parent = l;
}

bool RedBlackTree::add(int key) {
  if (root == nullptr) {
    root = new Node{key, nullptr, Color::Black, nullptr, nullptr};
    ++size;
    ++modCount;
    return true;
  }
  Node* n = root;
  while (true) {
    if (key == n->key) return false;
    Node*& child = key < n->key ? n->left : n->right;
    if (child == nullptr) {
      child = new Node{key, n, Color::Black, nullptr, nullptr};
      ++size;
      ++modCount;
      repairAfterInsert(child);
      return true;
    }
    n = child;
  }
}

// x is a fresh leaf: make it red, then push any red-red conflict up the tree by recolouring
// (red uncle) or settle it with one or two rotations (black uncle).
void RedBlackTree::repairAfterInsert(Node* x) {
  x->color = Color::Red;
  while (x != nullptr && x != root && x->parent->color == Color::Red) {
    Node* grand = parentOf(parentOf(x));
    if (parentOf(x) == leftOf(grand)) {
      Node* uncle = rightOf(grand);
      if (colorOf(uncle) == Color::Red) {
        paint(parentOf(x), Color::Black);
        paint(uncle, Color::Black);
        paint(grand, Color::Red);
        x = grand;
      } else {
        if (x == rightOf(parentOf(x))) {
          x = parentOf(x);
          rotateLeft(x);
        }
        paint(parentOf(x), Color::Black);
        paint(parentOf(parentOf(x)), Color::Red);
        if (parentOf(parentOf(x)) != nullptr) rotateRight(parentOf(parentOf(x)));
      }
    } else {
      Node* uncle = leftOf(grand);
      if (colorOf(uncle) == Color::Red) {
        paint(parentOf(x), Color::Black);
        paint(uncle, Color::Black);
        paint(grand, Color::Red);
        x = grand;
      } else {
        if (x == leftOf(parentOf(x))) {
          x = parentOf(x);
          rotateRight(x);
        }
        paint(parentOf(x), Color::Black);
        paint(parentOf(parentOf(x)), Color::Red);
        if (parentOf(parentOf(x)) != nullptr) rotateLeft(parentOf(parentOf(x)));
      }
    }
  }
  root->color = Color::Black;
}

bool RedBlackTree::remove(int key) {
  Node* p = find(key);
  if (p == nullptr) return false;
  deleteNode(p);
  return true;
}

int RedBlackTree::removeMin() {
  if (root == nullptr) throw std::out_of_range("removeMin on an empty tree");
  Node* n = root;
  while (n->left != nullptr) n = n->left;
  int key = n->key;
  deleteNode(n);
  return key;
}

void RedBlackTree::deleteNode(Node* p) {
  ++modCount;
  --size;
  if (p->left != nullptr && p->right != nullptr) {
    // Two children: the in-order successor (leftmost of the right subtree) has at most one
    // child; its key moves up and it is the node actually unlinked.
    Node* s = p->right;
    while (s->left != nullptr) s = s->left;
    p->key = s->key;
    p = s;
  }
  Node* replacement = p->left != nullptr ? p->left : p->right;
  if (replacement != nullptr) {
    replacement->parent = p->parent;
    if (p->parent == nullptr)
      root = replacement;
    else if (p == p->parent->left)
      p->parent->left = replacement;
    else
      p->parent->right = replacement;
    Color removed = p->color;
    delete p;
    if (removed == Color::Black) repairAfterDelete(replacement);
  } else if (p->parent == nullptr) {
    delete p;
    root = nullptr;
  } else {
    // A leaf: it stands in for its own (black) replacement during the repair, then goes.
    if (p->color == Color::Black) repairAfterDelete(p);
    if (p->parent != nullptr) {
      if (p == p->parent->left)
        p->parent->left = nullptr;
      else if (p == p->parent->right)
        p->parent->right = nullptr;
    }
    delete p;
  }
}

// x carries an extra black: move it up by recolouring the sibling, or absorb it with
// rotations when the sibling has a red child.
void RedBlackTree::repairAfterDelete(Node* x) {
  while (x != root && colorOf(x) == Color::Black) {
    if (x == leftOf(parentOf(x))) {
      Node* sib = rightOf(parentOf(x));
      if (colorOf(sib) == Color::Red) {
        paint(sib, Color::Black);
        paint(parentOf(x), Color::Red);
        rotateLeft(parentOf(x));
        sib = rightOf(parentOf(x));
      }
      if (colorOf(leftOf(sib)) == Color::Black && colorOf(rightOf(sib)) == Color::Black) {
        paint(sib, Color::Red);
        x = parentOf(x);
      } else {
        if (colorOf(rightOf(sib)) == Color::Black) {
          paint(leftOf(sib), Color::Black);
          paint(sib, Color::Red);
          rotateRight(sib);
          sib = rightOf(parentOf(x));
        }
        paint(sib, colorOf(parentOf(x)));
        paint(parentOf(x), Color::Black);
        paint(rightOf(sib), Color::Black);
        rotateLeft(parentOf(x));
        x = root;
      }
    } else {
      Node* sib = leftOf(parentOf(x));
      if (colorOf(sib) == Color::Red) {
        paint(sib, Color::Black);
        paint(parentOf(x), Color::Red);
        rotateRight(parentOf(x));
        sib = leftOf(parentOf(x));
      }
      if (colorOf(rightOf(sib)) == Color::Black && colorOf(leftOf(sib)) == Color::Black) {
        paint(sib, Color::Red);
        x = parentOf(x);
      } else {
        if (colorOf(leftOf(sib)) == Color::Black) {
          paint(rightOf(sib), Color::Black);
          paint(sib, Color::Red);
          rotateLeft(sib);
          sib = leftOf(parentOf(x));
        }
        paint(sib, colorOf(parentOf(x)));
        paint(parentOf(x), Color::Black);
        paint(leftOf(sib), Color::Black);
        rotateRight(parentOf(x));
        x = root;
      }
    }
  }
  paint(x, Color::Black);
}

void RedBlackTree::clear() {
  destroySubtree(root);
  root = nullptr;
  size = 0;
  ++modCount;
}

bool RedBlackTree::contains(int key) const { return find(key) != nullptr; }

int RedBlackTree::first() const {
  if (root == nullptr) throw std::out_of_range("first on an empty tree");
  const Node* n = root;
  while (n->left != nullptr) n = n->left;
  return n->key;
}

int RedBlackTree::last() const {
  if (root == nullptr) throw std::out_of_range("last on an empty tree");
  const Node* n = root;
  while (n->right != nullptr) n = n->right;
  return n->key;
}

bool RedBlackTree::repOK() const {
  if (root == nullptr) return size == 0;
  if (root->parent != nullptr || root->color != Color::Black) return false;
  // Breadth-first walk with visited set: tree shape, parent links, no red node with a red
  // child, strict key order (open interval per node) and one black count on every path.
  struct Item {
    const Node* node;
    const int* low;
    const int* high;
    int blacks;  // black nodes from the root down to and including this one
  };
  std::vector<Item> queue{{root, nullptr, nullptr, 1}};
  std::vector<const Node*> visited{root};
  int pathBlacks = -1;
  for (size_t i = 0; i < queue.size(); ++i) {
    Item it = queue[i];
    const Node* n = it.node;
    if ((it.low != nullptr && n->key <= *it.low) || (it.high != nullptr && n->key >= *it.high))
      return false;
    for (const Node* child : {n->left, n->right}) {
      if (child == nullptr) {
        if (pathBlacks == -1) pathBlacks = it.blacks;
        if (pathBlacks != it.blacks) return false;
        continue;
      }
      for (const Node* v : visited)
        if (v == child) return false;
      visited.push_back(child);
      if (child->parent != n) return false;
      if (n->color == Color::Red && child->color == Color::Red) return false;
      int blacks = it.blacks + (child->color == Color::Black ? 1 : 0);
      if (child == n->left)
        queue.push_back({child, it.low, &n->key, blacks});
      else
        queue.push_back({child, &n->key, it.high, blacks});
    }
  }
  return static_cast<int>(visited.size()) == size;
}

}  // namespace examples
