// FAJITA's binomial heap (the BEAPI artifact's 3_fajita bheap.BinomialHeap, from JPF's
// examples), for the repOK-versus-API study (BEAPI paper, RQ3). Fields as the Java declares them
// (the heap: Nodes, size; a node: key, degree, parent, sibling, child). repOK as the Java's: the
// list of roots linked by sibling, each root's tree checked (parents, no node twice: Java's
// HashSet of NodeWrapper is a VisitedSet), degrees as the bits of `size` dictate, children's
// degrees d-1..0, heap order, and `size` nodes in all.
//
//   objgen korat --header examples/invariants/rq3/fajita/binomial_heap.hpp
//       --class rq3::fajita::BinomialHeap --scope 8 --range size=0..8 --range degree=0..8
//       --against-api --methods insert,extractMin
#pragma once

#include <stdexcept>

#include "../../visited_set.hpp"

namespace rq3::fajita {

struct BinomialHeapNode {
  int key = 0;
  int degree = 0;
  BinomialHeapNode* parent = nullptr;
  BinomialHeapNode* sibling = nullptr;
  BinomialHeapNode* child = nullptr;
};

class BinomialHeap {
 public:
  using Visited = invariants::VisitedSet<BinomialHeapNode>;

  BinomialHeap() = default;
  BinomialHeap(const BinomialHeap& other) : Nodes(copy(other.Nodes, nullptr)), size(other.size) {}
  BinomialHeap& operator=(const BinomialHeap&) = delete;
  ~BinomialHeap() { destroy(Nodes); }

  void insert(int value) {
    BinomialHeapNode* temp = new BinomialHeapNode;
    temp->key = value;
    if (Nodes == nullptr) {
      Nodes = temp;
      size = 1;
    } else {
      unionNodes(temp);
      ++size;
    }
  }

  // Removes a node of the least key and returns the key. The Java dereferences a null Nodes on
  // an empty heap (NullPointerException); here std::invalid_argument, before any change.
  int extractMin() {
    if (Nodes == nullptr) throw std::invalid_argument("extractMin on an empty heap");
    BinomialHeapNode* temp = Nodes;
    BinomialHeapNode* prevTemp = nullptr;
    BinomialHeapNode* minNode = findMinNode(Nodes);
    const int minKey = minNode->key;
    while (temp->key != minNode->key) {
      prevTemp = temp;
      temp = temp->sibling;
    }
    if (prevTemp == nullptr) Nodes = temp->sibling;
    else prevTemp->sibling = temp->sibling;
    BinomialHeapNode* removed = temp;
    temp = temp->child;
    BinomialHeapNode* fakeNode = temp;
    while (temp != nullptr) {
      temp->parent = nullptr;
      temp = temp->sibling;
    }
    delete removed;  // unlinked: the Java leaves it to the garbage collector
    if (Nodes == nullptr && fakeNode == nullptr) {
      size = 0;
    } else if (Nodes == nullptr && fakeNode != nullptr) {
      Nodes = reverse(fakeNode, nullptr);
      --size;
    } else if (Nodes != nullptr && fakeNode == nullptr) {
      --size;
    } else {
      unionNodes(reverse(fakeNode, nullptr));
      --size;
    }
    return minKey;
  }

  bool repOK() const {
    if (size == 0) return Nodes == nullptr;
    if (Nodes == nullptr) return false;
    Visited visited;
    int degree_ = size;
    int rightDegree = 0;
    for (const BinomialHeapNode* current = Nodes; current != nullptr; current = current->sibling) {
      if (current->parent != nullptr) {
        if (current->key < current->parent->key) return false;
      }
      if (!visited.insert(current)) return false;  // the list has no cycle
      if (!isTree(current, visited, nullptr)) return false;
      if (current->degree < 0) return false;
      if (current->child == nullptr) {
        if (current->degree != 0) return false;
      }
      if (degree_ == 0) return false;
      while ((degree_ & 1) == 0) {
        ++rightDegree;
        degree_ /= 2;
      }
      if (current->degree != rightDegree) return false;
      if (!checkDegree(current, rightDegree)) return false;
      ++rightDegree;
      degree_ /= 2;
      if (!isHeapified(current)) return false;
    }
    if (static_cast<int>(visited.size()) != size) return false;
    return degree_ == 0;
  }

 private:
  static bool checkDegree(const BinomialHeapNode* n, int degree) {
    for (const BinomialHeapNode* current = n->child; current != nullptr; current = current->sibling) {
      --degree;
      if (current->degree != degree) return false;
      if (!checkDegree(current, degree)) return false;
    }
    return degree == 0;
  }

  static bool isHeapified(const BinomialHeapNode* n) {
    for (const BinomialHeapNode* current = n->child; current != nullptr; current = current->sibling) {
      if (!(n->key <= current->key)) return false;
      if (!isHeapified(current)) return false;
    }
    return true;
  }

  static bool isTree(const BinomialHeapNode* n, Visited& visited, const BinomialHeapNode* parent) {
    if (n->parent != parent) return false;
    for (const BinomialHeapNode* current = n->child; current != nullptr; current = current->sibling) {
      if (!visited.insert(current)) return false;
      if (!isTree(current, visited, n)) return false;
    }
    return true;
  }

  static BinomialHeapNode* findMinNode(BinomialHeapNode* n) {
    BinomialHeapNode* x = n;
    BinomialHeapNode* y = n;
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

  static BinomialHeapNode* reverse(BinomialHeapNode* n, BinomialHeapNode* sibl) {
    BinomialHeapNode* ret;
    if (n->sibling != nullptr) ret = reverse(n->sibling, n);
    else ret = n;
    n->sibling = sibl;
    return ret;
  }

  void merge(BinomialHeapNode* binHeap) {
    BinomialHeapNode* temp1 = Nodes;
    BinomialHeapNode* temp2 = binHeap;
    while (temp1 != nullptr && temp2 != nullptr) {
      if (temp1->degree == temp2->degree) {
        BinomialHeapNode* tmp = temp2;
        temp2 = temp2->sibling;
        tmp->sibling = temp1->sibling;
        temp1->sibling = tmp;
        temp1 = tmp->sibling;
      } else if (temp1->degree < temp2->degree) {
        if (temp1->sibling == nullptr || temp1->sibling->degree > temp2->degree) {
          BinomialHeapNode* tmp = temp2;
          temp2 = temp2->sibling;
          tmp->sibling = temp1->sibling;
          temp1->sibling = tmp;
          temp1 = tmp->sibling;
        } else {
          temp1 = temp1->sibling;
        }
      } else {
        BinomialHeapNode* tmp = temp1;
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

  void unionNodes(BinomialHeapNode* binHeap) {
    merge(binHeap);
    BinomialHeapNode* prevTemp = nullptr;
    BinomialHeapNode* temp = Nodes;
    BinomialHeapNode* nextTemp = Nodes->sibling;
    while (nextTemp != nullptr) {
      if (temp->degree != nextTemp->degree ||
          (nextTemp->sibling != nullptr && nextTemp->sibling->degree == temp->degree)) {
        prevTemp = temp;
        temp = nextTemp;
      } else if (temp->key <= nextTemp->key) {
        temp->sibling = nextTemp->sibling;
        nextTemp->parent = temp;
        nextTemp->sibling = temp->child;
        temp->child = nextTemp;
        ++temp->degree;
      } else {
        if (prevTemp == nullptr) Nodes = nextTemp;
        else prevTemp->sibling = nextTemp;
        temp->parent = nextTemp;
        temp->sibling = nextTemp->child;
        nextTemp->child = temp;
        ++nextTemp->degree;
        temp = nextTemp;
      }
      nextTemp = temp->sibling;
    }
  }

  // Copies the trees reached through child and sibling (the API's heaps are such trees).
  static BinomialHeapNode* copy(const BinomialHeapNode* n, BinomialHeapNode* parent) {
    if (n == nullptr) return nullptr;
    BinomialHeapNode* c = new BinomialHeapNode;
    c->key = n->key;
    c->degree = n->degree;
    c->parent = n->parent == nullptr ? nullptr : parent;
    c->child = copy(n->child, c);
    c->sibling = copy(n->sibling, parent);
    return c;
  }

  static void destroy(BinomialHeapNode* n) {
    while (n != nullptr) {
      BinomialHeapNode* next = n->sibling;
      destroy(n->child);
      delete n;
      n = next;
    }
  }

  BinomialHeapNode* Nodes = nullptr;
  int size = 0;
};

}  // namespace rq3::fajita
