// objgen harness for examples::PricingEngine and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "orders.hpp"
#include "objgen/objgen.hpp"

template <>
struct objgen::Fields<examples::PricingEngine> {
  static constexpr const char* name = "examples::PricingEngine";
  template <class V>
  static void visit([[maybe_unused]] V& v, [[maybe_unused]] const examples::PricingEngine& obj) {
  }
};

// examples::Order, registered too (examples::PricingEngine::discount takes it):
// Constants: kGoldTier = 2, kBulkQuantity = 12
OBJGEN_FIELDS(examples::Customer, id_, tier_)  // orders.hpp:12
OBJGEN_FIELDS(examples::LineItem, sku_, quantity_, price_)  // orders.hpp:32
OBJGEN_FIELDS(examples::Order, customer_, items_)

// examples::Customer, registered too (examples::Order::setCustomer takes it):
// Constants: kGoldTier = 2

// examples::LineItem, registered too (examples::Order::addItem takes it):
// Constants: kBulkQuantity = 12

namespace examples {

void register_orders(objgen::Api& api) {
  api.add_class<examples::Order>()
      .constructor<>()  // orders.hpp:50
      .method("setCustomer", &examples::Order::setCustomer)  // orders.hpp:51
      .method("customer", &examples::Order::customer)  // orders.hpp:52
      .method("addItem", &examples::Order::addItem)  // orders.hpp:54
      .method("itemCount", &examples::Order::itemCount)  // orders.hpp:57
      .method("removeLast", &examples::Order::removeLast)  // orders.hpp:58
      .method("clear", &examples::Order::clear)  // orders.hpp:61
      .method("item", &examples::Order::item)  // orders.hpp:62
      .method("total", &examples::Order::total)  // orders.hpp:63
      .builders({"Order", "setCustomer", "addItem", "removeLast", "clear"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Order& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Customer>()
      .constructor<>()  // orders.hpp:14
      .constructor<int>()  // orders.hpp:15
      .method("id", &examples::Customer::id)  // orders.hpp:16
      .method("tier", &examples::Customer::tier)  // orders.hpp:17
      .method("gold", &examples::Customer::gold)  // orders.hpp:18
      .method("upgrade", &examples::Customer::upgrade)  // orders.hpp:20
      .method("downgrade", &examples::Customer::downgrade)  // orders.hpp:23
      .builders({"Customer", "upgrade", "downgrade"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Customer& x) { return ...; }) if the class has one to check.
  api.add_class<examples::LineItem>()
      .constructor<>()  // orders.hpp:34
      .constructor<int, int, int>()  // orders.hpp:35
      .method("sku", &examples::LineItem::sku)  // orders.hpp:36
      .method("quantity", &examples::LineItem::quantity)  // orders.hpp:37
      .method("price", &examples::LineItem::price)  // orders.hpp:38
      .method("bulk", &examples::LineItem::bulk)  // orders.hpp:39
      .builders({"LineItem"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::LineItem& x) { return ...; }) if the class has one to check.
  api.add_class<PricingEngine>()
      .constructor<>()  // orders.hpp:76
      .method("discount", &PricingEngine::discount)  // orders.hpp:79
      .builders({"PricingEngine"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const PricingEngine& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
