// ROOPS's TreeSet (the BEAPI artifact's 2_roops rbt.TreeSet): a red-black tree of int keys after
// java.util.TreeMap (CLR's insertion and deletion, parents linked). The API BEAPI used: the
// constructor, add and remove.
//
// The repOK, translated check for check: an empty tree has size 0; the root has no parent; the
// tree is a tree along left/right with parents pointing back and size nodes; no red node has a red
// child; every path to a null has as many black nodes; the keys strictly ordered (between the
// leftmost key - 1 and the rightmost + 1). TreeSet<false> is the ROOPS repOK, which lets the root
// be red; TreeSet<true> is the artifact's TreeSet_fix, which rejects a red root.
//
// Java's RED (false) and BLACK (true) are instance fields outside the finitization, always
// false/true: constants here. modCount is left out. The entry fields are in the finitization's
// order (left, right, parent, color, key).
//
//   objgen korat --header examples/invariants/rq3/roops/tree_set.hpp --class rq3::roops::TreeSet
//       --scope 4 --range size=0..4 --against-api --methods add,remove
#pragma once

#include <cstddef>

#include "../../visited_set.hpp"

namespace rq3::roops {

template <bool Fixed>
class TreeSetT {
 public:
  static constexpr bool RED = false;
  static constexpr bool BLACK = true;

  struct Entry {
    Entry* left = nullptr;
    Entry* right = nullptr;
    Entry* parent = nullptr;
    bool color = false;
    int key = 0;
  };

  TreeSetT() = default;
  TreeSetT(const TreeSetT& other) : size(other.size) { root = copyOf(other.root, nullptr); }
  TreeSetT& operator=(const TreeSetT&) = delete;
  ~TreeSetT() { destroy(root); }

  bool contains(int aKey) const { return getEntry(aKey) != nullptr; }

  // As in ROOPS: false when the key was added, true when it was there already.
  bool add(int aKey) {
    Entry* t = root;
    if (t == nullptr) {
      incrementSize();
      root = new Entry;
      initEntry(root, aKey, nullptr);
      return false;
    }
    while (true) {
      if (aKey == t->key) {
        return true;
      } else if (aKey < t->key) {
        if (t->left != nullptr) {
          t = t->left;
        } else {
          incrementSize();
          t->left = new Entry;
          initEntry(t->left, aKey, t);
          fixAfterInsertion(t->left);
          return false;
        }
      } else {
        if (t->right != nullptr) {
          t = t->right;
        } else {
          incrementSize();
          t->right = new Entry;
          initEntry(t->right, aKey, t);
          fixAfterInsertion(t->right);
          return false;
        }
      }
    }
  }

  bool remove(int aKey) {
    Entry* p = getEntry(aKey);
    if (p == nullptr) return false;
    deleteEntry(p);
    return true;
  }

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if (Fixed && root->color == RED) return false;  // the fix: the root is black
    if (root->parent != nullptr) return false;

    invariants::VisitedSet<Entry> visited;
    visited.insert(root);
    Queue<const Entry*> workList;
    workList.push(root);
    while (!workList.empty()) {
      const Entry* current = workList.pop();
      const Entry* cl = current->left;
      if (cl != nullptr) {
        if (!visited.insert(cl)) return false;
        if (cl->parent != current) return false;
        workList.push(cl);
      }
      const Entry* cr = current->right;
      if (cr != nullptr) {
        if (!visited.insert(cr)) return false;
        if (cr->parent != current) return false;
        workList.push(cr);
      }
    }
    if (static_cast<int>(visited.size()) != size) return false;
    if (!repOKColors()) return false;
    return repOKKeysAndValues();
  }

 private:
  // A first-in first-out list of at most 2 x 64 + 1 entries (a tree of 64 nodes and its nulls).
  template <class T>
  struct Queue {
    T items[129];
    std::size_t head = 0, tail = 0;
    void push(T t) { items[tail++] = t; }
    T pop() { return items[head++]; }
    bool empty() const { return head == tail; }
  };

  bool repOKColors() const {
    Queue<const Entry*> workList;
    workList.push(root);
    while (!workList.empty()) {
      const Entry* current = workList.pop();
      const Entry* cl = current->left;
      const Entry* cr = current->right;
      if (current->color == RED) {
        if (cl != nullptr && cl->color == RED) return false;
        if (cr != nullptr && cr->color == RED) return false;
      }
      if (cl != nullptr) workList.push(cl);
      if (cr != nullptr) workList.push(cr);
    }
    int numberOfBlack = -1;
    struct Pair {
      const Entry* e;
      int n;
    };
    Queue<Pair> workList2;
    workList2.push({root, 0});
    while (!workList2.empty()) {
      Pair p = workList2.pop();
      const Entry* e = p.e;
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

  bool repOKKeysAndValues() const {
    int min = findMin(root);
    int max = findMax(root);
    if (!orderedKeys(root, min - 1, max + 1)) return false;
    // "touch values": the Java walks the nodes once more and checks nothing; its reads are kept
    Queue<const Entry*> workList;
    workList.push(root);
    while (!workList.empty()) {
      const Entry* current = workList.pop();
      if (current->left != nullptr) workList.push(current->left);
      if (current->right != nullptr) workList.push(current->right);
    }
    return true;
  }

  static int findMin(const Entry* r) {
    const Entry* curr = r;
    while (curr->left != nullptr) curr = curr->left;
    return curr->key;
  }

  static int findMax(const Entry* r) {
    const Entry* curr = r;
    while (curr->right != nullptr) curr = curr->right;
    return curr->key;
  }

  static bool orderedKeys(const Entry* e, int min, int max) {
    if (e->key <= min || e->key >= max) return false;
    if (e->left != nullptr && !orderedKeys(e->left, min, e->key)) return false;
    if (e->right != nullptr && !orderedKeys(e->right, e->key, max)) return false;
    return true;
  }

  static Entry* copyOf(const Entry* e, Entry* parent) {
    if (e == nullptr) return nullptr;
    Entry* c = new Entry;
    c->parent = parent;
    c->color = e->color;
    c->key = e->key;
    c->left = copyOf(e->left, c);
    c->right = copyOf(e->right, c);
    return c;
  }

  static void destroy(Entry* e) {
    if (e == nullptr) return;
    destroy(e->left);
    destroy(e->right);
    delete e;
  }

  Entry* getEntry(int key) const {
    Entry* p = root;
    while (p != nullptr) {
      if (key == p->key) return p;
      p = key < p->key ? p->left : p->right;
    }
    return nullptr;
  }

  static void initEntry(Entry* entry, int newKey, Entry* newParent) {
    entry->color = true;
    entry->left = nullptr;
    entry->right = nullptr;
    entry->key = newKey;
    entry->parent = newParent;
  }

  void incrementSize() { ++size; }
  void decrementSize() { --size; }

  static bool colorOf(const Entry* p) { return p == nullptr ? BLACK : p->color; }
  static Entry* parentOf(const Entry* p) { return p == nullptr ? nullptr : p->parent; }
  static void setColor(Entry* p, bool c) {
    if (p != nullptr) p->color = c;
  }
  static Entry* leftOf(const Entry* p) { return p == nullptr ? nullptr : p->left; }
  static Entry* rightOf(const Entry* p) { return p == nullptr ? nullptr : p->right; }

  void rotateLeft(Entry* p) {
    Entry* r = p->right;
    p->right = r->left;
    if (r->left != nullptr) r->left->parent = p;
    r->parent = p->parent;
    if (p->parent == nullptr) root = r;
    else if (p->parent->left == p) p->parent->left = r;
    else p->parent->right = r;
    r->left = p;
    p->parent = r;
  }

  void rotateRight(Entry* p) {
    Entry* l = p->left;
    p->left = l->right;
    if (l->right != nullptr) l->right->parent = p;
    l->parent = p->parent;
    if (p->parent == nullptr) root = l;
    else if (p->parent->right == p) p->parent->right = l;
    else p->parent->left = l;
    l->right = p;
    p->parent = l;
  }

  void fixAfterInsertion(Entry* entry) {
    Entry* x = entry;
    x->color = RED;
    while (x != nullptr && x != root && x->parent->color == RED) {
      if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
        Entry* y = rightOf(parentOf(parentOf(x)));
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
        Entry* y = leftOf(parentOf(parentOf(x)));
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

  void deleteEntry(Entry* p) {
    decrementSize();
    // Strictly internal: copy the successor's key to p, then delete the successor.
    if (p->left != nullptr && p->right != nullptr) {
      Entry* s = successor(p);
      p->key = s->key;
      p = s;
    }
    Entry* replacement = p->left != nullptr ? p->left : p->right;
    if (replacement != nullptr) {
      replacement->parent = p->parent;
      if (p->parent == nullptr) root = replacement;
      else if (p == p->parent->left) p->parent->left = replacement;
      else p->parent->right = replacement;
      p->left = p->right = p->parent = nullptr;
      if (p->color == BLACK) fixAfterDeletion(replacement);
      delete p;
    } else if (p->parent == nullptr) {  // the only node
      root = nullptr;
      delete p;
    } else {  // no children: p is its own phantom replacement, then unlinked
      if (p->color == BLACK) fixAfterDeletion(p);
      if (p->parent != nullptr) {
        if (p == p->parent->left) p->parent->left = nullptr;
        else if (p == p->parent->right) p->parent->right = nullptr;
        p->parent = nullptr;
      }
      delete p;
    }
  }

  void fixAfterDeletion(Entry* entry) {
    Entry* x = entry;
    while (x != root && colorOf(x) == BLACK) {
      if (x == leftOf(parentOf(x))) {
        Entry* sib = rightOf(parentOf(x));
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
      } else {  // symmetric
        Entry* sib = leftOf(parentOf(x));
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

  // The successor of an entry with a right child (the only case deleteEntry asks for).
  static Entry* successor(Entry* t) {
    if (t == nullptr) return nullptr;
    if (t->right != nullptr) {
      Entry* p = t->right;
      while (p->left != nullptr) p = p->left;
      return p;
    }
    Entry* p = t->parent;
    const Entry* ch = t;
    while (p != nullptr && ch == p->right) {
      ch = p;
      p = p->parent;
    }
    return p;
  }

  Entry* root = nullptr;
  int size = 0;
};

using TreeSet = TreeSetT<false>;
using TreeSetFix = TreeSetT<true>;

}  // namespace rq3::roops
