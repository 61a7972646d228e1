// A copy-on-write buffer, as a pimpl of a library type: its elements live in a std::vector held by
// a std::shared_ptr, shared with a saved version until the next write copies it. Only the vector
// holds state, so objgen must read it through the pointer (before, it read null or not: one state
// at every scope), and whether the two pointers share one vector is state too.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace shapes {

class CowBuffer {
 public:
  void push(int value) {
    detach();
    data_->push_back(value);
  }
  void pop() {
    if (data_->empty()) return;
    detach();
    data_->pop_back();
  }
  void save() { saved_ = data_; }
  std::size_t size() const { return data_->size(); }

 private:
  void detach() {
    if (data_.use_count() > 1) data_ = std::make_shared<std::vector<int>>(*data_);
  }
  std::shared_ptr<std::vector<int>> data_ = std::make_shared<std::vector<int>>();
  std::shared_ptr<std::vector<int>> saved_;
};

}  // namespace shapes
