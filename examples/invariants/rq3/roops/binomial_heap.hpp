// ROOPS's binomial heap (the BEAPI artifact's 2_roops bheap.BinomialHeap, after Visser et al.,
// with the subtle extractMin bug that needs 13 nodes), for the repOK-versus-API comparison (BEAPI
// RQ3). Fields in the order the Korat finitization sets them (Nodes, size; node: child, sibling,
// parent, key, degree). The repOK is the Java's, with its odd subtree-size check (the size of the
// first child's subtree counted once per sibling of its first child). API: the constructor,
// insert(int) and extractMin() (BEAPI's builders); extractMin on an empty heap dereferences null
// in Java (BEAPI drops the sequence): here it throws std::out_of_range, which objgen counts as
// misuse and drops too.
//
//   objgen korat --header examples/invariants/rq3/roops/binomial_heap.hpp
//       --class rq3::roops::BinomialHeap --scope 7 --range size=0..7 --range degree=0..7
//       --against-api --methods insert,extractMin
#pragma once

#include <cstddef>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "../../visited_set.hpp"

namespace rq3::roops {

struct BinomialHeapNode {
  BinomialHeapNode* child = nullptr;
  BinomialHeapNode* sibling = nullptr;
  BinomialHeapNode* parent = nullptr;
  int key = 0;
  int degree = 0;

  // Java reverse(sibl): reverses the sibling list starting here, returning its new head.
  BinomialHeapNode* reverse(BinomialHeapNode* sibl) {
    BinomialHeapNode* ret;
    if (sibling != nullptr)
      ret = sibling->reverse(this);
    else
      ret = this;
    sibling = sibl;
    return ret;
  }
};

class BinomialHeap {
 public:
  using Node = BinomialHeapNode;

  BinomialHeap() = default;
  BinomialHeap(const BinomialHeap& other) : size(other.size) {
    std::unordered_map<const Node*, Node*> copies;
    Nodes = clone(other.Nodes, copies);
  }
  BinomialHeap& operator=(const BinomialHeap&) = delete;
  ~BinomialHeap() {
    std::vector<Node*> all;
    collect(Nodes, all);
    for (Node* n : all) delete n;
  }

  int extractMin() {
    if (Nodes == nullptr) throw std::out_of_range("extractMin on an empty heap");  // Java: NPE
    Node* temp = Nodes;
    Node* prev_temp = nullptr;
    Node* min_node = find_min_node(Nodes);
    while (temp->key != min_node->key) {
      prev_temp = temp;
      temp = temp->sibling;
    }
    if (prev_temp == nullptr)
      Nodes = temp->sibling;
    else
      prev_temp->sibling = temp->sibling;
    Node* removed = temp;
    int result = min_node->key;
    temp = temp->child;
    Node* fake_node = temp;
    while (temp != nullptr) {
      temp->parent = nullptr;
      temp = temp->sibling;
    }
    if (Nodes == nullptr && fake_node == nullptr) {
      size = 0;
    } else if (Nodes == nullptr && fake_node != nullptr) {
      Nodes = fake_node->reverse(nullptr);
      --size;
    } else if (Nodes != nullptr && fake_node == nullptr) {
      --size;
    } else {
      union_nodes(fake_node->reverse(nullptr));
      --size;
    }
    delete removed;  // unreachable now (Java's garbage)
    return result;
  }

  void insert(int value) {
    Node* temp = new Node();
    temp->key = value;
    if (Nodes == nullptr) {
      Nodes = temp;
      size = 1;
    } else {
      union_nodes(temp);
      ++size;
    }
  }

  bool repOK() const {
    invariants::VisitedSet<Node> seen;
    if (Nodes != nullptr) {
      if (!is_acyclic(Nodes, seen)) return false;
      if (!ordered(Nodes)) return false;
      if (Nodes->parent != nullptr) return false;
      if (Nodes->sibling != nullptr) {
        int degree = Nodes->degree;
        if (degree >= Nodes->sibling->degree) return false;
      }
      const Node* ns = Nodes->sibling;
      while (ns != nullptr) {
        if (!is_acyclic(ns, seen)) return false;
        if (ns->parent != nullptr) return false;
        if (ns->sibling != nullptr) {
          int degree = ns->degree;
          if (degree >= ns->sibling->degree) return false;
        }
        if (!ordered(ns)) return false;
        ns = ns->sibling;
      }
    }
    int node_count = static_cast<int>(seen.size());
    if (size != node_count) return false;
    return true;
  }

 private:
  static Node* find_min_node(Node* arg) {
    Node* x = arg;
    Node* y = arg;
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

  // Java merge_insert / merge_extractMin (the same code): merges the root list bin_heap into
  // this heap's, by degree.
  void merge(Node* bin_heap) {
    Node* temp1 = Nodes;
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
        if (tmp == Nodes) Nodes = temp1;
      }
    }
    if (temp1 == nullptr) {
      temp1 = Nodes;
      while (temp1->sibling != nullptr) temp1 = temp1->sibling;
      temp1->sibling = temp2;
    }
  }

  // Java unionNodes_insert / unionNodes_extractMin (the same code).
  void union_nodes(Node* bin_heap) {
    merge(bin_heap);
    Node* prev_temp = nullptr;
    Node* temp = Nodes;
    Node* next_temp = Nodes->sibling;
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
        temp->degree++;
      } else {
        if (prev_temp == nullptr)
          Nodes = next_temp;
        else
          prev_temp->sibling = next_temp;
        temp->parent = next_temp;
        temp->sibling = next_temp->child;
        next_temp->child = temp;
        next_temp->degree++;
        temp = next_temp;
      }
      next_temp = temp->sibling;
    }
  }

  // Java repOK_isAcyclic: start new to `seen`, degree >= 0, each child's parent is start, children
  // acyclic and of decreasing degree, start's degree its number of children, and the odd size
  // check between the first child's subtree and its siblings'.
  static bool is_acyclic(const Node* start, invariants::VisitedSet<Node>& seen) {
    if (!seen.insert(start)) return false;
    if (start->degree < 0) return false;
    const Node* child = start->child;
    int child_count = 0;
    while (child != nullptr) {
      ++child_count;
      if (child->parent != start) return false;
      if (!is_acyclic(child, seen)) return false;
      if (child->sibling != nullptr) {
        int degree = child->degree;
        if (degree <= child->sibling->degree) return false;
      }
      child = child->sibling;
    }
    if (start->degree != child_count) return false;
    if (start->child != nullptr) {
      int tam_child = 1;
      if (start->child->child != nullptr) {
        const Node* curr = start->child->child;
        while (curr != nullptr) {
          tam_child += count_nodes(start->child->child);
          curr = curr->sibling;
        }
      }
      int tam_sibling = 1;
      if (start->child->sibling != nullptr) {
        const Node* curr = start->child->sibling;
        while (curr != nullptr) {
          tam_sibling += count_nodes(start->child->sibling);
          curr = curr->sibling;
        }
      }
      if (tam_child != tam_sibling) return false;
    }
    return true;
  }

  static int count_nodes(const Node* start) {
    int node_count = 1;
    const Node* child = start->child;
    while (child != nullptr) {
      node_count += count_nodes(child);
      child = child->sibling;
    }
    return node_count;
  }

  static bool ordered(const Node* node) {
    if (node->child != nullptr) {
      int child_key = node->child->key;
      if (child_key < node->key) return false;
      if (!ordered(node->child)) return false;
      for (const Node* ns = node->child->sibling; ns != nullptr; ns = ns->sibling) {
        int key = ns->key;
        if (key < node->key) return false;
        if (!ordered(ns)) return false;
      }
    }
    return true;
  }

  // A copy of the nodes reachable from n (child, sibling, parent), each copied once.
  static Node* clone(const Node* n, std::unordered_map<const Node*, Node*>& copies) {
    if (n == nullptr) return nullptr;
    auto found = copies.find(n);
    if (found != copies.end()) return found->second;
    Node* c = new Node();
    copies.emplace(n, c);
    c->key = n->key;
    c->degree = n->degree;
    c->child = clone(n->child, copies);
    c->sibling = clone(n->sibling, copies);
    c->parent = clone(n->parent, copies);
    return c;
  }
  static void collect(Node* n, std::vector<Node*>& all) {
    if (n == nullptr) return;
    for (Node* seen : all)
      if (seen == n) return;
    all.push_back(n);
    collect(n->child, all);
    collect(n->sibling, all);
    collect(n->parent, all);
  }

  Node* Nodes = nullptr;
  int size = 0;
};

}  // namespace rq3::roops
