// Test input for the harness build's fallback: a member template instance whose body scan's
// Clang compiles but the harness compiler (GCC) does not. objgen must leave out that instance
// alone and keep the other member templates (emplace, at) in the one harness.
#pragma once

#include <map>
#include <type_traits>
#include <utility>

namespace split {

class Registry {
 public:
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
