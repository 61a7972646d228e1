// A buffer whose fill(n, v) appends n copies of v: given a count of billions (a -1 reaching its
// std::size_t) it runs out of time or memory, which the caller must not ask for: not a bug; its
// reserve(n), which allocates room for n more, throws std::bad_array_new_length for such a count:
// the same precondition; so does skip(n), which aborts past a million, and set_page(n) with such a
// count, after which advance() loops to it. Its rotate(k) has a real bug: k == 2 never returns.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <vector>

namespace shapes {

class CountedBuffer {
 public:
  void fill(std::size_t n, int v) {
    for (std::size_t i = 0; i < n; ++i) items_.push_back(v);
  }
  void reserve(std::size_t n) { std::unique_ptr<int[]> room(new int[n]); }
  void skip(std::size_t n) {
    if (n > (std::size_t{1} << 20)) std::abort();
    skipped_ += n;
  }
  void set_page(std::size_t n) { page_ = n; }
  void advance() {
    for (std::size_t i = 0; i < page_; ++i) position_ += i % 3;
  }
  void rotate(int k) {
    if (items_.empty()) return;
    for (int step = 0; step != k % 2 || k == 2; ++step) {  // the bug: k == 2 never ends the loop
      items_.push_back(items_.front());
      items_.erase(items_.begin());
      if (items_.size() > 64) items_.resize(1);
    }
  }
  std::size_t size() const { return items_.size(); }
  bool operator==(const CountedBuffer& o) const { return items_ == o.items_; }

 private:
  std::vector<int> items_;
  std::size_t skipped_ = 0;
  std::size_t page_ = 0;
  std::size_t position_ = 0;
};

}  // namespace shapes
