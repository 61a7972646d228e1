// Kiasan's red-black tree map (the BEAPI artifact's 1_kiasan redblacktree.TreeMap, after
// java.util.TreeMap with int keys): Entries with key, value, left, right, parent and a bool color
// (RED = false, BLACK = true). Its repOK: an empty root, or a root whose subtree is well connected
// (each child's parent is the node it hangs from, the root's parent null, left != right), has no red
// node with a red child, a black root and the same black count on every path, keys strictly ordered
// (an open Range narrowing down the tree); and `size` equal to the number of nodes. The Java value is
// an Object (a non-null Integer in the finitization); here an int. modCount (outside the
// finitization) is left out. BEAPI's builders: the constructor, put(int, Object) and remove(int).
//
//   objgen korat --header examples/invariants/rq3/kiasan/tree_map.hpp --class rq3::kiasan::TreeMap
//       --scope 6 --range size=0..6 --against-api --methods put,remove
#pragma once

namespace rq3::kiasan {

class TreeMap {
  // The Java Range: an interval, open at each finite end, unbounded where the flag says so.
  struct Range {
    int lower = 0;
    int upper = 0;
    bool isPositiveInfinity = true;
    bool isNegativeInfinity = true;
    bool inRange(int v) const {
      bool ret = true;
      if (!isPositiveInfinity) ret = v < upper;
      if (!isNegativeInfinity) ret = ret && v > lower;
      return ret;
    }
    Range setLower(int l) const { return Range{l, upper, isPositiveInfinity, false}; }
    Range setUpper(int u) const { return Range{lower, u, false, isNegativeInfinity}; }
  };

 public:
  static constexpr bool RED = false;
  static constexpr bool BLACK = true;

  struct Entry {
    int key = -1;
    int value = 0;
    Entry* left = nullptr;
    Entry* right = nullptr;
    Entry* parent = nullptr;
    bool color = BLACK;

    bool consistency() const { return wellConnected(nullptr) && redConsistency() && blackConsistency() && ordered(); }

    bool ordered() const { return ordered(this, Range{}); }
    static bool ordered(const Entry* t, Range range) {
      if (t == nullptr) return true;
      if (!range.inRange(t->key)) return false;
      bool ret = true;
      ret = ret && ordered(t->left, range.setUpper(t->key));
      ret = ret && ordered(t->right, range.setLower(t->key));
      return ret;
    }

    int size() const {
      int ls = 0, rs = 0;
      if (left != nullptr) ls = left->size();
      if (right != nullptr) rs = right->size();
      return 1 + ls + rs;
    }

    bool wellConnected(const Entry* expectedParent) const {
      bool ok = true;
      if (expectedParent != parent) return false;
      if (right != nullptr) ok = ok && right->wellConnected(this);
      if (left != nullptr) ok = ok && left->wellConnected(this);
      if (right == left && right != nullptr && left != nullptr) return false;
      return ok;
    }

    bool redConsistency() const {
      bool ret = true;
      if (color == RED && ((left != nullptr && left->color == RED) || (right != nullptr && right->color == RED)))
        return false;
      if (left != nullptr) ret = ret && left->redConsistency();
      if (right != nullptr) ret = ret && right->redConsistency();
      return ret;
    }

    int blackHeight() const {
      int ret = 0;
      if (color == BLACK) ret = 1;
      if (left != nullptr) ret += left->blackHeight();
      return ret;
    }

    bool blackConsistency() const {
      if (color != BLACK) return false;  // the root must be black
      if (!consistentlyBlackHeight(blackHeight())) return false;
      return true;
    }

    bool consistentlyBlackHeight(int height) const {
      bool ret = true;
      if (color == BLACK) --height;
      if (left == nullptr)
        ret = ret && (height == 0);
      else
        ret = ret && left->consistentlyBlackHeight(height);
      if (right == nullptr)
        ret = ret && (height == 0);
      else
        ret = ret && right->consistentlyBlackHeight(height);
      return ret;
    }
  };

  TreeMap() = default;
  TreeMap(const TreeMap& other) : root(clone(other.root, nullptr)), size(other.size) {}
  TreeMap& operator=(const TreeMap&) = delete;
  ~TreeMap() { destroy(root); }

  bool repOK() const { return (root == nullptr || root->consistency()) && size == realSize(); }

  // Maps key to value (replacing an old value); returns whether the key was there.
  bool put(int key, int value) {
    Entry* t = root;
    if (t == nullptr) {
      ++size;
      root = new Entry{key, value, nullptr, nullptr, nullptr, BLACK};
      return false;
    }
    for (;;) {
      if (key == t->key) {
        t->value = value;
        return true;
      } else if (key < t->key) {
        if (t->left != nullptr) {
          t = t->left;
        } else {
          ++size;
          t->left = new Entry{key, value, nullptr, nullptr, t, BLACK};
          fixAfterInsertion(t->left);
          return false;
        }
      } else {
        if (t->right != nullptr) {
          t = t->right;
        } else {
          ++size;
          t->right = new Entry{key, value, nullptr, nullptr, t, BLACK};
          fixAfterInsertion(t->right);
          return false;
        }
      }
    }
  }

  // Removes key's mapping; returns whether there was one.
  bool remove(int key) {
    Entry* p = getEntry(key);
    if (p == nullptr) return false;
    deleteEntry(p);
    return true;
  }

 private:
  int realSize() const { return root == nullptr ? 0 : root->size(); }

  Entry* getEntry(int key) const {
    Entry* p = root;
    while (p != nullptr) {
      if (key == p->key) return p;
      p = key < p->key ? p->left : p->right;
    }
    return nullptr;
  }

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
    if (p->parent == nullptr)
      root = r;
    else if (p->parent->left == p)
      p->parent->left = r;
    else
      p->parent->right = r;
    r->left = p;
    p->parent = r;
  }

  void rotateRight(Entry* p) {
    Entry* l = p->left;
    p->left = l->right;
    if (l->right != nullptr) l->right->parent = p;
    l->parent = p->parent;
    if (p->parent == nullptr)
      root = l;
    else if (p->parent->right == p)
      p->parent->right = l;
    else
      p->parent->left = l;
    l->right = p;
    p->parent = l;
  }

  void fixAfterInsertion(Entry* x) {
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

  static Entry* successor(Entry* t) {
    if (t == nullptr) return nullptr;
    if (t->right != nullptr) {
      Entry* p = t->right;
      while (p->left != nullptr) p = p->left;
      return p;
    }
    Entry* p = t->parent;
    Entry* ch = t;
    while (p != nullptr && ch == p->right) {
      ch = p;
      p = p->parent;
    }
    return p;
  }

  void deleteEntry(Entry* p) {
    --size;
    if (p->left != nullptr && p->right != nullptr) {  // two children: take the successor's place
      Entry* s = successor(p);
      p->key = s->key;
      p->value = s->value;
      p = s;
    }
    Entry* replacement = p->left != nullptr ? p->left : p->right;
    if (replacement != nullptr) {
      replacement->parent = p->parent;
      if (p->parent == nullptr)
        root = replacement;
      else if (p == p->parent->left)
        p->parent->left = replacement;
      else
        p->parent->right = replacement;
      p->left = p->right = p->parent = nullptr;
      if (p->color == BLACK) fixAfterDeletion(replacement);
    } else if (p->parent == nullptr) {  // the only node
      root = nullptr;
    } else {  // no children: p is its own phantom replacement, then unlinked
      if (p->color == BLACK) fixAfterDeletion(p);
      if (p->parent != nullptr) {
        if (p == p->parent->left)
          p->parent->left = nullptr;
        else if (p == p->parent->right)
          p->parent->right = nullptr;
        p->parent = nullptr;
      }
    }
    delete p;  // unlinked now (Java leaves it to the collector)
  }

  void fixAfterDeletion(Entry* x) {
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
      } else {
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

  static Entry* clone(const Entry* e, Entry* parent) {
    if (e == nullptr) return nullptr;
    Entry* c = new Entry{e->key, e->value, nullptr, nullptr, parent, e->color};
    c->left = clone(e->left, c);
    c->right = clone(e->right, c);
    return c;
  }
  static void destroy(Entry* e) {
    if (e == nullptr) return;
    destroy(e->left);
    destroy(e->right);
    delete e;
  }

  Entry* root = nullptr;
  int size = 0;
};

}  // namespace rq3::kiasan
