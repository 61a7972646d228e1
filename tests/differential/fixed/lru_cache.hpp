// Least-recently-used cache of int keys and values (differential-testing subject, fixed version).
// At most `capacity` entries; storing into a full cache evicts the entry used least recently,
// where both put and get count as a use.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace planted {

class LruCache {
 public:
  explicit LruCache(int capacity) {
    if (capacity < 1) throw std::invalid_argument("LruCache: capacity must be at least 1");
    capacity_ = static_cast<std::size_t>(capacity);
  }

  void put(int key, int value) {
    const std::size_t at = find(key);
    if (at != kNone)
      order_.erase(order_.begin() + static_cast<std::ptrdiff_t>(at));
    else if (order_.size() == capacity_)
      order_.erase(order_.begin());  // the least recently used entry
    order_.push_back(Entry{key, value});
  }

  // The value stored under key; key becomes the most recently used entry.
  int get(int key) {
    const std::size_t at = find(key);
    if (at == kNone) throw std::out_of_range("LruCache::get: no such key");
    const Entry used = order_[at];
    order_.erase(order_.begin() + static_cast<std::ptrdiff_t>(at));
    order_.push_back(used);
    return used.value;
  }

  bool contains(int key) const { return find(key) != kNone; }
  std::size_t size() const { return order_.size(); }
  std::size_t capacity() const { return capacity_; }

 private:
  struct Entry {
    int key;
    int value;
  };
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  std::size_t find(int key) const {
    for (std::size_t i = 0; i < order_.size(); ++i)
      if (order_[i].key == key) return i;
    return kNone;
  }

  std::size_t capacity_ = 1;
  std::vector<Entry> order_;  // least recently used first, most recently used last
};

}  // namespace planted
