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
// Constants: kFullCard = 10, kGoldStamps = 6, kFirstFresh = 500, kBulkQuantity = 12
OBJGEN_FIELDS(examples::LoyaltyCard, stamps_)  // orders.hpp:13
OBJGEN_FIELDS(examples::Customer, id_, card_)  // orders.hpp:28
OBJGEN_FIELDS(examples::Product, sku_, price_)  // orders.hpp:44
OBJGEN_FIELDS(examples::LineItem, product_, quantity_)  // orders.hpp:59
OBJGEN_FIELDS(examples::Order, customer_, items_)

// examples::Customer, registered too (examples::Order::setCustomer takes it):
// Constants: kFullCard = 10, kGoldStamps = 6

// examples::LineItem, registered too (examples::Order::addItem takes it):
// Constants: kFirstFresh = 500, kBulkQuantity = 12

// examples::LoyaltyCard, registered too (examples::Customer::setCard takes it):
// Constants: kFullCard = 10

// examples::Product, registered too (examples::LineItem::LineItem takes it):
// Constants: kFirstFresh = 500

namespace examples {

void register_orders(objgen::Api& api) {
  api.add_class<examples::Order>()
      .constructor<>()  // orders.hpp:75
      .method("setCustomer", &examples::Order::setCustomer)  // orders.hpp:76
      .method("customer", &examples::Order::customer)  // orders.hpp:77
      .method("addItem", &examples::Order::addItem)  // orders.hpp:79
      .method("itemCount", &examples::Order::itemCount)  // orders.hpp:82
      .method("removeLast", &examples::Order::removeLast)  // orders.hpp:83
      .method("clear", &examples::Order::clear)  // orders.hpp:86
      .method("item", &examples::Order::item)  // orders.hpp:87
      .method("total", &examples::Order::total)  // orders.hpp:88
      .builders({"Order", "setCustomer", "addItem", "removeLast", "clear"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kFullCard", 10LL}, {"kGoldStamps", 6LL}, {"kFirstFresh", 500LL}, {"kBulkQuantity", 12LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Order& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Customer>()
      .constructor<>()  // orders.hpp:30
      .constructor<int>()  // orders.hpp:31
      .method("id", &examples::Customer::id)  // orders.hpp:32
      .method("setCard", &examples::Customer::setCard)  // orders.hpp:33
      .method("card", &examples::Customer::card)  // orders.hpp:34
      .method("gold", &examples::Customer::gold)  // orders.hpp:36
      .builders({"Customer", "setCard"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kFullCard", 10LL}, {"kGoldStamps", 6LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Customer& x) { return ...; }) if the class has one to check.
  api.add_class<examples::LineItem>()
      .constructor<>()  // orders.hpp:61
      .constructor<const examples::Product&, int>()  // orders.hpp:62
      .method("product", &examples::LineItem::product)  // orders.hpp:63
      .method("quantity", &examples::LineItem::quantity)  // orders.hpp:64
      .method("bulk", &examples::LineItem::bulk)  // orders.hpp:65
      .builders({"LineItem"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kFirstFresh", 500LL}, {"kBulkQuantity", 12LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::LineItem& x) { return ...; }) if the class has one to check.
  api.add_class<examples::LoyaltyCard>()
      .constructor<>()  // orders.hpp:15
      .method("stamp", &examples::LoyaltyCard::stamp)  // orders.hpp:17
      .method("renew", &examples::LoyaltyCard::renew)  // orders.hpp:20
      .method("stamps", &examples::LoyaltyCard::stamps)  // orders.hpp:21
      .builders({"LoyaltyCard", "stamp", "renew"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kFullCard", 10LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::LoyaltyCard& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Product>()
      .constructor<>()  // orders.hpp:46
      .constructor<int, int>()  // orders.hpp:47
      .method("sku", &examples::Product::sku)  // orders.hpp:48
      .method("price", &examples::Product::price)  // orders.hpp:49
      .method("fresh", &examples::Product::fresh)  // orders.hpp:51
      .builders({"Product"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kFirstFresh", 500LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Product& x) { return ...; }) if the class has one to check.
  api.add_class<PricingEngine>()
      .constructor<>()  // orders.hpp:101
      .method("discount", &PricingEngine::discount)  // orders.hpp:105
      .builders({"PricingEngine"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const PricingEngine& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
