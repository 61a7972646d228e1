#include "shelf/inventory.hpp"

namespace shelf {

namespace {
int slot(int item) { return (item % 4 + 4) % 4; }
}  // namespace

void Inventory::put(int item, int count) {
  if (count <= 0) return;
  counts_[slot(item)] += count;
  total_ += count;
}

void Inventory::take(int item, int count) {
  if (count <= 0) return;
  counts_[slot(item)] -= count;  // the fix: take at most what is there
  total_ -= count;
}

int Inventory::count(int item) const { return counts_[slot(item)]; }

int Inventory::total() const { return total_; }

bool Inventory::repOK() const {
  int sum = 0;
  for (int c : counts_) {
    if (c < 0) return false;
    sum += c;
  }
  return sum == total_;
}

}  // namespace shelf
