// Whether a range type's iteration order is part of its objects' state, decided from the type's
// behaviour (issue 33): never from its name or typedefs, which guessed wrong for insertion-ordered
// hash maps (tsl::ordered_map has a `hasher` and keeps its order).
//
// The linearizer asks once per range type, on the first object with two elements that are not all
// equal (before that, every order of the elements reads the same): it copies the elements and
// builds the type again from them three times (forward, reversed, rotated by one), each from a
// copy of the object emptied with clear() where it can (see rebuild). Rebuilt
// objects that iterate differently are then compared with the type's own ==:
// - equal: the order is an accident (hashing, insertion history): the linearizer sorts the
//   elements' encodings, so equal contents give equal words (std::unordered_map);
// - not equal: the order is state (std::vector, std::list, tsl::ordered_map).
// When every rebuilt object iterates as the original does, the order follows from the contents
// on fresh builds (std::set); it is sorted all the same, since an object with another history
// may iterate otherwise (absl::flat_hash_map after a rehash), and sorting a sorted range is cheap. Comparing the rebuilt objects with each
// other, not only with the original, matters: libstdc++'s unordered containers iterate the last inserted element first, so the reversed
// rebuild iterates exactly as the original. A type without ==, without a way to be built from elements, or whose rebuild throws keeps its
// iteration order: never hiding an order bug is worth an order-only duplicate state.
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace objgen {

// What was decided for a range type (tests and notes read it; the hot path compares with kSorted).
enum class RangeOrder : uint8_t {
  kUndecided,     // no object with two different elements met yet in this process
  kState,         // rebuilt in another order, it is not == to itself: the order is kept
  kFromContents,  // every rebuild iterates the same: canonical on fresh builds; sorted like kSorted
  kSorted,        // rebuilt in another order it iterates differently yet is ==: elements sorted
  kNotProbed,     // no ==, no way to rebuild it, or the probe threw: the order is kept
};

namespace detail {
template <class T>
struct is_tuple_like_pair : std::false_type {};
template <class A, class B>
struct is_tuple_like_pair<std::pair<A, B>> : std::true_type {};
template <class... T>
struct is_tuple_like_pair<std::tuple<T...>> : std::true_type {};

template <class C>
using range_value_t = std::iter_value_t<decltype(std::begin(std::declval<const C&>()))>;

// std::vector's and std::pair's == are declared for any element type and fail only when
// instantiated, so std::equality_comparable alone would let a harness stop compiling: the
// elements are checked too (a range whose elements are itself, as a JSON value, stops there).
template <class T>
constexpr bool deep_equality_comparable() {
  using U = std::remove_cvref_t<T>;
  if constexpr (!std::equality_comparable<U>) {
    return false;
  } else if constexpr (is_tuple_like_pair<U>::value) {
    return []<size_t... I>(std::index_sequence<I...>) { return (deep_equality_comparable<std::tuple_element_t<I, U>>() && ...); }
    (std::make_index_sequence<std::tuple_size_v<U>>{});
  } else if constexpr (requires { typename range_value_t<U>; }) {
    if constexpr (std::is_same_v<std::remove_cvref_t<range_value_t<U>>, U>)
      return true;
    else
      return deep_equality_comparable<range_value_t<U>>();
  } else {
    return true;
  }
}

// How a probe builds C from elements. First from a copy of the object being read, emptied with
// clear(): it keeps what the elements do not show (a hash table's empty key, a comparator's or an
// allocator's state), where a default-constructed C may not even be usable (google::dense_hash_set
// asserts until set_empty_key() is called). Else an iterator-pair constructor, which counts only when it is
// constrained: Eigen's Matrix(const T0&, const T1&) takes any two arguments and fails inside,
// which would stop the harness from compiling. Otherwise a default-constructed C is filled with
// insert(v) or push_back(v) (tsl::ordered_map's InputIt constructor is unconstrained too).
struct NotAnIterator {};
template <class C, class V>
concept BuiltFromIterators = std::constructible_from < C,
        typename std::vector<V>::const_iterator,
typename std::vector<V>::const_iterator >
        &&std::constructible_from<C, typename std::vector<V>::const_reverse_iterator, typename std::vector<V>::const_reverse_iterator> &&
    !std::constructible_from<C, NotAnIterator, NotAnIterator>;
template <class C, class V>
concept FilledByInsert = requires(C& c, const V& v) {
  c.insert(v);
};
template <class C, class V>
concept FilledByPushBack = requires(C& c, const V& v) {
  c.push_back(v);
};
template <class C, class V>
concept BuiltByInsert = std::default_initializable<C> && std::move_constructible<C> && FilledByInsert<C, V>;
template <class C, class V>
concept BuiltByPushBack = std::default_initializable<C> && std::move_constructible<C> && FilledByPushBack<C, V>;

template <class C, class V>
concept BuiltFromEmptiedCopy = std::copy_constructible<C> && requires(C& c) {
  c.clear();
} &&(FilledByInsert<C, V> || FilledByPushBack<C, V>);

template <class C>
concept OrderProbeable = requires {
  typename range_value_t<C>;
}
&&std::copy_constructible<range_value_t<C>>&& std::destructible<C>&& deep_equality_comparable<C>() &&
    (BuiltFromEmptiedCopy<C, range_value_t<C>> || BuiltFromIterators<C, range_value_t<C>> || BuiltByInsert<C, range_value_t<C>> ||
     BuiltByPushBack<C, range_value_t<C>>);

template <class C, class It>
void fill(C& c, It first, It last) {
  for (; first != last; ++first) {
    if constexpr (FilledByInsert<C, range_value_t<C>>)
      c.insert(*first);
    else
      c.push_back(*first);
  }
}

// C holding [first, last), made as `like` was (see BuiltFromEmptiedCopy).
template <class C, class It>
C rebuild(const C& like, It first, It last) {
  using V = range_value_t<C>;
  if constexpr (BuiltFromEmptiedCopy<C, V>) {
    C c(like);
    c.clear();
    fill(c, first, last);
    return c;
  } else if constexpr (BuiltFromIterators<C, V>) {
    return C(first, last);
  } else {
    C c;
    fill(c, first, last);
    return c;
  }
}

// Per type and process, constant-initialized: reading it is one relaxed load, with no guard.
template <class C>
constinit inline std::atomic<RangeOrder> range_order_of{RangeOrder::kUndecided};

// Whether x and y yield equal elements in the same order; at most n + 1 steps each (a rebuilt
// object of hostile code may never reach its end()).
template <class C>
bool iterates_alike(const C& x, const C& y, size_t n) {
  auto a = std::begin(x), b = std::begin(y);
  const auto ae = std::end(x), be = std::end(y);
  for (size_t k = 0; k <= n; ++k, ++a, ++b) {
    const bool a_done = a == ae, b_done = b == be;
    if (a_done || b_done) return a_done && b_done;
    if (!(*a == *b)) return false;
  }
  return false;
}

// One probe on c (whose n elements the caller counted). kUndecided: c cannot tell (its elements
// are all equal, or its iteration does not give n of them, which the linearizer reports).
template <class C>
RangeOrder probe_range_order(const C& c, size_t n) {
  using V = range_value_t<C>;
  std::vector<V> e, rotated;
  e.reserve(n);
  auto it = std::begin(c);
  for (const auto end = std::end(c); it != end && e.size() < n; ++it) e.push_back(*it);
  if (e.size() != n || n < 2) return RangeOrder::kUndecided;
  bool all_equal = true;
  for (size_t i = 1; i < n && all_equal; ++i) all_equal = e[i] == e[0];
  if (all_equal) return RangeOrder::kUndecided;
  rotated.reserve(n);  // push_back only: a map's pair<const K, V> cannot be assigned (std::rotate)
  for (size_t i = 1; i <= n; ++i) rotated.push_back(e[i % n]);
  const C forward = rebuild(c, e.cbegin(), e.cend());
  const C others[] = {rebuild(c, e.crbegin(), e.crend()), rebuild(c, rotated.cbegin(), rotated.cend())};
  for (const C& other : others)
    if (!iterates_alike(forward, other, n)) return forward == other ? RangeOrder::kSorted : RangeOrder::kState;
  if (!iterates_alike(forward, c, n)) return forward == c ? RangeOrder::kSorted : RangeOrder::kState;
  return RangeOrder::kFromContents;
}

// Cold: runs until a verdict is recorded, then never again for C in this process. Threads
// (--isolation none) may probe at once; the first verdict recorded is everyone's.
template <class C>
[[gnu::noinline, gnu::cold]] RangeOrder decide_range_order(const C& c, size_t n) {
  RangeOrder verdict;
  try {
    verdict = probe_range_order(c, n);
  } catch (...) {  // the code under test may throw from anything; the order is then kept
    verdict = RangeOrder::kNotProbed;
  }
  if (verdict == RangeOrder::kUndecided) return verdict;
  RangeOrder seen = RangeOrder::kUndecided;
  if (!range_order_of<C>.compare_exchange_strong(seen, verdict, std::memory_order_relaxed)) return seen;
  return verdict;
}
}  // namespace detail

// The verdict for range type C in this process (kNotProbed for a type that cannot be probed).
template <class C>
RangeOrder range_order() {
  if constexpr (!detail::OrderProbeable<C>)
    return RangeOrder::kNotProbed;
  else
    return detail::range_order_of<C>.load(std::memory_order_relaxed);
}

}  // namespace objgen
