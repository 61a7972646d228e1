// Deep-object subject (EvoObj): a discount depends on the loyalty card of the customer of an
// order (three objects below the input) and on the products inside its line items (elements of a
// container in an object). Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <cstddef>
#include <vector>

namespace examples {

class LoyaltyCard {
 public:
  LoyaltyCard() = default;
  // One stamp per visit; the card is full at kFullCard stamps and must be renewed.
  void stamp() {
    if (stamps_ < kFullCard) ++stamps_;
  }
  void renew() { stamps_ = 0; }
  int stamps() const { return stamps_; }
  static constexpr int kFullCard = 10;

 private:
  int stamps_ = 0;
};

class Customer {
 public:
  Customer() = default;
  explicit Customer(int id) : id_(id) {}
  int id() const { return id_; }
  void setCard(const LoyaltyCard& card) { card_ = card; }
  const LoyaltyCard& card() const { return card_; }
  // Gold from kGoldStamps stamps on the card.
  bool gold() const { return card_.stamps() >= kGoldStamps; }
  static constexpr int kGoldStamps = 6;

 private:
  int id_ = 0;
  LoyaltyCard card_;
};

class Product {
 public:
  Product() = default;
  Product(int sku, int price) : sku_(sku), price_(price > 0 ? price : 1) {}
  int sku() const { return sku_; }
  int price() const { return price_; }
  // Fresh goods are the skus of one range.
  bool fresh() const { return sku_ >= kFirstFresh && sku_ < kFirstFresh + 100; }
  static constexpr int kFirstFresh = 500;

 private:
  int sku_ = 0;
  int price_ = 1;
};

class LineItem {
 public:
  LineItem() = default;
  LineItem(const Product& product, int quantity) : product_(product), quantity_(quantity) {}
  const Product& product() const { return product_; }
  int quantity() const { return quantity_; }
  bool bulk() const { return quantity_ >= kBulkQuantity; }
  static constexpr int kBulkQuantity = 12;

 private:
  Product product_;
  int quantity_ = 0;
};

class Order {
 public:
  Order() = default;
  void setCustomer(const Customer& c) { customer_ = c; }
  const Customer& customer() const { return customer_; }
  // Items with a quantity below 1 are refused; an order holds at most ten.
  void addItem(const LineItem& item) {
    if (items_.size() < 10 && item.quantity() > 0) items_.push_back(item);
  }
  int itemCount() const { return static_cast<int>(items_.size()); }
  void removeLast() {
    if (!items_.empty()) items_.pop_back();
  }
  void clear() { items_.clear(); }
  const LineItem& item(int i) const { return items_.at(static_cast<std::size_t>(i)); }
  int total() const {
    int sum = 0;
    for (const LineItem& i : items_) sum += i.quantity() * i.product().price();
    return sum;
  }

 private:
  Customer customer_;
  std::vector<LineItem> items_;
};

class PricingEngine {
 public:
  PricingEngine() = default;

  // Percent off: gold customers with three or more items; a bulk first item of fresh goods; both
  // on a large order.
  int discount(const Order& order) const {
    if (order.itemCount() == 0) return 0;
    int percent = 0;
    if (order.customer().gold() && order.itemCount() >= 3) percent += 10;
    const LineItem& first = order.item(0);
    if (first.bulk() && first.product().fresh()) percent += 5;
    if (percent > 10 && order.total() > 1000) percent += 2;
    return percent;
  }
};

}  // namespace examples
