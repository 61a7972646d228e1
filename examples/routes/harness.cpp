// objgen harness for examples::RouteFinder and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "routes.hpp"
#include "objgen/objgen.hpp"

template <>
struct objgen::Fields<examples::RouteFinder> {
  static constexpr const char* name = "examples::RouteFinder";
  template <class V>
  static void visit([[maybe_unused]] V& v, [[maybe_unused]] const examples::RouteFinder& obj) {
  }
};

// examples::Graph, registered too (examples::RouteFinder::route takes it):
// Constants: kFirstId = 10, kLastId = 19
OBJGEN_FIELDS(examples::Graph::Edge, from, to)  // public nested type, routes.hpp:48
OBJGEN_FIELDS(examples::Graph, nodes_, edges_)

namespace examples {

void register_routes(objgen::Api& api) {
  api.add_class<examples::Graph>()
      .constructor<>()  // routes.hpp:14
      .method("addNode", &examples::Graph::addNode)  // routes.hpp:16
      .method("addEdge", &examples::Graph::addEdge)  // routes.hpp:22
      .method("hasNode", &examples::Graph::hasNode)  // routes.hpp:25
      .method("hasEdge", &examples::Graph::hasEdge)  // routes.hpp:30
      .method("nodeCount", &examples::Graph::nodeCount)  // routes.hpp:35
      .method("removeEdge", &examples::Graph::removeEdge)  // routes.hpp:36
      .method("clear", &examples::Graph::clear)  // routes.hpp:43
      .method("edges", &examples::Graph::edges)  // routes.hpp:52
      .builders({"Graph", "addNode", "addEdge", "removeEdge", "clear"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Graph& x) { return ...; }) if the class has one to check.
  api.add_class<RouteFinder>()
      .constructor<>()  // routes.hpp:61
      .method("route", &RouteFinder::route)  // routes.hpp:65
      .builders({"RouteFinder"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const RouteFinder& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
