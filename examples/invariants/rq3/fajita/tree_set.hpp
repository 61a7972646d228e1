// FAJITA's red-black tree set (the BEAPI artifact's 3_fajita rbt.TreeSet, after java.util's
// TreeMap), for the repOK-versus-API study (BEAPI paper, RQ3). Fields as the Java declares them
// (the set: root, size; an entry: key, parent, color, left, right); modCount, outside the
// finitization, is left out. Colors are ints, RED = 0, BLACK = 1, as in the Java.
//
// repOK as the Java's (artifact HEAD): a tree linked both ways (breadth first, no node twice,
// parents right, `size` nodes), no red node with a red child, the same number of black nodes on
// every path, keys strictly ordered. The check that the root is black ("Added by Nico") is
// commented out in the artifact's HEAD (commit 1418f2d), and so is left out here.
//
//   objgen korat --header examples/invariants/rq3/fajita/tree_set.hpp --class rq3::fajita::TreeSet
//       --scope 10 --range size=0..10 --range color=0..1 --against-api --methods add,remove
#pragma once

#include "../../visited_set.hpp"

namespace rq3::fajita {

struct TreeSetEntry {
  int key = 0;
  TreeSetEntry* parent = nullptr;
  int color = 0;
  TreeSetEntry* left = nullptr;
  TreeSetEntry* right = nullptr;
};

class TreeSet {
 public:
  static constexpr int RED = 0;
  static constexpr int BLACK = 1;

  TreeSet() = default;
  TreeSet(const TreeSet& other) : root(copy(other.root, nullptr)), size(other.size) {}
  TreeSet& operator=(const TreeSet&) = delete;
  ~TreeSet() { destroy(root); }

  // Adds aKey; true when it was there already (the Java's return values).
  bool add(int aKey) {
    TreeSetEntry* t = root;
    if (t == nullptr) {
      ++size;
      root = new TreeSetEntry;
      initEntry(root, aKey, nullptr);
      return false;
    }
    for (;;) {
      if (aKey == t->key) {
        return true;
      } else if (aKey < t->key) {
        if (t->left != nullptr) {
          t = t->left;
        } else {
          ++size;
          t->left = new TreeSetEntry;
          initEntry(t->left, aKey, t);
          fixAfterInsertion(t->left);
          return false;
        }
      } else {
        if (t->right != nullptr) {
          t = t->right;
        } else {
          ++size;
          t->right = new TreeSetEntry;
          initEntry(t->right, aKey, t);
          fixAfterInsertion(t->right);
          return false;
        }
      }
    }
  }

  bool remove(int aKey) {
    TreeSetEntry* p = getEntry(aKey);
    if (p == nullptr) return false;
    deleteEntry(p);
    return true;
  }

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if (root->parent != nullptr) return false;
    // (the artifact's HEAD has the root-is-black check commented out here)
    invariants::VisitedSet<TreeSetEntry> visited;
    visited.insert(root);
    Queue<const TreeSetEntry*> workList;
    workList.push(root);
    while (!workList.empty()) {
      const TreeSetEntry* current = workList.pop();
      const TreeSetEntry* cl = current->left;
      if (cl != nullptr) {
        if (!visited.insert(cl)) return false;
        if (cl->parent != current) return false;
        workList.push(cl);
      }
      const TreeSetEntry* cr = current->right;
      if (cr != nullptr) {
        if (!visited.insert(cr)) return false;
        if (cr->parent != current) return false;
        workList.push(cr);
      }
    }
    if (static_cast<int>(visited.size()) != size) return false;
    if (!repOK_Colors()) return false;
    return repOK_KeysAndValues();
  }

 private:
  template <class T>
  struct Queue {
    T items[256];
    int head = 0, tail = 0;
    void push(T t) { items[tail++] = t; }
    T pop() { return items[head++]; }
    bool empty() const { return head == tail; }
  };

  bool repOK_Colors() const {
    Queue<const TreeSetEntry*> workList;
    workList.push(root);
    while (!workList.empty()) {
      const TreeSetEntry* current = workList.pop();
      const TreeSetEntry* cl = current->left;
      const TreeSetEntry* cr = current->right;
      if (current->color == RED) {
        if (cl != nullptr && cl->color == RED) return false;
        if (cr != nullptr && cr->color == RED) return false;
      }
      if (cl != nullptr) workList.push(cl);
      if (cr != nullptr) workList.push(cr);
    }
    int numberOfBlack = -1;
    struct Pair {
      const TreeSetEntry* e;
      int n;
    };
    Queue<Pair> workList2;
    workList2.push({root, 0});
    while (!workList2.empty()) {
      Pair p = workList2.pop();
      const TreeSetEntry* e = p.e;
      int n = p.n;
      if (e != nullptr && e->color == BLACK) ++n;
      if (e == nullptr) {
        if (numberOfBlack == -1) numberOfBlack = n;
        else if (numberOfBlack != n) return false;
      } else {
        workList2.push({e->left, n});
        workList2.push({e->right, n});
      }
    }
    return true;
  }

  static bool repOK_orderedKeys(const TreeSetEntry* e, int min, int max) {
    if (e->key <= min || e->key >= max) return false;
    if (e->left != nullptr && !repOK_orderedKeys(e->left, min, e->key)) return false;
    if (e->right != nullptr && !repOK_orderedKeys(e->right, e->key, max)) return false;
    return true;
  }

  bool repOK_KeysAndValues() const {
    int min = repOK_findMin(root);
    int max = repOK_findMax(root);
    return repOK_orderedKeys(root, min - 1, max + 1);
  }

  static int repOK_findMin(const TreeSetEntry* curr) {
    while (curr->left != nullptr) curr = curr->left;
    return curr->key;
  }

  static int repOK_findMax(const TreeSetEntry* curr) {
    while (curr->right != nullptr) curr = curr->right;
    return curr->key;
  }

  // ---- the API, as in the Java (CLR's red-black insertion and deletion) ----
  TreeSetEntry* getEntry(int key) const {
    TreeSetEntry* p = root;
    while (p != nullptr) {
      if (key == p->key) return p;
      p = key < p->key ? p->left : p->right;
    }
    return nullptr;
  }

  static void initEntry(TreeSetEntry* entry, int newKey, TreeSetEntry* newParent) {
    entry->color = BLACK;
    entry->left = nullptr;
    entry->right = nullptr;
    entry->key = newKey;
    entry->parent = newParent;
  }

  static int colorOf(const TreeSetEntry* p) { return p == nullptr ? BLACK : p->color; }
  static TreeSetEntry* parentOf(TreeSetEntry* p) { return p == nullptr ? nullptr : p->parent; }
  static void setColor(TreeSetEntry* p, int c) {
    if (p != nullptr) p->color = c;
  }
  static TreeSetEntry* leftOf(TreeSetEntry* p) { return p == nullptr ? nullptr : p->left; }
  static TreeSetEntry* rightOf(TreeSetEntry* p) { return p == nullptr ? nullptr : p->right; }

  void rotateLeft(TreeSetEntry* p) {
    TreeSetEntry* r = p->right;
    p->right = r->left;
    if (r->left != nullptr) r->left->parent = p;
    r->parent = p->parent;
    if (p->parent == nullptr) root = r;
    else if (p->parent->left == p) p->parent->left = r;
    else p->parent->right = r;
    r->left = p;
    p->parent = r;
  }

  void rotateRight(TreeSetEntry* p) {
    TreeSetEntry* l = p->left;
    p->left = l->right;
    if (l->right != nullptr) l->right->parent = p;
    l->parent = p->parent;
    if (p->parent == nullptr) root = l;
    else if (p->parent->right == p) p->parent->right = l;
    else p->parent->left = l;
    l->right = p;
    p->parent = l;
  }

  void fixAfterInsertion(TreeSetEntry* entry) {
    TreeSetEntry* x = entry;
    x->color = RED;
    while (x != nullptr && x != root && x->parent->color == RED) {
      if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
        TreeSetEntry* y = rightOf(parentOf(parentOf(x)));
        if (colorOf(y) == RED) {
          setColor(parentOf(x), BLACK);
          setColor(y, BLACK);
          setColor(parentOf(parentOf(x)), RED);
          x = parentOf(parentOf(x));
        } else {
          if (x == rightOf(parentOf(x))) {
            x = parentOf(x);
            rotateLeft(x);
          }
          setColor(parentOf(x), BLACK);
          setColor(parentOf(parentOf(x)), RED);
          if (parentOf(parentOf(x)) != nullptr) rotateRight(parentOf(parentOf(x)));
        }
      } else {
        TreeSetEntry* y = leftOf(parentOf(parentOf(x)));
        if (colorOf(y) == RED) {
          setColor(parentOf(x), BLACK);
          setColor(y, BLACK);
          setColor(parentOf(parentOf(x)), RED);
          x = parentOf(parentOf(x));
        } else {
          if (x == leftOf(parentOf(x))) {
            x = parentOf(x);
            rotateRight(x);
          }
          setColor(parentOf(x), BLACK);
          setColor(parentOf(parentOf(x)), RED);
          if (parentOf(parentOf(x)) != nullptr) rotateLeft(parentOf(parentOf(x)));
        }
      }
    }
    root->color = BLACK;
  }

  void deleteEntry(TreeSetEntry* p) {
    --size;
    // Strictly internal: copy the successor's key to p, then delete the successor.
    if (p->left != nullptr && p->right != nullptr) {
      TreeSetEntry* s = successor(p);
      p->key = s->key;
      p = s;
    }
    TreeSetEntry* replacement = p->left != nullptr ? p->left : p->right;
    if (replacement != nullptr) {
      replacement->parent = p->parent;
      if (p->parent == nullptr) root = replacement;
      else if (p == p->parent->left) p->parent->left = replacement;
      else p->parent->right = replacement;
      p->left = p->right = p->parent = nullptr;
      if (p->color == BLACK) fixAfterDeletion(replacement);
    } else if (p->parent == nullptr) {
      root = nullptr;
    } else {
      if (p->color == BLACK) fixAfterDeletion(p);
      if (p->parent != nullptr) {
        if (p == p->parent->left) p->parent->left = nullptr;
        else if (p == p->parent->right) p->parent->right = nullptr;
        p->parent = nullptr;
      }
    }
    delete p;  // unlinked: the Java leaves it to the garbage collector
  }

  void fixAfterDeletion(TreeSetEntry* entry) {
    TreeSetEntry* x = entry;
    while (x != root && colorOf(x) == BLACK) {
      if (x == leftOf(parentOf(x))) {
        TreeSetEntry* sib = rightOf(parentOf(x));
        if (colorOf(sib) == RED) {
          setColor(sib, BLACK);
          setColor(parentOf(x), RED);
          rotateLeft(parentOf(x));
          sib = rightOf(parentOf(x));
        }
        if (colorOf(leftOf(sib)) == BLACK && colorOf(rightOf(sib)) == BLACK) {
          setColor(sib, RED);
          x = parentOf(x);
        } else {
          if (colorOf(rightOf(sib)) == BLACK) {
            setColor(leftOf(sib), BLACK);
            setColor(sib, RED);
            rotateRight(sib);
            sib = rightOf(parentOf(x));
          }
          setColor(sib, colorOf(parentOf(x)));
          setColor(parentOf(x), BLACK);
          setColor(rightOf(sib), BLACK);
          rotateLeft(parentOf(x));
          x = root;
        }
      } else {
        TreeSetEntry* sib = leftOf(parentOf(x));
        if (colorOf(sib) == RED) {
          setColor(sib, BLACK);
          setColor(parentOf(x), RED);
          rotateRight(parentOf(x));
          sib = leftOf(parentOf(x));
        }
        if (colorOf(rightOf(sib)) == BLACK && colorOf(leftOf(sib)) == BLACK) {
          setColor(sib, RED);
          x = parentOf(x);
        } else {
          if (colorOf(leftOf(sib)) == BLACK) {
            setColor(rightOf(sib), BLACK);
            setColor(sib, RED);
            rotateLeft(sib);
            sib = leftOf(parentOf(x));
          }
          setColor(sib, colorOf(parentOf(x)));
          setColor(parentOf(x), BLACK);
          setColor(leftOf(sib), BLACK);
          rotateRight(parentOf(x));
          x = root;
        }
      }
    }
    setColor(x, BLACK);
  }

  static TreeSetEntry* successor(TreeSetEntry* t) {
    if (t == nullptr) return nullptr;
    if (t->right != nullptr) {
      TreeSetEntry* p = t->right;
      while (p->left != nullptr) p = p->left;
      return p;
    }
    TreeSetEntry* p = t->parent;
    TreeSetEntry* ch = t;
    while (p != nullptr && ch == p->right) {
      ch = p;
      p = p->parent;
    }
    return p;
  }

  static TreeSetEntry* copy(const TreeSetEntry* n, TreeSetEntry* parent) {
    if (n == nullptr) return nullptr;
    TreeSetEntry* c = new TreeSetEntry;
    c->key = n->key;
    c->color = n->color;
    c->parent = parent;
    c->left = copy(n->left, c);
    c->right = copy(n->right, c);
    return c;
  }

  static void destroy(TreeSetEntry* n) {
    if (n == nullptr) return;
    destroy(n->left);
    destroy(n->right);
    delete n;
  }

  TreeSetEntry* root = nullptr;
  int size = 0;
};

}  // namespace rq3::fajita
