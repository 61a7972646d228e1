// Korat's BinaryTree example in C++: a tree of shape only (nodes without keys) and a size, with
// Korat's own repOK (breadth first, left before right, every node new to a visited set). With
// N nodes and size fixed at N there are Catalan(N) trees; Korat explores 54,418 candidates for
// the 1,430 trees of 8 nodes, and so does `objgen korat`:
//
//   objgen korat --header examples/invariants/binary_tree.hpp --class invariants::BinaryTree
//       --scope 8 --range size=8..8
//
// The visited set and the work list are standard containers: their loads are not the objects'
// and do not count as reads of fields.
#pragma once

#include <deque>
#include <set>

namespace invariants {

class BinaryTree {
 public:
  struct Node {
    Node* left = nullptr;
    Node* right = nullptr;
  };

  bool repOK() const {
    if (root == nullptr) return size == 0;
    std::set<const Node*> visited{root};
    std::deque<const Node*> work{root};
    while (!work.empty()) {
      const Node* current = work.front();
      work.pop_front();
      // left, then right, each read only when its turn comes (as Korat's Java reads them)
      if (current->left != nullptr) {
        if (!visited.insert(current->left).second) return false;
        work.push_back(current->left);
      }
      if (current->right != nullptr) {
        if (!visited.insert(current->right).second) return false;
        work.push_back(current->right);
      }
    }
    return static_cast<int>(visited.size()) == size;
  }

 private:
  Node* root = nullptr;
  int size = 0;
};

}  // namespace invariants
