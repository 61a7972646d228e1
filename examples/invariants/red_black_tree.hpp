// The red-black tree of Korat's benchmark (the BEAPI artifact's korat.examples.redblacktree
// .RedBlackTree), fields and repOK in the same order: a binary tree linked both ways (acyclic,
// parents right, `size` nodes), no red node with a red child, the same number of black nodes on
// every path to a leaf, keys strictly ordered. Its root may be red: the repOK BEAPI found too weak
// (RQ3). The Java node's `value` is not part of the finitization and is left out here.
//
//   objgen korat --header examples/invariants/red_black_tree.hpp --class invariants::RedBlackTree
//       --scope 11 --range size=0..11 --range color=0..1
//
// Korat: 51,242 structures, 53,141,999 candidates at 11 (Table 1 of the BEAPI paper).
//
// The API BEAPI builds it with (its builders, for the RQ3 diff against the invariant): the
// constructor, add(key) and remove(key), the Java's (java.util.TreeMap's CLR insertion and
// deletion with their fix-ups), shared by both classes here (RedBlackApi, below them).
// FixedRedBlackTree is the artifact's RedBlackTree_fix: the same class template and API, whose
// repOK also wants a black root first (the fix of the flaw BEAPI found), on the same nodes. The Java's add(key)
// never sets a node's `value`, so the API needs no field the twin left out.
//
//   objgen korat --header examples/invariants/red_black_tree.hpp --class invariants::FixedRedBlackTree
//       --scope 6 --range size=0..6 --range color=0..1
//
// Korat (on the Java RedBlackTree_fix) and objgen: 201 structures, 17,580 candidates at 6
// (RedBlackTree: 327, 23,462); bench/rq3/korat.json has the diffs against the API.
#pragma once

#include <cstddef>

#include "visited_set.hpp"

namespace invariants {

// A node of both trees (RedBlackTree and FixedRedBlackTree share nodes and API).
struct RedBlackNode {
  static constexpr int kRed = 0, kBlack = 1;
  RedBlackNode* left = nullptr;
  RedBlackNode* right = nullptr;
  RedBlackNode* parent = nullptr;
  int color = kBlack;
  int key = 0;
};

// kRootBlack: the artifact's RedBlackTree_fix, whose repOK wants a black root first.
template <bool kRootBlack>
class BasicRedBlackTree {
 public:
  static constexpr int kRed = RedBlackNode::kRed, kBlack = RedBlackNode::kBlack;
  using Node = RedBlackNode;

  BasicRedBlackTree() = default;
  BasicRedBlackTree(const BasicRedBlackTree& other);
  BasicRedBlackTree& operator=(const BasicRedBlackTree&) = delete;
  ~BasicRedBlackTree();

  bool add(int key);
  bool remove(int key);

  bool repOK() const {
    if (root == nullptr) return size == 0;
    if constexpr (kRootBlack) {
      if (root->color == kRed) return false;  // the fix
    }
    if (root->parent != nullptr) return false;
    VisitedSet<Node> visited;
    visited.insert(root);
    Queue<const Node*> work;
    work.push(root);
    while (!work.empty()) {
      const Node* current = work.pop();
      const Node* cl = current->left;
      if (cl != nullptr) {
        if (!visited.insert(cl)) return false;
        if (cl->parent != current) return false;
        work.push(cl);
      }
      const Node* cr = current->right;
      if (cr != nullptr) {
        if (!visited.insert(cr)) return false;
        if (cr->parent != current) return false;
        work.push(cr);
      }
    }
    if (static_cast<int>(visited.size()) != size) return false;
    return colors_ok() && ordered(root, nullptr, nullptr) && walk_again();
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

  bool colors_ok() const {
    Queue<const Node*> work;
    work.push(root);
    while (!work.empty()) {
      const Node* current = work.pop();
      const Node* cl = current->left;
      const Node* cr = current->right;
      if (current->color == kRed) {
        if (cl != nullptr && cl->color == kRed) return false;
        if (cr != nullptr && cr->color == kRed) return false;
      }
      if (cl != nullptr) work.push(cl);
      if (cr != nullptr) work.push(cr);
    }
    int black_on_paths = -1;
    struct Pair {
      const Node* e;
      int n;
    };
    Queue<Pair> pairs;
    pairs.push({root, 0});
    while (!pairs.empty()) {
      Pair p = pairs.pop();
      int n = p.n;
      if (p.e != nullptr && p.e->color == kBlack) ++n;
      if (p.e == nullptr) {
        if (black_on_paths == -1) black_on_paths = n;
        else if (black_on_paths != n) return false;
      } else {
        pairs.push({p.e->left, n});
        pairs.push({p.e->right, n});
      }
    }
    return true;
  }

  static bool ordered(const Node* e, const int* min, const int* max) {
    if (e->key == -1) return false;
    if ((min != nullptr && e->key <= *min) || (max != nullptr && e->key >= *max)) return false;
    if (e->left != nullptr && !ordered(e->left, min, &e->key)) return false;
    if (e->right != nullptr && !ordered(e->right, &e->key, max)) return false;
    return true;
  }

  // The Java repOK's last pass over the nodes (it checks nothing; its reads are kept).
  bool walk_again() const {
    Queue<const Node*> work;
    work.push(root);
    while (!work.empty()) {
      const Node* current = work.pop();
      if (current->left != nullptr) work.push(current->left);
      if (current->right != nullptr) work.push(current->right);
    }
    return true;
  }

  Node* root = nullptr;
  int size = 0;
};

using RedBlackTree = BasicRedBlackTree<false>;
using FixedRedBlackTree = BasicRedBlackTree<true>;

// The Java's builders (add, remove and their helpers), on a tree given as its root and size.
struct RedBlackApi {
  using Node = RedBlackNode;
  static constexpr int kRed = RedBlackNode::kRed, kBlack = RedBlackNode::kBlack;

  static Node* copy(const Node* n, Node* parent) {
    if (n == nullptr) return nullptr;
    Node* c = new Node;
    c->parent = parent;
    c->color = n->color;
    c->key = n->key;
    c->left = copy(n->left, c);
    c->right = copy(n->right, c);
    return c;
  }
  static void destroy(Node* n) {
    if (n == nullptr) return;
    destroy(n->left);
    destroy(n->right);
    delete n;
  }

  static int color_of(const Node* p) { return p == nullptr ? kBlack : p->color; }
  static Node* parent_of(const Node* p) { return p == nullptr ? nullptr : p->parent; }
  static void set_color(Node* p, int c) {
    if (p != nullptr) p->color = c;
  }
  static Node* left_of(const Node* p) { return p == nullptr ? nullptr : p->left; }
  static Node* right_of(const Node* p) { return p == nullptr ? nullptr : p->right; }

  static void rotate_left(Node*& root, Node* p) {
    Node* r = p->right;
    p->right = r->left;
    if (r->left != nullptr) r->left->parent = p;
    r->parent = p->parent;
    if (p->parent == nullptr) root = r;
    else if (p->parent->left == p) p->parent->left = r;
    else p->parent->right = r;
    r->left = p;
    p->parent = r;
  }
  static void rotate_right(Node*& root, Node* p) {
    Node* l = p->left;
    p->left = l->right;
    if (l->right != nullptr) l->right->parent = p;
    l->parent = p->parent;
    if (p->parent == nullptr) root = l;
    else if (p->parent->right == p) p->parent->right = l;
    else p->parent->left = l;
    l->right = p;
    p->parent = l;
  }

  static void init_node(Node* entry, int key, Node* parent) {
    entry->color = kBlack;
    entry->left = nullptr;
    entry->right = nullptr;
    entry->key = key;
    entry->parent = parent;
  }

  static bool add(Node*& root, int& size, int key) {
    Node* t = root;
    if (t == nullptr) {
      ++size;
      root = new Node;
      init_node(root, key, nullptr);
      return false;
    }
    for (;;) {
      if (key == t->key) return true;
      if (key < t->key) {
        if (t->left != nullptr) {
          t = t->left;
        } else {
          ++size;
          t->left = new Node;
          init_node(t->left, key, t);
          fix_after_insertion(root, t->left);
          return false;
        }
      } else {
        if (t->right != nullptr) {
          t = t->right;
        } else {
          ++size;
          t->right = new Node;
          init_node(t->right, key, t);
          fix_after_insertion(root, t->right);
          return false;
        }
      }
    }
  }

  static void fix_after_insertion(Node*& root, Node* entry) {
    Node* x = entry;
    x->color = kRed;
    while (x != nullptr && x != root && x->parent->color == kRed) {
      if (parent_of(x) == left_of(parent_of(parent_of(x)))) {
        Node* y = right_of(parent_of(parent_of(x)));
        if (color_of(y) == kRed) {
          set_color(parent_of(x), kBlack);
          set_color(y, kBlack);
          set_color(parent_of(parent_of(x)), kRed);
          x = parent_of(parent_of(x));
        } else {
          if (x == right_of(parent_of(x))) {
            x = parent_of(x);
            rotate_left(root, x);
          }
          set_color(parent_of(x), kBlack);
          set_color(parent_of(parent_of(x)), kRed);
          if (parent_of(parent_of(x)) != nullptr) rotate_right(root, parent_of(parent_of(x)));
        }
      } else {
        Node* y = left_of(parent_of(parent_of(x)));
        if (color_of(y) == kRed) {
          set_color(parent_of(x), kBlack);
          set_color(y, kBlack);
          set_color(parent_of(parent_of(x)), kRed);
          x = parent_of(parent_of(x));
        } else {
          if (x == left_of(parent_of(x))) {
            x = parent_of(x);
            rotate_right(root, x);
          }
          set_color(parent_of(x), kBlack);
          set_color(parent_of(parent_of(x)), kRed);
          if (parent_of(parent_of(x)) != nullptr) rotate_left(root, parent_of(parent_of(x)));
        }
      }
    }
    root->color = kBlack;
  }

  static bool remove(Node*& root, int& size, int key) {
    Node* p = root;
    while (p != nullptr) {
      if (key == p->key) break;
      p = key < p->key ? p->left : p->right;
    }
    if (p == nullptr) return false;
    delete_entry(root, size, p);
    return true;
  }

  static void delete_entry(Node*& root, int& size, Node* p) {
    --size;
    if (p->left != nullptr && p->right != nullptr) {
      Node* s = successor(p);
      p->key = s->key;
      p = s;
    }
    Node* replacement = p->left != nullptr ? p->left : p->right;
    if (replacement != nullptr) {
      replacement->parent = p->parent;
      if (p->parent == nullptr) root = replacement;
      else if (p == p->parent->left) p->parent->left = replacement;
      else p->parent->right = replacement;
      p->left = p->right = p->parent = nullptr;
      if (p->color == kBlack) fix_after_deletion(root, replacement);
    } else if (p->parent == nullptr) {
      root = nullptr;
    } else {
      if (p->color == kBlack) fix_after_deletion(root, p);
      if (p->parent != nullptr) {
        if (p == p->parent->left) p->parent->left = nullptr;
        else if (p == p->parent->right) p->parent->right = nullptr;
        p->parent = nullptr;
      }
    }
    delete p;  // unlinked above; Java leaves it to the collector
  }

  static void fix_after_deletion(Node*& root, Node* entry) {
    Node* x = entry;
    while (x != root && color_of(x) == kBlack) {
      if (x == left_of(parent_of(x))) {
        Node* sib = right_of(parent_of(x));
        if (color_of(sib) == kRed) {
          set_color(sib, kBlack);
          set_color(parent_of(x), kRed);
          rotate_left(root, parent_of(x));
          sib = right_of(parent_of(x));
        }
        if (color_of(left_of(sib)) == kBlack && color_of(right_of(sib)) == kBlack) {
          set_color(sib, kRed);
          x = parent_of(x);
        } else {
          if (color_of(right_of(sib)) == kBlack) {
            set_color(left_of(sib), kBlack);
            set_color(sib, kRed);
            rotate_right(root, sib);
            sib = right_of(parent_of(x));
          }
          set_color(sib, color_of(parent_of(x)));
          set_color(parent_of(x), kBlack);
          set_color(right_of(sib), kBlack);
          rotate_left(root, parent_of(x));
          x = root;
        }
      } else {
        Node* sib = left_of(parent_of(x));
        if (color_of(sib) == kRed) {
          set_color(sib, kBlack);
          set_color(parent_of(x), kRed);
          rotate_right(root, parent_of(x));
          sib = left_of(parent_of(x));
        }
        if (color_of(right_of(sib)) == kBlack && color_of(left_of(sib)) == kBlack) {
          set_color(sib, kRed);
          x = parent_of(x);
        } else {
          if (color_of(left_of(sib)) == kBlack) {
            set_color(right_of(sib), kBlack);
            set_color(sib, kRed);
            rotate_left(root, sib);
            sib = left_of(parent_of(x));
          }
          set_color(sib, color_of(parent_of(x)));
          set_color(parent_of(x), kBlack);
          set_color(left_of(sib), kBlack);
          rotate_right(root, parent_of(x));
          x = root;
        }
      }
    }
    set_color(x, kBlack);
  }

  static Node* successor(Node* t) {
    if (t == nullptr) return nullptr;
    if (t->right != nullptr) {
      Node* p = t->right;
      while (p->left != nullptr) p = p->left;
      return p;
    }
    Node* p = t->parent;
    Node* ch = t;
    while (p != nullptr && ch == p->right) {
      ch = p;
      p = p->parent;
    }
    return p;
  }
};

template <bool kRootBlack>
BasicRedBlackTree<kRootBlack>::BasicRedBlackTree(const BasicRedBlackTree& other)
    : root(RedBlackApi::copy(other.root, nullptr)), size(other.size) {}
template <bool kRootBlack>
BasicRedBlackTree<kRootBlack>::~BasicRedBlackTree() { RedBlackApi::destroy(root); }
template <bool kRootBlack>
bool BasicRedBlackTree<kRootBlack>::add(int key) { return RedBlackApi::add(root, size, key); }
template <bool kRootBlack>
bool BasicRedBlackTree<kRootBlack>::remove(int key) { return RedBlackApi::remove(root, size, key); }

}  // namespace invariants
