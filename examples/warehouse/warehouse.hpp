// Deep-object subject (EvoObj): a reorder decision that depends on std::map lookups inside the
// warehouse of the store it is given. Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <iterator>
#include <map>

namespace examples {

class Warehouse {
 public:
  Warehouse() = default;
  void receive(int sku, int quantity) {
    if (quantity > 0 && stock_.size() < 8) stock_[sku] += quantity;
  }
  // Refused (false) when the stock is short.
  bool ship(int sku, int quantity) {
    auto it = stock_.find(sku);
    if (it == stock_.end() || quantity <= 0 || it->second < quantity) return false;
    it->second -= quantity;
    ++shipments_[sku];
    return true;
  }
  void setMinimum(int sku, int minimum) {
    if (minimum >= 0 && minimum_.size() < 8) minimum_[sku] = minimum;
  }
  int stock(int sku) const {
    auto it = stock_.find(sku);
    return it == stock_.end() ? 0 : it->second;
  }
  int minimum(int sku) const {
    auto it = minimum_.find(sku);
    return it == minimum_.end() ? 0 : it->second;
  }
  bool carries(int sku) const { return stock_.count(sku) > 0; }
  // An audit writes the shipments off and forgets sold-out items.
  void audit() {
    shipments_.clear();
    for (auto it = stock_.begin(); it != stock_.end();) it = it->second == 0 ? stock_.erase(it) : std::next(it);
  }
  // Fast movers: shipped at least kFastMover times since the last audit.
  bool fastMover(int sku) const { return shipments(sku) >= kFastMover; }
  static constexpr int kFastMover = 3;
  int shipments(int sku) const {
    auto it = shipments_.find(sku);
    return it == shipments_.end() ? 0 : it->second;
  }

 private:
  std::map<int, int> stock_;
  std::map<int, int> minimum_;
  std::map<int, int> shipments_;
};

class Store {
 public:
  Store() = default;
  explicit Store(int region) : region_(region) {}
  int region() const { return region_; }
  // A store is supplied by one warehouse at a time.
  void supplyFrom(const Warehouse& w) { warehouse_ = w; }
  const Warehouse& warehouse() const { return warehouse_; }

 private:
  int region_ = 0;
  Warehouse warehouse_;
};

class Inventory {
 public:
  Inventory() = default;

  // How many to order for the store: up to twice the minimum for an item its warehouse carries
  // below the minimum, three times for a fast mover that sold out; 0 otherwise.
  int reorder(const Store& store, int sku) const {
    const Warehouse& w = store.warehouse();
    if (!w.carries(sku)) return 0;
    int have = w.stock(sku), min = w.minimum(sku);
    if (min == 0 || have >= min) return 0;
    if (have == 0 && w.fastMover(sku)) return 3 * min;
    return 2 * min - have;
  }
};

}  // namespace examples
