// Whether a range's order is state is observed from the type's behaviour (objgen/range_order.hpp),
// never read off a typedef: counts at small scopes against closed forms, on containers of our own
// with each shape (insertion-ordered hash map, history-ordered bag, sorted set, sequence).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <list>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "gen/exhaustive/exhaustive.hpp"
#include "run_example.hpp"
#include "objgen/objgen.hpp"

namespace rorder {
// A hash map that iterates in insertion order (as tsl::ordered_map): entries in a vector, an
// index from key to position. put() on a present key assigns in place. It has a `hasher`, which
// once made objgen sort its entries; kOrderedEquality says whether == compares in order (as
// tsl's does) or as sets of entries.
template <class K, class V, bool kOrderedEquality>
class InsertionMap {
 public:
  using hasher = std::hash<K>;
  using value_type = std::pair<K, V>;
  void put(K k, V v) {
    auto [at, fresh] = index_.try_emplace(k, entries_.size());
    if (fresh)
      entries_.emplace_back(k, v);
    else
      entries_[at->second].second = v;
  }
  void insert(const value_type& e) { put(e.first, e.second); }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }
  size_t size() const { return entries_.size(); }
  friend bool operator==(const InsertionMap& a, const InsertionMap& b) {
    if constexpr (kOrderedEquality)
      return a.entries_ == b.entries_;
    else
      return a.size() == b.size() && std::is_permutation(a.begin(), a.end(), b.begin());
  }

 private:
  std::vector<value_type> entries_;
  std::unordered_map<K, size_t, hasher> index_;
};
using OrderedMap = InsertionMap<int, int, true>;
using UnorderedMap = InsertionMap<int, int, false>;

// A set of the shape of libstdc++'s unordered_set: the last added element iterates first, and ==
// ignores the order. Without == (kEquality false) nothing says the order is an accident.
template <bool kEquality>
class LifoBag {
 public:
  void add(int x) {
    if (std::find(items_.begin(), items_.end(), x) == items_.end()) items_.push_front(x);
  }
  void insert(int x) { add(x); }
  auto begin() const { return items_.begin(); }
  auto end() const { return items_.end(); }
  size_t size() const { return items_.size(); }
  friend bool operator==(const LifoBag& a, const LifoBag& b) requires kEquality {
    return std::is_permutation(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::deque<int> items_;
};
using Bag = LifoBag<true>;
using BagWithoutEquality = LifoBag<false>;

// LifoBag needing a key before use, as google::dense_hash_set needs its empty key: a
// default-constructed one aborts on insert, so the probe rebuilds from an emptied copy.
class KeyedBag {
 public:
  void set_key(int k) { key_ = k; }
  void insert(int x) {
    if (key_ < 0) std::abort();
    bag_.add(x);
  }
  void clear() { bag_ = {}; }
  auto begin() const { return bag_.begin(); }
  auto end() const { return bag_.end(); }
  size_t size() const { return bag_.size(); }
  friend bool operator==(const KeyedBag& a, const KeyedBag& b) { return a.bag_ == b.bag_; }

 private:
  int key_ = -1;
  Bag bag_;
};

// An insertion-ordered set (no index: small) whose == compares in order.
class OrderedSet {
 public:
  void add(int x) {
    if (std::find(items_.begin(), items_.end(), x) == items_.end()) items_.push_back(x);
  }
  void insert(int x) { add(x); }
  auto begin() const { return items_.begin(); }
  auto end() const { return items_.end(); }
  size_t size() const { return items_.size(); }
  friend bool operator==(const OrderedSet&, const OrderedSet&) = default;

 private:
  std::vector<int> items_;
};

// Sorted whatever the history: its order follows from its contents.
class SortedSet {
 public:
  void add(int x) {
    auto at = std::lower_bound(items_.begin(), items_.end(), x);
    if (at == items_.end() || *at != x) items_.insert(at, x);
  }
  void insert(int x) { add(x); }
  auto begin() const { return items_.begin(); }
  auto end() const { return items_.end(); }
  size_t size() const { return items_.size(); }
  friend bool operator==(const SortedSet&, const SortedSet&) = default;

 private:
  std::vector<int> items_;
};

// A sequence: duplicates and order are state.
class Sequence {
 public:
  void push_back(int x) { items_.push_back(x); }
  auto begin() const { return items_.begin(); }
  auto end() const { return items_.end(); }
  size_t size() const { return items_.size(); }
  friend bool operator==(const Sequence&, const Sequence&) = default;

 private:
  std::list<int> items_;
};

// Unordered ranges inside unordered and ordered ones: each sorts its own elements' encodings.
struct Nest {
  std::unordered_map<int, std::unordered_set<int>> by_key;
  std::vector<std::unordered_set<int>> in_order;
};
}  // namespace rorder

OBJGEN_VALUE_TYPE(rorder::OrderedMap)
OBJGEN_VALUE_TYPE(rorder::UnorderedMap)
OBJGEN_VALUE_TYPE(rorder::Bag)
OBJGEN_VALUE_TYPE(rorder::BagWithoutEquality)
OBJGEN_VALUE_TYPE(rorder::OrderedSet)
OBJGEN_VALUE_TYPE(rorder::SortedSet)
OBJGEN_VALUE_TYPE(rorder::Sequence)
OBJGEN_FIELDS(rorder::Nest, by_key, in_order)

namespace objgen {
void PrintTo(RangeOrder o, std::ostream* os) {
  static const char* const names[] = {"kUndecided", "kState", "kFromContents", "kSorted", "kNotProbed"};
  *os << names[static_cast<int>(o)];
}
}  // namespace objgen

namespace {
using objgen::RangeOrder;

struct Counted {
  size_t structures;
  RangeOrder order;  // the verdict the run's process reached
};

// Every state of T reachable at `scope` with its default constructor and `add`.
template <class T, class Add>
Counted count_states(const char* add_name, Add add, uint32_t scope, int workers = 1, bool isolate = false) {
  objgen::Api api;
  api.add_class<T>().template constructor<>().method(add_name, add);
  auto o = objgen::testing::whole_api_options(api, objgen::class_id<T>(), scope, workers, isolate);
  auto r = objgen::exhaustive::ExhaustiveGenerator(api, o).run();
  EXPECT_TRUE(r.findings.empty());
  return {r.store.states_of(o.target).size(), objgen::range_order<T>()};
}

// Keys and values 0..2 at scope 3, at most 3 entries. An insertion-ordered map is its keys in
// order with a value each: sum over k of P(3, k) 3^k = 1 + 9 + 54 + 162 = 226. As a set of
// entries: sum C(3, k) 3^k = 4^3 = 64.
TEST(RangeOrder, InsertionOrderedMapKeepsItsOrderThoughItHasAHasher) {
  Counted c = count_states<rorder::OrderedMap>("put", &rorder::OrderedMap::put, 3);
  EXPECT_EQ(c.structures, 226u);
  EXPECT_EQ(c.order, RangeOrder::kState);
}

TEST(RangeOrder, MapWhoseEqualityIgnoresOrderIsSorted) {
  Counted c = count_states<rorder::UnorderedMap>("put", &rorder::UnorderedMap::put, 3);
  EXPECT_EQ(c.structures, 64u);
  EXPECT_EQ(c.order, RangeOrder::kSorted);
}

// Sets of 0..2 at scope 3. Insertion-ordered: sequences of distinct elements of length <= 3,
// 1 + 3 + 6 + 6 = 16. As sets: 2^3 = 8.
TEST(RangeOrder, InsertionOrderedSetCountsEveryOrder) {
  Counted c = count_states<rorder::OrderedSet>("add", &rorder::OrderedSet::add, 3);
  EXPECT_EQ(c.structures, 16u);
  EXPECT_EQ(c.order, RangeOrder::kState);
}

// The bag iterates as libstdc++'s unordered_set does (rebuilt reversed, it iterates as the
// original): only rebuilds compared with each other show that its order is history.
TEST(RangeOrder, HistoryOrderedBagWithOrderBlindEqualityIsASet) {
  Counted c = count_states<rorder::Bag>("add", &rorder::Bag::add, 3);
  EXPECT_EQ(c.structures, 8u);
  EXPECT_EQ(c.order, RangeOrder::kSorted);
}

// Without == nothing shows the order to be an accident: kept, so the 16 orders all count.
TEST(RangeOrder, WithoutEqualityTheOrderIsKept) {
  Counted c = count_states<rorder::BagWithoutEquality>("add", &rorder::BagWithoutEquality::add, 3);
  EXPECT_EQ(c.structures, 16u);
  EXPECT_EQ(c.order, RangeOrder::kNotProbed);
}

TEST(RangeOrder, SortedSetOrderFollowsItsContents) {
  Counted c = count_states<rorder::SortedSet>("add", &rorder::SortedSet::add, 3);
  EXPECT_EQ(c.structures, 8u);
  EXPECT_EQ(c.order, RangeOrder::kFromContents);
}

// Sequences of length <= 3 over 0..2: 1 + 3 + 9 + 27 = 40.
TEST(RangeOrder, SequenceOrderAndDuplicatesAreState) {
  Counted c = count_states<rorder::Sequence>("push_back", &rorder::Sequence::push_back, 3);
  EXPECT_EQ(c.structures, 40u);
  EXPECT_EQ(c.order, RangeOrder::kState);
}

// Scope 4, keys and values 0..3: sum P(4, k) 4^k = 1 + 16 + 192 + 1536 + 6144 = 7889; forked
// workers decide on their own and must agree with one thread.
TEST(RangeOrder, ForkedWorkersReachTheSameVerdictAsOneThread) {
  Counted one = count_states<rorder::OrderedMap>("put", &rorder::OrderedMap::put, 4);
  Counted forked = count_states<rorder::OrderedMap>("put", &rorder::OrderedMap::put, 4, 2, true);
  EXPECT_EQ(one.structures, 7889u);
  EXPECT_EQ(forked.structures, one.structures);
  // sum C(4, k) 4^k = 5^4 = 625
  EXPECT_EQ(count_states<rorder::UnorderedMap>("put", &rorder::UnorderedMap::put, 4, 2, true).structures, 625u);
}

// The probe on the standard library's own containers (what each verdict means is in RangeOrder).
template <class C>
RangeOrder probed(const C& c) {
  return objgen::detail::decide_range_order(c, c.size());
}

TEST(RangeOrder, AClassUnusableDefaultConstructedIsRebuiltFromAnEmptiedCopy) {
  rorder::KeyedBag b;
  b.set_key(7);
  b.insert(0);
  b.insert(1);
  EXPECT_EQ(probed(b), RangeOrder::kSorted);  // a default-constructed KeyedBag would have aborted
}

TEST(RangeOrder, StandardContainers) {
  std::unordered_set<int> u;
  u.insert(0);
  u.insert(1);  // iterates 1, 0; rebuilt from 0, 1 it iterates 1, 0 as well
  EXPECT_EQ(probed(u), RangeOrder::kSorted);
  EXPECT_EQ(probed(std::unordered_map<int, int>{{0, 1}, {1, 1}}), RangeOrder::kSorted);
  EXPECT_EQ(probed(std::vector<int>{1, 0}), RangeOrder::kState);
  EXPECT_EQ(probed(std::deque<int>{2, 0, 2}), RangeOrder::kState);
  EXPECT_EQ(probed(std::set<int, std::greater<int>>{0, 1}), RangeOrder::kFromContents);
  // All elements equal: every order reads the same, nothing to decide yet (an element type of
  // this test's own: no other test has linearized such a list in this process).
  struct Elem {
    int v;
    bool operator==(const Elem&) const = default;
  };
  using List = std::list<Elem>;
  EXPECT_EQ(probed(List{{1}, {1}}), RangeOrder::kUndecided);
  EXPECT_EQ(objgen::range_order<List>(), RangeOrder::kUndecided);
  EXPECT_EQ(probed(List{{1}, {0}, {1}}), RangeOrder::kState);  // a palindrome, but rotated it differs
  EXPECT_EQ(objgen::range_order<List>(), RangeOrder::kState);
}

std::vector<uint64_t> words(const rorder::Nest& n) {
  objgen::Linearizer lin(16, nullptr);
  EXPECT_TRUE(lin.run(objgen::class_id<rorder::Nest>(), &n));
  auto w = lin.words();
  return {w.begin(), w.end()};
}

TEST(RangeOrder, NestedUnorderedRangesAreCanonicalAtEveryLevel) {
  rorder::Nest a, b;
  for (int k : {1, 2, 3})
    for (int x : {4, 5, 6}) a.by_key[k].insert(x + k);
  b.by_key.reserve(32);
  for (int k : {3, 1, 2})
    for (int x : {6, 4, 5}) b.by_key[k].insert(x + k);
  a.in_order = {{1, 2, 3}, {4, 5}};
  b.in_order = {{3, 2, 1}, {5, 4}};
  EXPECT_EQ(words(a), words(b));
  std::swap(b.in_order[0], b.in_order[1]);  // the vector's order is state
  EXPECT_NE(words(a), words(b));
  std::swap(b.in_order[0], b.in_order[1]);
  b.by_key[2].erase(7);
  b.by_key[2].insert(9);
  EXPECT_NE(words(a), words(b));
}

// A constructor that takes any two arguments (Eigen's Matrix(const T0&, const T1&)) is not an
// iterator-pair constructor the probe may call: calling it would not compile.
struct AnyTwo {
  template <class A, class B>
  AnyTwo(const A&, const B&) {}
  const int* begin() const { return nullptr; }
  const int* end() const { return nullptr; }
  friend bool operator==(const AnyTwo&, const AnyTwo&) = default;
};
static_assert(!objgen::detail::OrderProbeable<AnyTwo>);
TEST(RangeOrder, AnyTwoArgumentConstructorIsNotProbed) { EXPECT_EQ(objgen::range_order<AnyTwo>(), RangeOrder::kNotProbed); }
}  // namespace
