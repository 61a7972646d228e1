// Stock counts of a few items, compiled in src/inventory.cpp. Planted bug: take() of more than is
// in stock leaves a negative count (repOK() is false).
#pragma once

namespace shelf {

class Inventory {
 public:
  void put(int item, int count);
  void take(int item, int count);
  int count(int item) const;
  int total() const;
  bool repOK() const;

 private:
  static constexpr int kItems = 4;
  int counts_[kItems] = {};
  int total_ = 0;
};

}  // namespace shelf
