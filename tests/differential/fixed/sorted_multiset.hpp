// Multiset of ints kept in a sorted vector (differential-testing subject, fixed version).
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace planted {

class SortedMultiset {
 public:
  void insert(int x) { items_.insert(std::upper_bound(items_.begin(), items_.end(), x), x); }

  // Removes one copy of x; false when there is none.
  bool erase_one(int x) {
    const auto at = std::lower_bound(items_.begin(), items_.end(), x);
    if (at == items_.end() || *at != x) return false;
    items_.erase(at);
    return true;
  }

  std::size_t count(int x) const {
    const auto range = std::equal_range(items_.begin(), items_.end(), x);
    return static_cast<std::size_t>(range.second - range.first);
  }

  int min() const {
    if (items_.empty()) throw std::out_of_range("SortedMultiset::min: empty");
    return items_.front();
  }

  std::size_t size() const { return items_.size(); }

 private:
  std::vector<int> items_;  // ascending
};

}  // namespace planted
