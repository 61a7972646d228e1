// Deep-object subject (EvoObj): a discount depends on the customer of an order and on the line
// items inside it (elements of a container in an object). Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <cstddef>
#include <vector>

namespace examples {

class Customer {
 public:
  Customer() = default;
  explicit Customer(int id) : id_(id) {}
  int id() const { return id_; }
  int tier() const { return tier_; }
  bool gold() const { return tier_ >= kGoldTier; }
  static constexpr int kGoldTier = 2;
  void upgrade() {
    if (tier_ < 3) ++tier_;
  }
  void downgrade() {
    if (tier_ > 0) --tier_;
  }

 private:
  int id_ = 0;
  int tier_ = 0;
};

class LineItem {
 public:
  LineItem() = default;
  LineItem(int sku, int quantity, int price) : sku_(sku), quantity_(quantity), price_(price) {}
  int sku() const { return sku_; }
  int quantity() const { return quantity_; }
  int price() const { return price_; }
  bool bulk() const { return quantity_ >= kBulkQuantity; }
  static constexpr int kBulkQuantity = 12;

 private:
  int sku_ = 0;
  int quantity_ = 0;
  int price_ = 0;
};

class Order {
 public:
  Order() = default;
  void setCustomer(const Customer& c) { customer_ = c; }
  const Customer& customer() const { return customer_; }
  // Items with a quantity or price below 1 are refused; an order holds at most ten.
  void addItem(const LineItem& item) {
    if (items_.size() < 10 && item.quantity() > 0 && item.price() > 0) items_.push_back(item);
  }
  int itemCount() const { return static_cast<int>(items_.size()); }
  void removeLast() {
    if (!items_.empty()) items_.pop_back();
  }
  void clear() { items_.clear(); }
  const LineItem& item(int i) const { return items_.at(static_cast<std::size_t>(i)); }
  int total() const {
    int sum = 0;
    for (const LineItem& i : items_) sum += i.quantity() * i.price();
    return sum;
  }

 private:
  Customer customer_;
  std::vector<LineItem> items_;
};

class PricingEngine {
 public:
  PricingEngine() = default;

  // Percent off: gold customers (tier 2+) with three or more items; bulk orders of one item.
  int discount(const Order& order) const {
    if (order.itemCount() == 0) return 0;
    int percent = 0;
    if (order.customer().gold() && order.itemCount() >= 3) percent += 10;
    if (order.item(0).bulk()) percent += 5;
    if (percent > 10 && order.total() > 100) percent += 2;
    return percent;
  }
};

}  // namespace examples
