// A small class for the regression oracles: observers to assert (size, empty, top, text), an
// operator== to compare a state with a second build of it, one
// whose value is the object's address (flaky across processes: never asserted), and a mutant
// (-DOBJGEN_TEST_MUTANT: size() off by one when there are two or more items) that the emitted
// suite must catch, and one only a member check sees when removeLast is not a builder
// (-DOBJGEN_TEST_MUTANT_REMOVE: removeLast() says false on three items, though it removed one).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace tally {

class Tally {
 public:
  void add(int x) {
    if (items_.size() >= 4) throw std::length_error("full");
    items_.push_back(x);
  }
  bool removeLast() {
    if (items_.empty()) return false;
    items_.pop_back();
#ifdef OBJGEN_TEST_MUTANT_REMOVE
    if (items_.size() == 2) return false;
#endif
    return true;
  }
  int top() const {
    if (items_.empty()) throw std::out_of_range("empty");
    return items_.back();
  }
  int size() const {
#ifdef OBJGEN_TEST_MUTANT
    if (items_.size() >= 2) return static_cast<int>(items_.size()) + 1;
#endif
    return static_cast<int>(items_.size());
  }
  bool empty() const { return items_.empty(); }
  double mean() const {
    if (items_.empty()) return 0.0;
    double s = 0;
    for (int x : items_) s += x;
    return s / static_cast<double>(items_.size());
  }
  std::string text() const {
    std::string t;
    for (int x : items_) t += std::to_string(x) + ";";
    return t;
  }
  // Rvalue and const reference parameters: each literal reaches it as a value of its own type.
  std::size_t weigh(std::string&& name, double&& factor, long&& bias, const std::string& unit) const {
    std::size_t extra = bias > 0 ? static_cast<std::size_t>(bias) : 0;
    return name.size() + unit.size() + extra + (factor > 0 ? items_.size() : 0);
  }
  std::uintptr_t where() const { return reinterpret_cast<std::uintptr_t>(this); }
  friend bool operator==(const Tally& a, const Tally& b) { return a.items_ == b.items_; }

 private:
  std::vector<int> items_;
};

}  // namespace tally
