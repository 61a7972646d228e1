// A binomial heap as Korat sees one: fields only, and an invariant that checks the whole shape
// (links and degrees) before it reads any key, so that a search from it tries keys on good
// shapes only. The C++ twin of bench/korat/BinomialHeap.java (same fields in the same order,
// same reads in the same order), for `objgen korat` beside Korat itself (bench/korat_bench.py):
//
//   objgen korat --header examples/invariants/binomial_heap.hpp --class invariants::BinomialHeap
//       --scope 8 --range size=0..8
//
// A heap of `size` nodes is a list of binomial trees linked through `sibling`, one of degree d for
// each bit d set in `size`, in increasing order of degree; a node of degree d has d children,
// linked through `sibling` with degrees d-1, ..., 0, each pointing back to it through `parent` and
// holding no smaller key. No node can be reached twice (its occurrences would share a parent and
// sit in one list of siblings, whose degrees differ), so no visited set is needed.
#pragma once

#include <climits>

namespace invariants {

struct BinomialHeap {
  struct Node {
    Node* parent = nullptr;
    Node* sibling = nullptr;
    Node* child = nullptr;
    int key = 0;
    int degree = 0;
  };

  Node* head = nullptr;
  int size = 0;

  bool repOK() const {
    int degree = 0;
    const Node* root = head;
    for (int bits = size; bits != 0; bits >>= 1, ++degree) {
      if ((bits & 1) == 0) continue;
      if (root == nullptr || !shape(root, nullptr, degree)) return false;
      root = root->sibling;
    }
    if (root != nullptr) return false;
    for (root = head; root != nullptr; root = root->sibling)
      if (!ordered(root, INT_MIN)) return false;
    return true;
  }

 private:
  // Is t a binomial tree of this degree, hanging from `parent`?
  static bool shape(const Node* t, const Node* parent, int degree) {
    if (t->parent != parent || t->degree != degree) return false;
    const Node* c = t->child;
    for (int d = degree - 1; d >= 0; --d) {
      if (c == nullptr || !shape(c, t, d)) return false;
      c = c->sibling;
    }
    return c == nullptr;
  }
  // Heap order in the (well-shaped) tree t, whose keys must not be below min_key.
  static bool ordered(const Node* t, int min_key) {
    if (t->key < min_key) return false;
    for (const Node* c = t->child; c != nullptr; c = c->sibling)
      if (!ordered(c, t->key)) return false;
    return true;
  }
};

}  // namespace invariants
