// A counter with no bug: objgen must report nothing on it.
#pragma once

namespace shelf {

class Counter {
 public:
  void add(int k) { value_ += k; }
  void reset() { value_ = 0; }
  int value() const { return value_; }
  bool operator==(const Counter& o) const { return value_ == o.value_; }

 private:
  int value_ = 0;
};

}  // namespace shelf
