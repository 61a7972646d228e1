// The binomial heap of Korat's benchmark (the BEAPI artifact's korat.examples.binheap
// .BinomialHeap), fields and repOK in the same order: the list of trees and each tree's children
// acyclic with parents right, `size` nodes, degrees binomial, keys heap-ordered. Unlike
// binomial_heap.hpp (ours, shape before keys), it checks parents and acyclicity before degrees,
// so Korat and objgen try more candidates for the same heaps. Where Java evaluates an operand
// before the other, so does this code.
//
//   objgen korat --header examples/invariants/korat_binomial_heap.hpp --class invariants::KoratBinomialHeap
//       --scope 8 --range size=0..8 --range degree=0..8
//
// Korat: 603,744 structures, 1,323,194 candidates at 8 (Table 1 of the BEAPI paper).
//
// The API BEAPI builds it with (its builders, for the RQ3 diff against the invariant): the
// constructor, insert(key) and extractMin() (the Java's merge, union and reverse helpers, in the
// same steps). extractMin on an empty heap is a NullPointerException in Java: here
// std::out_of_range, which objgen's API search counts as misuse and drops, as BEAPI drops a
// sequence that throws.
#pragma once

#include <stdexcept>

#include "visited_set.hpp"

namespace invariants {

class KoratBinomialHeap {
 public:
  struct Node {
    Node* parent = nullptr;
    Node* sibling = nullptr;
    Node* child = nullptr;
    int key = 0;
    int degree = 0;
  };

  KoratBinomialHeap() = default;
  // Copies every node the heap reaches through any link, links and all.
  KoratBinomialHeap(const KoratBinomialHeap& other) : size(other.size) {
    const Node* from[kMaxNodes];
    Node* to[kMaxNodes];
    int n = 0;
    auto copy_of = [&](const Node* e) -> Node* {
      if (e == nullptr) return nullptr;
      for (int i = 0; i < n; ++i)
        if (from[i] == e) return to[i];
      from[n] = e;
      to[n] = new Node{nullptr, nullptr, nullptr, e->key, e->degree};
      return to[n++];
    };
    nodes = copy_of(other.nodes);
    for (int i = 0; i < n; ++i) {  // n grows as the loop reaches new nodes
      to[i]->parent = copy_of(from[i]->parent);
      to[i]->sibling = copy_of(from[i]->sibling);
      to[i]->child = copy_of(from[i]->child);
    }
  }
  KoratBinomialHeap& operator=(const KoratBinomialHeap&) = delete;
  ~KoratBinomialHeap() {
    Node* all[kMaxNodes];
    int n = 0;
    auto note = [&](Node* e) {
      if (e == nullptr) return;
      for (int i = 0; i < n; ++i)
        if (all[i] == e) return;
      all[n++] = e;
    };
    note(nodes);
    for (int i = 0; i < n; ++i) {
      note(all[i]->parent);
      note(all[i]->sibling);
      note(all[i]->child);
    }
    for (int i = 0; i < n; ++i) delete all[i];
  }

  void insert(int value) {
    Node* temp = new Node{nullptr, nullptr, nullptr, value, 0};
    if (nodes == nullptr) {
      nodes = temp;
      size = 1;
    } else {
      union_nodes(temp);
      ++size;
    }
  }

  int extractMin() {
    if (nodes == nullptr) throw std::out_of_range("extractMin on an empty heap");
    Node* temp = nodes;
    Node* prev_temp = nullptr;
    Node* min_node = find_min_node(nodes);
    while (temp->key != min_node->key) {
      prev_temp = temp;
      temp = temp->sibling;
    }
    if (prev_temp == nullptr) nodes = temp->sibling;
    else prev_temp->sibling = temp->sibling;
    Node* removed = temp;
    temp = temp->child;
    Node* fake_node = temp;
    while (temp != nullptr) {
      temp->parent = nullptr;
      temp = temp->sibling;
    }
    if (nodes == nullptr && fake_node == nullptr) {
      size = 0;
    } else if (nodes == nullptr && fake_node != nullptr) {
      nodes = reverse(fake_node, nullptr);
      --size;
    } else if (nodes != nullptr && fake_node == nullptr) {
      --size;
    } else {
      union_nodes(reverse(fake_node, nullptr));
      --size;
    }
    int key = min_node->key;
    delete removed;  // unlinked above (it is min_node); Java leaves it to the collector
    return key;
  }

  bool repOK() const {
    if (size == 0) return nodes == nullptr;
    if (nodes == nullptr) return false;
    VisitedSet<Node> visited;
    for (const Node* current = nodes; current != nullptr; current = current->sibling) {
      if (!visited.insert(current)) return false;
      if (!is_tree(current, visited, nullptr)) return false;
    }
    if (static_cast<int>(visited.size()) != size) return false;
    if (!degrees_binomial()) return false;
    for (const Node* current = nodes; current != nullptr; current = current->sibling)
      if (!heap_ordered(current)) return false;
    return true;
  }

 private:
  static constexpr int kMaxNodes = 256;  // more than any scope the API search reaches

  // The Java node's reverse(sibl): the list from `node` along `sibling` reversed, its last node
  // linked to `sibl`; returns the new first node.
  static Node* reverse(Node* node, Node* sibl) {
    Node* ret = node->sibling != nullptr ? reverse(node->sibling, node) : node;
    node->sibling = sibl;
    return ret;
  }
  static Node* find_min_node(Node* first) {
    Node* x = first;
    Node* y = first;
    int min = x->key;
    while (x != nullptr) {
      if (x->key < min) {
        y = x;
        min = x->key;
      }
      x = x->sibling;
    }
    return y;
  }
  void merge(Node* bin_heap) {
    Node* temp1 = nodes;
    Node* temp2 = bin_heap;
    while (temp1 != nullptr && temp2 != nullptr) {
      if (temp1->degree == temp2->degree) {
        Node* tmp = temp2;
        temp2 = temp2->sibling;
        tmp->sibling = temp1->sibling;
        temp1->sibling = tmp;
        temp1 = tmp->sibling;
      } else if (temp1->degree < temp2->degree) {
        if (temp1->sibling == nullptr || temp1->sibling->degree > temp2->degree) {
          Node* tmp = temp2;
          temp2 = temp2->sibling;
          tmp->sibling = temp1->sibling;
          temp1->sibling = tmp;
          temp1 = tmp->sibling;
        } else {
          temp1 = temp1->sibling;
        }
      } else {
        Node* tmp = temp1;
        temp1 = temp2;
        temp2 = temp2->sibling;
        temp1->sibling = tmp;
        if (tmp == nodes) nodes = temp1;
      }
    }
    if (temp1 == nullptr) {
      temp1 = nodes;
      while (temp1->sibling != nullptr) temp1 = temp1->sibling;
      temp1->sibling = temp2;
    }
  }
  void union_nodes(Node* bin_heap) {
    merge(bin_heap);
    Node* prev_temp = nullptr;
    Node* temp = nodes;
    Node* next_temp = nodes->sibling;
    while (next_temp != nullptr) {
      if (temp->degree != next_temp->degree ||
          (next_temp->sibling != nullptr && next_temp->sibling->degree == temp->degree)) {
        prev_temp = temp;
        temp = next_temp;
      } else if (temp->key <= next_temp->key) {
        temp->sibling = next_temp->sibling;
        next_temp->parent = temp;
        next_temp->sibling = temp->child;
        temp->child = next_temp;
        ++temp->degree;
      } else {
        if (prev_temp == nullptr) nodes = next_temp;
        else prev_temp->sibling = next_temp;
        temp->parent = next_temp;
        temp->sibling = next_temp->child;
        next_temp->child = temp;
        ++next_temp->degree;
        temp = next_temp;
      }
      next_temp = temp->sibling;
    }
  }

  static bool is_tree(const Node* node, VisitedSet<Node>& visited, const Node* parent) {
    if (node->parent != parent) return false;
    for (const Node* current = node->child; current != nullptr; current = current->sibling) {
      if (!visited.insert(current)) return false;
      if (!is_tree(current, visited, node)) return false;
    }
    return true;
  }
  bool degrees_binomial() const {
    int bits = size, right_degree = 0;
    for (const Node* current = nodes; current != nullptr; current = current->sibling) {
      if (bits == 0) return false;
      while ((bits & 1) == 0) ++right_degree, bits /= 2;
      if (current->degree != right_degree) return false;
      if (!children_degrees(current, right_degree)) return false;
      ++right_degree;
      bits /= 2;
    }
    return bits == 0;
  }
  static bool children_degrees(const Node* node, int degree) {
    for (const Node* current = node->child; current != nullptr; current = current->sibling) {
      --degree;
      if (current->degree != degree) return false;
      if (!children_degrees(current, degree)) return false;
    }
    return degree == 0;
  }
  static bool heap_ordered(const Node* node) {
    for (const Node* current = node->child; current != nullptr; current = current->sibling) {
      int mine = node->key;
      if (!(mine <= current->key)) return false;
      if (!heap_ordered(current)) return false;
    }
    return true;
  }

  int size = 0;
  Node* nodes = nullptr;
};

}  // namespace invariants
