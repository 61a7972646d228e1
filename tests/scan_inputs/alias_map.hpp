// Test input for objgen scan: a header-only insertion-ordered map shaped like third-party hash
// maps (tsl::ordered_map): an 8-parameter implementation class template in `detail`, the public
// names as alias templates, iterator-range and variadic member templates, SFINAE-guarded
// members that exist only for maps, a member template no argument can deduce (`as<T>()`), and
// a member template whose parameter deduces as int but whose body needs a range.
#pragma once

#include <cstddef>
#include <functional>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace amap {
namespace detail {

template <class Key, class Mapped>
struct key_of_pair {
  const Key& operator()(const std::pair<Key, Mapped>& v) const { return v.first; }
};
template <class Key>
struct key_of_self {
  const Key& operator()(const Key& v) const { return v; }
};

// Appends ranges to a container, beside a positional overload (as hash tables' implementation
// classes have insert(hint, value) beside insert(first, last)).
template <class Container>
struct appender {
  template <class P>
  static void append(Container& c, std::size_t room, const P&) {
    c.reserve(c.size() + room);
  }
  template <class InputIt>
  static void append(Container& c, InputIt first, InputIt last) {
    if (std::is_base_of_v<std::forward_iterator_tag, typename std::iterator_traits<InputIt>::iterator_category>)
      c.reserve(c.size() + static_cast<std::size_t>(std::distance(first, last)));
    for (; first != last; ++first) c.push_back(*first);
  }
};

// Mapped is void for a set.
template <class Value, class KeySelect, class Mapped, class Hash, class KeyEqual, class Allocator,
          class Container, class IndexType>
class table {
 public:
  using value_type = Value;
  using key_type = std::remove_cv_t<std::remove_reference_t<decltype(KeySelect()(std::declval<const Value&>()))>>;
  using mapped_type = Mapped;
  using size_type = std::size_t;
  using iterator = typename Container::iterator;
  using const_iterator = typename Container::const_iterator;

  table() = default;

  // Deduces with any type; the helper it calls needs iterators.
  template <class InputIt>
  table(InputIt first, InputIt last) {
    appender<Container>::append(values_, first, last);
  }

  size_type size() const noexcept { return values_.size(); }
  bool empty() const noexcept { return values_.empty(); }
  const_iterator begin() const { return values_.begin(); }
  const_iterator end() const { return values_.end(); }
  void clear() noexcept { values_.clear(); }
  Hash hash_function() const { return Hash(); }  // Clang spells Hash canonically: std::hash<std::basic_string<...>>

  std::pair<iterator, bool> insert(const value_type& v) {
    iterator at = find_position(KeySelect()(v));
    if (at != values_.end()) return {at, false};
    values_.push_back(v);
    return {values_.end() - 1, true};
  }

  // The same helper as the range constructor: Clang reports the helper's error only once, for
  // whichever instance instantiates it first, and leaves that instance out of later overload
  // resolution (where the positional overload would then be chosen without a word).
  template <class InputIt>
  void insert(InputIt first, InputIt last) {
    appender<Container>::append(values_, first, last);
  }

  template <class... Args>
  std::pair<iterator, bool> emplace(Args&&... args) {
    return insert(value_type(std::forward<Args>(args)...));
  }

  template <class... Args>
  std::pair<iterator, bool> try_emplace(const key_type& key, Args&&... args) {
    iterator at = find_position(key);
    if (at != values_.end()) return {at, false};
    return emplace(std::piecewise_construct, std::forward_as_tuple(key),
                   std::forward_as_tuple(std::forward<Args>(args)...));
  }

  template <class M, class Q = Mapped, std::enable_if_t<!std::is_void_v<Q>, bool> = true>
  std::pair<iterator, bool> insert_or_assign(const key_type& key, M&& obj) {
    iterator at = find_position(key);
    if (at == values_.end()) return emplace(key, std::forward<M>(obj));
    at->second = std::forward<M>(obj);
    return {at, false};
  }

  // Only maps have these: every template parameter is a defaulted guard.
  template <class Q = Mapped, std::enable_if_t<!std::is_void_v<Q>, bool> = true>
  Q& at(const key_type& key) {
    iterator found = find_position(key);
    if (found == values_.end()) throw std::out_of_range("amap: no such key");
    return found->second;
  }

  template <class Q = Mapped, std::enable_if_t<!std::is_void_v<Q>, bool> = true>
  Q& operator[](const key_type& key) {
    return try_emplace(key).first->second;
  }

  // As std::vector::assign: two integers mean (count, value), so an int pair compiles too; only
  // a pointer (the simplest iterator) compiling as well shows what the parameters are for.
  template <class InputIt>
  void assign(InputIt first, InputIt last) {
    values_.clear();
    if constexpr (std::is_integral_v<InputIt>) {
      values_.reserve(static_cast<size_type>(first));
      (void)last;
    } else {
      for (; first != last; ++first) insert(*first);
    }
  }

  // Deduces int for `Source`; its body iterates it.
  template <class Source>
  void assign_from(const Source& source) {
    values_.clear();
    for (const auto& v : source) insert(v);
  }

  // Nothing deduces T: only explicit template arguments (--template-args) reach it.
  template <class T>
  T as() const {
    return static_cast<T>(values_.size()) / static_cast<T>(2);
  }

  // Defined out of line, at namespace scope, as boost::unordered_map's merge is.
  template <class OtherKeyEqual>
  void merge(table<Value, KeySelect, Mapped, Hash, OtherKeyEqual, Allocator, Container, IndexType>& source);

  size_type erase(const key_type& key) {
    iterator at = find_position(key);
    if (at == values_.end()) return 0;
    values_.erase(at);
    return 1;
  }

 private:
  iterator find_position(const key_type& key) {
    for (iterator it = values_.begin(); it != values_.end(); ++it)
      if (KeyEqual()(KeySelect()(*it), key)) return it;
    return values_.end();
  }

  Container values_;
  IndexType generation_ = 0;
};

template <class Value, class KeySelect, class Mapped, class Hash, class KeyEqual, class Allocator, class Container,
          class IndexType>
template <class OtherKeyEqual>
void table<Value, KeySelect, Mapped, Hash, KeyEqual, Allocator, Container, IndexType>::merge(
    table<Value, KeySelect, Mapped, Hash, OtherKeyEqual, Allocator, Container, IndexType>& source) {
  for (const value_type& v : source.values_) insert(v);
  source.values_.clear();
}

}  // namespace detail

template <class Key, class T, class Hash = std::hash<Key>, class KeyEqual = std::equal_to<Key>>
using map = detail::table<std::pair<Key, T>, detail::key_of_pair<Key, T>, T, Hash, KeyEqual,
                          std::allocator<std::pair<Key, T>>, std::vector<std::pair<Key, T>>, unsigned>;

template <class Key, class Hash = std::hash<Key>>
using set = detail::table<Key, detail::key_of_self<Key>, void, Hash, std::equal_to<Key>, std::allocator<Key>,
                          std::vector<Key>, unsigned>;

using int_map = map<int, int>;  // a plain alias of one instance

}  // namespace amap
