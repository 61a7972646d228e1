// objgen harness for examples::Inventory and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "warehouse.hpp"
#include "objgen/objgen.hpp"

template <>
struct objgen::Fields<examples::Inventory> {
  static constexpr const char* name = "examples::Inventory";
  template <class V>
  static void visit([[maybe_unused]] V& v, [[maybe_unused]] const examples::Inventory& obj) {
  }
};

// examples::Store, registered too (examples::Inventory::reorder takes it):
// Constants: kFastMover = 3
OBJGEN_FIELDS(examples::Warehouse, stock_, minimum_, shipments_)  // warehouse.hpp:12
OBJGEN_FIELDS(examples::Store, region_, warehouse_)

// examples::Warehouse, registered too (examples::Store::supplyFrom takes it):
// Constants: kFastMover = 3

namespace examples {

void register_warehouse(objgen::Api& api) {
  api.add_class<examples::Store>()
      .constructor<>()  // warehouse.hpp:59
      .constructor<int>()  // warehouse.hpp:60
      .method("region", &examples::Store::region)  // warehouse.hpp:61
      .method("supplyFrom", &examples::Store::supplyFrom)  // warehouse.hpp:63
      .method("warehouse", &examples::Store::warehouse)  // warehouse.hpp:64
      .builders({"Store", "supplyFrom"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kFastMover", 3LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Store& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Warehouse>()
      .constructor<>()  // warehouse.hpp:14
      .method("receive", &examples::Warehouse::receive)  // warehouse.hpp:15
      .method("ship", &examples::Warehouse::ship)  // warehouse.hpp:19
      .method("setMinimum", &examples::Warehouse::setMinimum)  // warehouse.hpp:26
      .method("stock", &examples::Warehouse::stock)  // warehouse.hpp:29
      .method("minimum", &examples::Warehouse::minimum)  // warehouse.hpp:33
      .method("carries", &examples::Warehouse::carries)  // warehouse.hpp:37
      .method("audit", &examples::Warehouse::audit)  // warehouse.hpp:39
      .method("fastMover", &examples::Warehouse::fastMover)  // warehouse.hpp:44
      .method("shipments", &examples::Warehouse::shipments)  // warehouse.hpp:46
      .builders({"Warehouse", "receive", "ship", "setMinimum", "audit"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kFastMover", 3LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Warehouse& x) { return ...; }) if the class has one to check.
  api.add_class<Inventory>()
      .constructor<>()  // warehouse.hpp:73
      .method("reorder", &Inventory::reorder)  // warehouse.hpp:77
      .builders({"Inventory"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const Inventory& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
