// A class template of two parameters whose members take a std::pair: its name and its calls have
// commas outside parentheses (PairTable<int, int>, std::pair<int, int>(1, 0)), which split a
// macro's arguments unless emitted code wraps them. put() aborts when the pair (2, 1) joins a
// table holding (1, 0): a crash finding whose failure test must compile.
#pragma once

#include <cstdlib>
#include <utility>
#include <vector>

namespace shapes {

template <class K, class V>
class PairTable {
 public:
  void put(std::pair<K, V> entry) {
    for (const auto& e : entries_)
      if (e.first == entry.first) return;
    if (entry == std::pair<K, V>(2, 1) && !entries_.empty() && entries_.front() == std::pair<K, V>(1, 0)) std::abort();
    entries_.push_back(entry);
  }
  std::pair<K, V> first() const { return entries_.empty() ? std::pair<K, V>() : entries_.front(); }
  std::size_t size() const { return entries_.size(); }
  friend bool operator==(const PairTable& a, const PairTable& b) { return a.entries_ == b.entries_; }

 private:
  std::vector<std::pair<K, V>> entries_;
};

}  // namespace shapes
