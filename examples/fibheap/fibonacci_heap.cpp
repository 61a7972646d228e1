#include "fibonacci_heap.hpp"

#include <utility>

namespace examples {

FibonacciHeap::FibonacciHeap(const FibonacciHeap& other)
    : min(cloneRing(other.min, nullptr)), n(other.n) {}

FibonacciHeap& FibonacciHeap::operator=(const FibonacciHeap& other) {
  if (this == &other) return *this;
  FibonacciHeap copy(other);
  std::swap(min, copy.min);
  std::swap(n, copy.n);
  return *this;
}

FibonacciHeap::~FibonacciHeap() { destroyRing(min); }

// Copies the ring that `first` belongs to, walking rightwards; returns the copy of `first`.
FibonacciHeap::Node* FibonacciHeap::cloneRing(const Node* first, Node* parent) {
  if (first == nullptr) return nullptr;
  Node* copyOfFirst = nullptr;
  Node* previous = nullptr;
  const Node* source = first;
  do {
    Node* copy = new Node{source->mark, source->key, source->degree, parent, nullptr, nullptr,
                          nullptr};
    copy->child = cloneRing(source->child, copy);
    if (previous == nullptr) {
      copyOfFirst = copy;
    } else {
      previous->right = copy;
      copy->left = previous;
    }
    previous = copy;
    source = source->right;
  } while (source != first);
  previous->right = copyOfFirst;
  copyOfFirst->left = previous;
  return copyOfFirst;
}

void FibonacciHeap::destroyRing(Node* first) {
  if (first == nullptr) return;
  first->left->right = nullptr;  // open the ring into a chain
  while (first != nullptr) {
    Node* next = first->right;
    destroyRing(first->child);
    delete first;
    first = next;
  }
}

// Takes `node` out of its ring; its own left/right links are left as they were.
void FibonacciHeap::unlinkFromRing(Node* node) {
  node->left->right = node->right;
  node->right->left = node->left;
}

// Inserts the whole ring that starts at `ring` (and ends at ring->left) just left of `anchor`.
void FibonacciHeap::spliceBefore(Node* anchor, Node* ring) {
  Node* ringEnd = ring->left;
  Node* anchorLeft = anchor->left;
  anchorLeft->right = ring;
  ring->left = anchorLeft;
  ringEnd->right = anchor;
  anchor->left = ringEnd;
}

// Moves `node` out of its ring into the child ring of `parent`, just right of parent->child.
void FibonacciHeap::makeChild(Node* node, Node* parent) {
  unlinkFromRing(node);
  node->parent = parent;
  if (parent->child == nullptr) {
    parent->child = node;
    node->left = node;
    node->right = node;
  } else {
    Node* firstChild = parent->child;
    node->left = firstChild;
    node->right = firstChild->right;
    firstChild->right = node;
    node->right->left = node;
  }
  ++parent->degree;
  node->mark = false;
}

void FibonacciHeap::addRoot(Node* node) {
  node->left = node;
  node->right = node;
  if (min == nullptr) {
    min = node;
    return;
  }
  spliceBefore(min, node);
  if (node->key < min->key) min = node;
}

void FibonacciHeap::insert(int key) {
  addRoot(new Node{false, key, 0, nullptr, nullptr, nullptr, nullptr});
  ++n;
}

// Pairs up roots of equal degree (the larger key goes below the smaller; on a tie the root met
// later in the walk stays on top) until all root degrees differ, then points `min` at a smallest
// root.
void FibonacciHeap::consolidate() {
  Node* rootOfDegree[kMaxDegree] = {};
  // The walk goes rightwards from the current `min` and ends when it returns to `stop`, which
  // moves on whenever the root it names is hung below another root.
  Node* stop = min;
  Node* cursor = min;
  do {
    Node* upcoming = cursor->right;
    Node* tree = cursor;
    int degree = tree->degree;
    for (; rootOfDegree[degree] != nullptr; ++degree) {
      Node* other = rootOfDegree[degree];
      rootOfDegree[degree] = nullptr;
      Node* top = other->key < tree->key ? other : tree;
      Node* below = top == tree ? other : tree;
      if (below == stop) stop = stop->right;
      if (below == upcoming) upcoming = upcoming->right;
      makeChild(below, top);
      tree = top;
    }
    rootOfDegree[degree] = tree;
    cursor = upcoming;
  } while (cursor != stop);
  min = stop;
  for (Node* root : rootOfDegree)
    if (root != nullptr && root->key < min->key) min = root;
}

void FibonacciHeap::removeMin() {
  if (min == nullptr) return;
  Node* gone = min;
  if (gone->child != nullptr) {
    Node* c = gone->child;
    do {
      c->parent = nullptr;
      c = c->right;
    } while (c != gone->child);
    spliceBefore(gone, gone->child);
  }
  unlinkFromRing(gone);
  if (gone->right == gone) {
    min = nullptr;
  } else {
    min = gone->right;
    consolidate();
  }
  delete gone;
  --n;
}

int FibonacciHeap::extractMin() {
  if (min == nullptr) throw std::out_of_range("extractMin on an empty heap");
  int key = min->key;
  removeMin();
  return key;
}

int FibonacciHeap::minimum() const {
  if (min == nullptr) throw std::out_of_range("minimum of an empty heap");
  return min->key;
}

void FibonacciHeap::cutFromParent(Node* node) {
  Node* parent = node->parent;
  unlinkFromRing(node);
  --parent->degree;
  if (parent->degree == 0)
    parent->child = nullptr;
  else if (parent->child == node)
    parent->child = node->right;
  node->left = node;
  node->right = node;
  spliceBefore(min, node);
  node->parent = nullptr;
  node->mark = false;
}

// Walks up from `node`: an unmarked node gets marked and the walk ends; a marked node that is
// not a root is cut and becomes a root.
void FibonacciHeap::cascadeCuts(Node* node) {
  while (node->parent != nullptr) {
    if (!node->mark) {
      node->mark = true;
      return;
    }
    Node* above = node->parent;
    cutFromParent(node);
    node = above;
  }
}

FibonacciHeap::Node* FibonacciHeap::findIn(Node* first, int key) {
  if (first == nullptr) return nullptr;
  Node* x = first;
  do {
    if (x->key == key) return x;
    if (Node* below = findIn(x->child, key)) return below;
    x = x->right;
  } while (x != first);
  return nullptr;
}

FibonacciHeap::Node* FibonacciHeap::findNode(int key) const { return findIn(min, key); }

bool FibonacciHeap::contains(int key) const { return findNode(key) != nullptr; }

void FibonacciHeap::decreaseKey(int key, int newKey) {
  if (newKey > key) throw std::invalid_argument("decreaseKey cannot raise a key");
  Node* x = findNode(key);
  if (x == nullptr) throw std::invalid_argument("decreaseKey: no such key");
  x->key = newKey;
  Node* parent = x->parent;
  if (parent != nullptr && newKey < parent->key) {
    cutFromParent(x);
    cascadeCuts(parent);
  }
  if (newKey < min->key) min = x;
}

void FibonacciHeap::remove(int key) {
  Node* x = findNode(key);
  if (x == nullptr) throw std::invalid_argument("remove: no such key");
  Node* parent = x->parent;
  if (parent != nullptr) {
    cutFromParent(x);
    cascadeCuts(parent);
  }
  min = x;  // treated as the smallest so that removeMin takes it
  removeMin();
}

void FibonacciHeap::meld(const FibonacciHeap& other) {
  FibonacciHeap copy(other);
  if (copy.min == nullptr) return;
  Node* ring = std::exchange(copy.min, nullptr);
  n += std::exchange(copy.n, 0);
  if (min == nullptr) {
    min = ring;
    return;
  }
  spliceBefore(min, ring);
  if (ring->key < min->key) min = ring;
}

void FibonacciHeap::clear() {
  destroyRing(min);
  min = nullptr;
  n = 0;
}

// Checks the ring that `first` belongs to: consistent left/right links, the given parent, keys no
// smaller than `lowest`, children rings matching degrees; every node is seen only once.
bool FibonacciHeap::wellFormedRing(const Node* first, const Node* parent, int expectedCount,
                                   std::unordered_set<const Node*>& seen) {
  int lowest = parent != nullptr ? parent->key : first->key;
  int count = 0;
  const Node* x = first;
  do {
    if (x == nullptr || !seen.insert(x).second) return false;
    if (x->left == nullptr || x->right == nullptr || x->left->right != x || x->right->left != x)
      return false;
    if (x->parent != parent || x->key < lowest || x->degree < 0) return false;
    if (x->child == nullptr ? x->degree != 0 : !wellFormedRing(x->child, x, x->degree, seen))
      return false;
    ++count;
    x = x->right;
  } while (x != first);
  return expectedCount < 0 || count == expectedCount;
}

bool FibonacciHeap::repOK() const {
  if (min == nullptr) return n == 0;
  std::unordered_set<const Node*> seen;
  if (!wellFormedRing(min, nullptr, -1, seen)) return false;
  return static_cast<int>(seen.size()) == n;
}

}  // namespace examples
