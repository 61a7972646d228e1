// ROOPS's Fibonacci heap (the BEAPI artifact's 2_roops fibheap.FibHeap) and its fixed twin
// (fibheap.FibHeap_fix), for the repOK-versus-API comparison (BEAPI RQ3). Fields in the order the
// Korat finitization sets them (n, min; node: parent, right, left, child, key, degree); the Java
// node's `mark` is not in the finitization and is left out (insert and removeMin only ever set
// it false). The repOK is the Java's, flaws included. Both versions:
//   - walk the rings through `left` and check only `left.right == curr` (in the root ring only
//     when n != 0);
//   - want every node's parent null, children's too (the API sets a child's parent);
//   - count each node with children against its degree, never a childless child's degree.
// The original also: never compares keys with min's; takes no degree of a childless root; wants a
// child's key at most its parent's (the API keeps it at least); rejects min == null (the Java's
// HashSet does not contain null), the empty heap included. The fixed one mends those four.
// API: the constructor, insert(int) and removeMin() (BEAPI's builders).
//
//   objgen korat --header examples/invariants/rq3/roops/fib_heap.hpp --class rq3::roops::FibHeap
//       --scope 4 --range n=0..4 --against-api --methods insert,removeMin
#pragma once

#include <cstddef>
#include <unordered_map>
#include <vector>

#include "../../visited_set.hpp"

namespace rq3::roops {

struct FibHeapNode {
  FibHeapNode* parent = nullptr;
  FibHeapNode* right = nullptr;
  FibHeapNode* left = nullptr;
  FibHeapNode* child = nullptr;
  int key = 0;
  int degree = 0;

  // Java link(parent): takes this node out of its ring and makes it a child of parent.
  void link(FibHeapNode* new_parent) {
    left->right = right;
    right->left = left;
    parent = new_parent;
    if (new_parent->child == nullptr) {
      new_parent->child = this;
      right = this;
      left = this;
    } else {
      left = new_parent->child;
      right = new_parent->child->right;
      new_parent->child->right = this;
      right->left = this;
    }
    new_parent->degree++;
  }
};

template <bool Fixed>
class FibHeapT {
 public:
  using Node = FibHeapNode;

  FibHeapT() = default;
  FibHeapT(const FibHeapT& other) : n(other.n) {
    std::unordered_map<const Node*, Node*> copies;
    min = clone(other.min, copies);
  }
  FibHeapT& operator=(const FibHeapT&) = delete;
  ~FibHeapT() {
    std::vector<Node*> all;
    collect(min, all);
    for (Node* node : all) delete node;
  }

  void insert(int key) {
    Node* node = new Node();
    node->key = key;
    node->right = node;
    node->left = node;
    if (min != nullptr) {
      node->right = min;
      node->left = min->left;
      min->left = node;
      node->left->right = node;
      if (key < min->key) min = node;
    } else {
      min = node;
    }
    ++n;
  }

  void removeMin() {
    Node* z = min;
    if (z == nullptr) return;
    if (z->child != nullptr) {
      z->child->parent = nullptr;
      for (Node* x = z->child->right; x != z->child; x = x->right) x->parent = nullptr;
      Node* minleft = min->left;
      Node* zchildleft = z->child->left;
      min->left = zchildleft;
      zchildleft->right = min;
      z->child->left = minleft;
      minleft->right = z->child;
    }
    z->left->right = z->right;
    z->right->left = z->left;
    if (z == z->right) {
      min = nullptr;
    } else {
      min = z->right;
      consolidate();
    }
    --n;
    delete z;  // unreachable now (Java's garbage)
  }

  bool repOK() const {
    invariants::VisitedSet<Node> all_nodes;
    const Node* headers[128];  // parent_headers_to_visit, a FIFO
    std::size_t head = 0, tail = 0;
    if (Fixed && min == nullptr) return n == 0;
    if (min != nullptr) {
      const Node* curr = min;
      do {
        if (curr->left == nullptr || curr->right == nullptr) return false;
        if (n != 0 && curr->left->right != curr) return false;
        if (Fixed) {
          int key = curr->key;
          if (key < min->key) return false;
        }
        if (curr->parent != nullptr) return false;
        if (curr->child != nullptr) {
          if (tail == 128) return false;
          headers[tail++] = curr;
        } else if (Fixed && curr->degree != 0) {
          return false;
        }
        if (!all_nodes.insert(curr)) return false;
        curr = curr->left;
      } while (curr != min);
      while (head < tail) {
        const Node* node = headers[head++];
        int node_count = 0;
        const Node* curr_node = node->child;
        do {
          if (curr_node->left == nullptr || curr_node->right == nullptr) return false;
          if (curr_node->left->right != curr_node) return false;
          if (curr_node->parent != nullptr) return false;
          if (curr_node->child != nullptr) {
            if (tail == 128) return false;
            headers[tail++] = curr_node;
          }
          int key = curr_node->key;
          if (Fixed ? key < node->key : key > node->key) return false;
          if (!all_nodes.insert(curr_node)) return false;  // repeated node
          curr_node = curr_node->left;
          ++node_count;
        } while (curr_node != node->child);
        if (node_count != node->degree) return false;
      }
    }
    if (!contains(all_nodes, min)) return false;
    if (static_cast<int>(all_nodes.size()) != n) return false;
    return true;
  }

 private:
  // Java consolidate(): joins root trees of equal degree until no two roots share one, then
  // points min at the smallest root.
  void consolidate() {
    Node* a[45] = {};
    Node* start = min;
    Node* w = min;
    do {
      Node* x = w;
      Node* next_w = w->right;
      int d = x->degree;
      while (a[d] != nullptr) {
        Node* y = a[d];
        if (x->key > y->key) {
          Node* temp = y;
          y = x;
          x = temp;
        }
        if (y == start) start = start->right;
        if (y == next_w) next_w = next_w->right;
        y->link(x);
        a[d] = nullptr;
        ++d;
      }
      a[d] = x;
      w = next_w;
    } while (w != start);
    min = start;
    for (Node* root : a)
      if (root != nullptr && root->key < min->key) min = root;
  }

  // Java's HashSet.contains(min), on the nodes the walk added (null is never among them).
  static bool contains(const invariants::VisitedSet<Node>& set, const Node* p) {
    invariants::VisitedSet<Node> copy = set;
    return !copy.insert(p);
  }

  static Node* clone(const Node* node, std::unordered_map<const Node*, Node*>& copies) {
    if (node == nullptr) return nullptr;
    auto found = copies.find(node);
    if (found != copies.end()) return found->second;
    Node* c = new Node();
    copies.emplace(node, c);
    c->key = node->key;
    c->degree = node->degree;
    c->parent = clone(node->parent, copies);
    c->right = clone(node->right, copies);
    c->left = clone(node->left, copies);
    c->child = clone(node->child, copies);
    return c;
  }
  static void collect(Node* node, std::vector<Node*>& all) {
    if (node == nullptr) return;
    for (Node* seen : all)
      if (seen == node) return;
    all.push_back(node);
    collect(node->parent, all);
    collect(node->right, all);
    collect(node->left, all);
    collect(node->child, all);
  }

  int n = 0;
  Node* min = nullptr;
};

using FibHeap = FibHeapT<false>;
using FibHeapFix = FibHeapT<true>;

}  // namespace rq3::roops
