// Two members of one name and parameters, one of them const (jsoncpp's operator[] shape): the
// const at(i) reads (0 past the end), the other grows the array to hold i. An emitted test that
// calls the const one on an object it holds non-const must still call that one, not the other.
// cell() is the same pair with parameters that differ only in how they pass the index (a
// `const std::string&` reader beside a `std::string` inserter in a JSON library): C++ still picks
// the non-const one on a non-const object.
#pragma once

#include <cstddef>
#include <vector>

namespace shapes {

class GrowingArray {
 public:
  int& at(unsigned i) {
    if (i >= cells_.size()) cells_.resize(i + 1);
    return cells_[i];
  }
  int at(unsigned i) const { return i < cells_.size() ? cells_[i] : 0; }
  int& cell(std::size_t i) {
    if (i >= cells_.size()) cells_.resize(i + 1);
    return cells_[i];
  }
  int cell(const std::size_t& i) const { return i < cells_.size() ? cells_[i] : 0; }
  void push(int v) { cells_.push_back(v); }
  std::size_t size() const { return cells_.size(); }

 private:
  std::vector<int> cells_;
};

}  // namespace shapes
