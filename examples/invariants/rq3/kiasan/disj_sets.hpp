// Kiasan's two disjoint-set forests (the BEAPI artifact's 1_kiasan disjointSet.orig.DisjSets and
// disjointSet.fast.DisjSetsFast, after Weiss): s[i] is i's parent, or negative at a root.
//
// DisjSets: a root holds -1; union(root1, root2) makes root1 root2's parent without checking that
// either is a root (its assertIsRoot calls are commented out in the Java) or in range (Java's array
// bound check throws; here s.at(), std::out_of_range). repOK: goodValues() (every s[i] is -1 or an
// index, at least one root) and acyclic().
//
// DisjSetsFast: union by height; a root holds -(height + 1); union checks both are roots (Java's
// IllegalArgumentException: std::invalid_argument here) and hangs the lower tree under the higher;
// Find(x) compresses the path. repOK: goodValues() (every s[i] is an index or a root value in
// -length..-1, at least one root) and acyclic(): it never relates a root's value to its tree's
// height, the flaw BEAPI's paper reports ("the rank of the root can be invalid").
//
// The Java int[] is a std::vector<int> (never null: the Java `s != null` has no twin). Java's `union`
// is a C++ keyword: the method is union_ here. The constructors take the number of elements (<= 0:
// IllegalArgumentException, std::invalid_argument here); the default constructors exist for the
// search only (empty forests), so name the int constructor in --methods to keep them out of the API.
//
// Korat's finitizations at N: lengths 0..N-1 (0 has no root), elements -1..N-1 (DisjSets) or
// -(N-1)..N-1 (DisjSetsFast); the API's numElements 0..N-1 give lengths 1..N-1.
//
//   objgen korat --header examples/invariants/rq3/kiasan/disj_sets.hpp --class rq3::kiasan::DisjSets
//       --scope 7 --range s.size=1..6 --range s=-1..6 --against-api --methods 'DisjSets(int),union_'
//   objgen korat --header examples/invariants/rq3/kiasan/disj_sets.hpp --class rq3::kiasan::DisjSetsFast
//       --scope 7 --range s.size=1..6 --range s=-6..6 --against-api --methods 'DisjSetsFast(int),union_,Find'
#pragma once

#include <stdexcept>
#include <vector>

namespace rq3::kiasan {

namespace disj_detail {
constexpr int kMaxElements = 64;  // the repOKs' scratch arrays; longer forests are rejected
}

class DisjSets {
 public:
  DisjSets() = default;
  explicit DisjSets(int numElements) {
    if (numElements <= 0) throw std::invalid_argument("DisjSets: numElements <= 0");
    s.assign(static_cast<std::size_t>(numElements), -1);
  }

  // Makes root1 the parent of root2 (neither checked to be a root).
  void union_(int root1, int root2) {
    if (root1 == root2) throw std::invalid_argument("DisjSets::union: root1 == root2");
    s.at(static_cast<std::size_t>(root2)) = root1;  // Java's bounds check on s[root2]
  }

  bool repOK() const { return goodValues() && acyclic(); }

 private:
  bool goodValues() const {
    const int length = static_cast<int>(s.size());
    bool hasRoot = false;
    for (int i = 0; i < length; ++i) {
      if (s[i] == -1)
        hasRoot = true;
      else if (!(s[i] >= 0 && s[i] < length))
        return false;
    }
    return hasRoot;
  }

  bool acyclic() const {
    const int length = static_cast<int>(s.size());
    if (length > disj_detail::kMaxElements) return false;
    bool visited[disj_detail::kMaxElements] = {};
    int parents[disj_detail::kMaxElements];
    for (int i = 0; i < length; ++i) {
      if (!visited[i]) {
        int numParents = 0;
        int currentIndex = i;
        while (s[currentIndex] != -1) {
          for (int j = 0; j < numParents - 1; ++j)
            if (parents[j] == s[currentIndex]) return false;
          if (numParents == length) throw std::out_of_range("acyclic: parents overflow");  // Java's bound check
          parents[numParents] = s[currentIndex];
          ++numParents;
          visited[currentIndex] = true;
          currentIndex = s[currentIndex];
        }
      }
    }
    return true;
  }

  std::vector<int> s;
};

class DisjSetsFast {
 public:
  DisjSetsFast() = default;
  explicit DisjSetsFast(int numElements) {
    if (numElements <= 0) throw std::invalid_argument("DisjSetsFast: numElements <= 0");
    s.assign(static_cast<std::size_t>(numElements), -1);
  }

  // Union by height of two distinct roots.
  void union_(int root1, int root2) {
    assertIsRoot(root1);
    assertIsRoot(root2);
    if (root1 == root2) throw std::invalid_argument("DisjSetsFast::union: root1 == root2");
    if (s[root2] < s[root1]) {  // root2 is deeper
      s[root1] = root2;
    } else {
      if (s[root1] == s[root2]) --s[root1];  // same height: one more
      s[root2] = root1;
    }
  }

  // The root of x's set, compressing the path to it.
  int Find(int x) {
    assertIsItem(x);
    return find(x);
  }

  bool repOK() const { return goodValues() && acyclic(); }

 private:
  void assertIsRoot(int root) const {
    assertIsItem(root);
    if (s[root] >= 0) throw std::invalid_argument("DisjSetsFast::union: not a root");
  }
  void assertIsItem(int x) const {
    if (x < 0 || x >= static_cast<int>(s.size())) throw std::invalid_argument("DisjSetsFast: not an item");
  }
  int find(int x) {
    if (s[x] < 0) return x;
    return s[x] = find(s[x]);
  }

  bool goodValues() const {
    const int length = static_cast<int>(s.size());
    bool hasRoot = false;
    for (int i = 0; i < length; ++i) {
      if (s[i] < 0 && s[i] >= 0 - length)
        hasRoot = true;
      else if (!(s[i] >= 0 && s[i] < length))
        return false;
    }
    return hasRoot;
  }

  bool acyclic() const {
    const int length = static_cast<int>(s.size());
    if (length > disj_detail::kMaxElements) return false;
    bool visited[disj_detail::kMaxElements] = {};
    int parents[disj_detail::kMaxElements];
    for (int i = 0; i < length; ++i) {
      if (!visited[i]) {
        int numParents = 0;
        int currentIndex = i;
        while (s[currentIndex] >= 0) {
          for (int j = 0; j < numParents - 1; ++j)
            if (parents[j] == s[currentIndex]) return false;
          if (numParents == length) throw std::out_of_range("acyclic: parents overflow");  // Java's bound check
          parents[numParents] = s[currentIndex];
          ++numParents;
          visited[currentIndex] = true;
          currentIndex = s[currentIndex];
        }
      }
    }
    return true;
  }

  std::vector<int> s;
};

}  // namespace rq3::kiasan
