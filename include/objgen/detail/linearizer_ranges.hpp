// The member templates of objgen::Linearizer that read ranges: a class through its own
// iteration, standard containers (sorted where their order is not state), sets of pointers by
// their pointees' contents. Included by objgen/linearizer.hpp after the class.
#pragma once

#include "objgen/linearizer.hpp"

namespace objgen {

template <class C>
void Linearizer::put_contents(const C& c) {
  opaque_ = true;
  const uint32_t first = n_;
  const size_t outer = starts_.size();
  const Frame frame = frame_;
  const uint32_t nested = nested_values_;
  try {
    put_range(c);
  } catch (...) {
    n_ = first;
    starts_.resize(outer);
    frame_ = frame;
    nested_values_ = nested;
    emit(kContentsRefused);
  }
}

template <class C>
void Linearizer::put_self(const C& c) {
  opaque_ = true;
  emit(kSelfElement);
  if constexpr (detail::Printable<C>) {
    std::ostringstream text;
    try {
      text << c;
    } catch (...) {  // the class's own code refused: that is its state
      emit(kContentsRefused);
      return;
    }
    put_string(text.view());
  }
}

template <class C, class E>
void Linearizer::put_element(const C& c, const E& e) {
  if constexpr (std::is_same_v<std::remove_cvref_t<E>, C>)
    if (std::addressof(e) == std::addressof(c)) return put_self(c);
  put(e);
}

template <class C>
void Linearizer::put_range(const C& c) {
  size_t n;
  if constexpr (detail::Sized<C>)
    n = c.size();
  else
    n = bounded_distance(c);
  emit(n);
  if (n > scope_) {
    out_of_scope();
    return;
  }
  // Whether the order is state was observed once per type (objgen/range_order.hpp); from then
  // on it costs one relaxed load. Under two elements, or all equal, every order reads the same.
  if constexpr (detail::OrderProbeable<C>) {
    RangeOrder order = detail::range_order_of<C>.load(std::memory_order_relaxed);
    if (__builtin_expect(order == RangeOrder::kUndecided, 0) && n >= 2) order = detail::decide_range_order(c, n);
    // An order that follows the contents on fresh builds may still follow the growth history of
    // an object (an open-addressing table rehashed at another size): sorting reads both the
    // same, and costs one comparison per element when the order is already sorted.
    if (order == RangeOrder::kSorted || order == RangeOrder::kFromContents) return put_elements<true>(c, n);
  }
  put_elements<false>(c, n);
}

template <bool kSort, class C>
void Linearizer::put_elements(const C& c, size_t n) {
  using Reference = decltype(*std::begin(c));
  using Keyed = detail::address_keyed_t<std::remove_cvref_t<Reference>>;
  if constexpr (kSort && std::is_lvalue_reference_v<Reference> && !std::is_void_v<Keyed> && is_described_v<Keyed>)
    if (order_by_content_ && put_by_content<Keyed>(c, n)) return;
  const size_t outer = starts_.size();  // nested ranges push their elements' starts above ours
  const uint32_t first = n_;
  // At most n steps: a corrupt container whose iteration never reaches end() (a
  // boost::circular_buffer built with capacity < size) would otherwise hang the worker, and
  // the hang would cost the whole call time limit and be blamed on the call.
  size_t k = 0;
  auto it = std::begin(c);
  const auto end = std::end(c);
  for (; it != end && k < n; ++it, ++k) {
    if constexpr (kSort) starts_.push_back(n_);
    put_element(c, *it);
    if (stop_) break;  // out of scope: the words are discarded, and so is their order
  }
  // The standard defines a container's size() as its iteration's length: a difference is a bug.
  // Another class's size() may count something else (jsoncpp's array size is its last index
  // + 1): its iteration is read to its end, within the scope, and both lengths are state.
  bool differs = !stop_ && (it != end || k != n);
  if (differs && detail::is_standard_range<C>()) {
    if constexpr (kSort) starts_.resize(outer);
    size_mismatch(it != end);
    return;
  }
  for (; differs && it != end && k <= scope_; ++it, ++k) {
    if constexpr (kSort) starts_.push_back(n_);
    put_element(c, *it);
    if (stop_) break;
  }
  if (differs && !stop_ && it != end) out_of_scope();
  if constexpr (kSort) {
    if (!stop_) sort_elements(first, outer);
    starts_.resize(outer);
  }
  if (differs && !stop_) {
    out_[first - 1] |= kLengthDiffers;  // the size word: a length follows the elements
    emit(k);
  }
}

template <class Keyed, class C>
bool Linearizer::put_by_content(const C& c, size_t n) {
  using Element = std::remove_reference_t<decltype(*std::begin(c))>;
  std::vector<std::pair<Fingerprint, const Element*>> keyed;
  keyed.reserve(n);
  auto it = std::begin(c);
  const auto end = std::end(c);
  for (; it != end && keyed.size() < n; ++it) keyed.push_back({content_key<Keyed>(detail::address_key(*it)), &*it});
  if (it != end || keyed.size() != n) return false;
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
    return a.first.hi != b.first.hi ? a.first.hi < b.first.hi : a.first.lo < b.first.lo;
  });
  for (const auto& [key, element] : keyed) {
    put(*element);
    if (stop_) break;
  }
  return true;
}

template <class T>
Fingerprint Linearizer::content_key(const void* p) {
  if (!p) return {};
  if (!by_content_) {
    by_content_ = std::make_unique<Linearizer>(scope_, omit_);
    by_content_->order_by_content_ = false;  // one level: a cycle of such sets would not end
  }
  by_content_->run(class_id<T>(), p);
  return by_content_->fingerprint(class_id<T>());
}

template <class C>
size_t Linearizer::bounded_distance(const C& c) const {
  size_t n = 0;
  for (auto it = std::begin(c), end = std::end(c); it != end && n <= scope_; ++it) ++n;
  return n;
}

}  // namespace objgen
