// Test input for the harness build's fallback: a member template instance whose body scan's
// Clang compiles but the harness compiler (GCC) does not. objgen must leave out that instance
// alone and keep the other member templates (emplace, at) in the one harness.
#pragma once

#include <iterator>
#include <map>
#include <type_traits>
#include <utility>

namespace split {

// Reads through std::iterator_traits where the harness is built (GCC), which has no value_type for
// the argument type scan instantiated with; Clang (scan) compiles it.
template <class T>
struct Adapter {
#if defined(__clang__)
  static int read(const T&) { return 0; }
#else
  using value = typename std::iterator_traits<T>::value_type;
  static int read(const T&) { return sizeof(value); }
#endif
};

class Registry {
 public:
  // Two factories reading through the one Adapter: GCC reports its error once, for the first
  // factory that instantiates it, so the fallback must go round again to leave out the second.
  template <class T>
  static Registry from_text(const T& text) {
    Registry r;
    r.entries_[0] = Adapter<T>::read(text);
    return r;
  }
  template <class T>
  static Registry from_bytes(const T& bytes) {
    Registry r;
    r.entries_[1] = Adapter<T>::read(bytes);
    return r;
  }

  template <class... Args>
  bool emplace(Args&&... args) {
    return entries_.emplace(std::forward<Args>(args)...).second;
  }

  template <class Q = int, std::enable_if_t<std::is_integral_v<Q>, bool> = true>
  Q at(int key) const {
    auto found = entries_.find(key);
    return found == entries_.end() ? Q{} : found->second;
  }

  // Compiles where scan looks (Clang), not where the harness is built (GCC).
  template <class T>
  void fill(const T& value) {
#if defined(__clang__)
    for (auto& entry : entries_) entry.second = static_cast<int>(value);
#else
    static_assert(sizeof(T) == 0, "objgen test: this instance compiles with Clang only");
#endif
  }

  int size() const noexcept { return static_cast<int>(entries_.size()); }

 private:
  std::map<int, int> entries_;
};

}  // namespace split
