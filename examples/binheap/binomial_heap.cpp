#include "binomial_heap.hpp"

#include <utility>

namespace examples {

BinomialHeap::BinomialHeap(const BinomialHeap& other)
    : head(cloneList(other.head, nullptr)), size(other.size) {}

BinomialHeap& BinomialHeap::operator=(const BinomialHeap& other) {
  if (this == &other) return *this;
  BinomialHeap copy(other);
  std::swap(head, copy.head);
  std::swap(size, copy.size);
  return *this;
}

BinomialHeap::~BinomialHeap() { destroyList(head); }

BinomialHeap::Node* BinomialHeap::cloneList(const Node* first, Node* parent) {
  Node* result = nullptr;
  Node** link = &result;
  for (const Node* n = first; n != nullptr; n = n->sibling) {
    Node* copy = new Node{n->key, n->degree, parent, nullptr, nullptr};
    *link = copy;
    link = &copy->sibling;
    copy->child = cloneList(n->child, copy);
  }
  return result;
}

void BinomialHeap::destroyList(Node* first) {
  while (first != nullptr) {
    Node* next = first->sibling;
    destroyList(first->child);
    delete first;
    first = next;
  }
}

// Interleaves two root lists sorted by increasing degree; on a tie the root of `mine` goes first.
BinomialHeap::Node* BinomialHeap::mergeByDegree(Node* mine, Node* theirs) {
  Node* result = nullptr;
  Node** link = &result;
  while (mine != nullptr && theirs != nullptr) {
    Node*& taken = theirs->degree < mine->degree ? theirs : mine;
    *link = taken;
    link = &taken->sibling;
    taken = taken->sibling;
  }
  *link = mine != nullptr ? mine : theirs;
  return result;
}

void BinomialHeap::adopt(Node* parent, Node* child) {
  child->parent = parent;
  child->sibling = parent->child;
  parent->child = child;
  ++parent->degree;
}

// Merges `roots` into the root list, then joins trees of equal degree pairwise so that no two
// roots share a degree. Of two joined roots the one with the smaller key (the left one on a tie)
// stays a root.
void BinomialHeap::unite(Node* roots) {
  head = mergeByDegree(head, roots);
  Node* previous = nullptr;
  Node* current = head;
  while (current->sibling != nullptr) {
    Node* next = current->sibling;
    bool joinable = current->degree == next->degree &&
                    (next->sibling == nullptr || next->sibling->degree != current->degree);
    if (!joinable) {
      previous = current;
      current = next;
    } else if (current->key <= next->key) {
      current->sibling = next->sibling;
      adopt(current, next);
    } else {
      (previous != nullptr ? previous->sibling : head) = next;
      adopt(next, current);
      current = next;
    }
  }
}

void BinomialHeap::insert(int key) {
  Node* node = new Node{key, 0, nullptr, nullptr, nullptr};
  if (head == nullptr)
    head = node;
  else
    unite(node);
  ++size;
}

BinomialHeap::Node* BinomialHeap::detachMinimumRoot() {
  if (head == nullptr) throw std::out_of_range("extractMin on an empty heap");
  Node* best = head;
  Node* beforeBest = nullptr;
  for (Node *before = head, *n = head->sibling; n != nullptr; before = n, n = n->sibling) {
    if (n->key < best->key) {
      best = n;
      beforeBest = before;
    }
  }
  (beforeBest != nullptr ? beforeBest->sibling : head) = best->sibling;
  best->sibling = nullptr;
  return best;
}

int BinomialHeap::extractMin() {
  Node* minimum = detachMinimumRoot();
  // The removed root's children, listed backwards, are a root list in increasing degree.
  Node* orphans = nullptr;
  for (Node* c = minimum->child; c != nullptr;) {
    Node* next = c->sibling;
    c->parent = nullptr;
    c->sibling = orphans;
    orphans = c;
    c = next;
  }
  int key = minimum->key;
  delete minimum;
  --size;
  if (head == nullptr)
    head = orphans;
  else if (orphans != nullptr)
    unite(orphans);
  return key;
}

void BinomialHeap::removeMin() { extractMin(); }

int BinomialHeap::findMinimum() const {
  if (head == nullptr) throw std::out_of_range("findMinimum on an empty heap");
  int best = head->key;
  for (const Node* n = head->sibling; n != nullptr; n = n->sibling)
    if (n->key < best) best = n->key;
  return best;
}

void BinomialHeap::meld(const BinomialHeap& other) {
  BinomialHeap copy(other);
  if (copy.head == nullptr) return;
  Node* roots = std::exchange(copy.head, nullptr);
  int added = std::exchange(copy.size, 0);
  if (head == nullptr)
    head = roots;
  else
    unite(roots);
  size += added;
}

void BinomialHeap::clear() {
  destroyList(head);
  head = nullptr;
  size = 0;
}

bool BinomialHeap::listContains(const Node* first, int key) {
  for (const Node* n = first; n != nullptr; n = n->sibling)
    if (n->key == key || listContains(n->child, key)) return true;
  return false;
}

bool BinomialHeap::contains(int key) const { return listContains(head, key); }

// A binomial tree of degree k has exactly k children, of degrees k-1 down to 0, each pointing
// back to it and none with a smaller key.
bool BinomialHeap::wellFormedTree(const Node* root, std::unordered_set<const Node*>& seen) {
  if (!seen.insert(root).second || root->degree < 0) return false;
  int expected = root->degree - 1;
  for (const Node* c = root->child; c != nullptr; c = c->sibling) {
    if (expected < 0 || c->degree != expected || c->parent != root || c->key < root->key)
      return false;
    if (!wellFormedTree(c, seen)) return false;
    --expected;
  }
  return expected == -1;
}

bool BinomialHeap::repOK() const {
  std::unordered_set<const Node*> seen;
  int lastDegree = -1;
  for (const Node* r = head; r != nullptr; r = r->sibling) {
    if (r->parent != nullptr || r->degree <= lastDegree) return false;
    if (!wellFormedTree(r, seen)) return false;
    lastDegree = r->degree;
  }
  return static_cast<int>(seen.size()) == size;
}

}  // namespace examples
