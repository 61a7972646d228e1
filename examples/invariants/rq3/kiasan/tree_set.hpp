// Kiasan's red-black tree set (the BEAPI artifact's 1_kiasan redblacktree.TreeSet with its
// TreeSetEntry, the ROOPS-style twin of TreeMap): entries with key, parent, an int color (RED = 0,
// BLACK = 1), left and right, no value. Its own repOK: an empty root needs size 0; otherwise the
// root's subtree must be well connected (each child's parent is the node it hangs from, the root's
// parent null, left != right), have no red node with a red child, a black root and the same black
// count on every path, keys strictly ordered (bounds passed down with -1 meaning none), and `size`
// must equal the number of nodes. modCount (outside the finitization) is left out. BEAPI's builders:
// the constructor, add(int) and remove(int).
//
//   objgen korat --header examples/invariants/rq3/kiasan/tree_set.hpp --class rq3::kiasan::TreeSet
//       --scope 7 --range size=0..7 --range color=0..1 --against-api --methods add,remove
#pragma once

namespace rq3::kiasan {

class TreeSet {
 public:
  static constexpr int RED = 0;
  static constexpr int BLACK = 1;

  struct TreeSetEntry {
    int key = 0;
    TreeSetEntry* parent = nullptr;
    int color = 0;
    TreeSetEntry* left = nullptr;
    TreeSetEntry* right = nullptr;

    int size() const {
      int ls = 0, rs = 0;
      if (left != nullptr) ls = left->size();
      if (right != nullptr) rs = right->size();
      return 1 + ls + rs;
    }

    bool blackConsistency() const {
      if (color != BLACK) return false;  // the root must be black
      if (!consistentlyBlackHeight(blackHeight())) return false;
      return true;
    }

    int blackHeight() const {
      int ret = 0;
      if (color == BLACK) ret = 1;
      if (left != nullptr) ret += left->blackHeight();
      return ret;
    }

    bool consistency() const { return wellConnected(nullptr) && redConsistency() && blackConsistency() && ordered(); }

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

    bool ordered() const { return ordered(this, -1, -1); }
    static bool ordered(const TreeSetEntry* n, int min, int max) {
      if ((min != -1 && n->key <= min) || (max != -1 && n->key >= max)) return false;
      if (n->left != nullptr)
        if (!ordered(n->left, min, n->key)) return false;
      if (n->right != nullptr)
        if (!ordered(n->right, n->key, max)) return false;
      return true;
    }

    bool redConsistency() const {
      bool ret = true;
      if (color == RED && ((left != nullptr && left->color == RED) || (right != nullptr && right->color == RED)))
        return false;
      if (left != nullptr) ret = ret && left->redConsistency();
      if (right != nullptr) ret = ret && right->redConsistency();
      return ret;
    }

    bool wellConnected(const TreeSetEntry* expectedParent) const {
      bool ok = true;
      if (expectedParent != parent) return false;
      if (right != nullptr) ok = ok && right->wellConnected(this);
      if (left != nullptr) ok = ok && left->wellConnected(this);
      if (right == left && right != nullptr && left != nullptr) return false;
      return ok;
    }
  };

  TreeSet() = default;
  TreeSet(const TreeSet& other) : root(clone(other.root, nullptr)), size(other.size) {}
  TreeSet& operator=(const TreeSet&) = delete;
  ~TreeSet() { destroy(root); }

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if (!root->consistency()) return false;
    return size == root->size();
  }

  // Adds aKey; returns whether it was there already (the Java's return value).
  bool add(int aKey) {
    Entry* t = root;
    if (t == nullptr) {
      ++size;
      root = newEntry(aKey, nullptr);
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
          t->left = newEntry(aKey, t);
          fixAfterInsertion(t->left);
          return false;
        }
      } else {
        if (t->right != nullptr) {
          t = t->right;
        } else {
          ++size;
          t->right = newEntry(aKey, t);
          fixAfterInsertion(t->right);
          return false;
        }
      }
    }
  }

  // Removes aKey; returns whether it was there.
  bool remove(int aKey) {
    Entry* p = getEntry(aKey);
    if (p == nullptr) return false;
    deleteEntry(p);
    return true;
  }

 private:
  using Entry = TreeSetEntry;

  // Java's init_TreeSetEntry on a new entry: black, no children.
  static Entry* newEntry(int key, Entry* parent) {
    Entry* e = new Entry;
    e->color = BLACK;
    e->left = nullptr;
    e->right = nullptr;
    e->key = key;
    e->parent = parent;
    return e;
  }

  Entry* getEntry(int key) const {
    Entry* p = root;
    while (p != nullptr) {
      if (key == p->key) return p;
      p = key < p->key ? p->left : p->right;
    }
    return nullptr;
  }

  static int colorOf(const Entry* p) { return p == nullptr ? BLACK : p->color; }
  static Entry* parentOf(const Entry* p) { return p == nullptr ? nullptr : p->parent; }
  static void setColor(Entry* p, int c) {
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
    Entry* c = new Entry{e->key, parent, e->color, nullptr, nullptr};
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

  TreeSetEntry* root = nullptr;
  int size = 0;
};

}  // namespace rq3::kiasan
