// eCrash's input domain (paper §4.2, §2.3.2): the Extended Method Call Dependence Graph of the
// class's members, its types-required and types-provided tables, the STGP function set derived
// from it, and the purified versions in which parameters that a call cannot change (safe or
// read-only) no longer provide their type.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::evolve {

// A data type of the graph: a described class or a primitive (literal) kind.
struct TypeKey {
  bool literal = false;
  uint32_t id = 0;  // ClassId, or LiteralKind when literal
  friend bool operator==(const TypeKey&, const TypeKey&) = default;
};
TypeKey type_of(const SlotType& slot);
std::string type_name(TypeKey t);

// The item an edge is labelled with.
enum class Item : uint8_t { Implicit, Explicit, Return };  // IP, P<rho>, RE
std::string item_name(Item item, uint8_t param);           // "IP", "P0", "RE"

enum class Purity : uint8_t { Safe, ReadOnly, ReadWrite };
const char* purity_name(Purity p);

// How a parameter of a member was classified, and on what evidence.
struct ParamPurity {
  uint32_t op = 0;
  uint8_t slot = 0;  // index into Operation::params (the receiver is slot 0 of a method)
  Item item = Item::Implicit;
  uint8_t param = 0;  // explicit parameter number (for Item::Explicit)
  Purity purity = Purity::ReadWrite;
  Purity static_purity = Purity::ReadWrite;
  uint32_t samples = 0;  // feasible dynamic checks
  uint32_t changed = 0;  // of which changed the parameter's canonical state
  std::string evidence;  // "const member", "const&", "changed in 3/20 calls", ...
};

struct Edge {
  uint32_t op;
  TypeKey type;
  Item item;
  uint8_t param;
  bool provides;  // type -> member (the member provides the type); else member -> type
};

// One STGP function: calling `op` yields a value of `returns` through `item`; its children are
// the types of op's parameters (receiver first).
struct GpFunction {
  uint32_t op;
  Item item;
  uint8_t slot;   // which parameter slot provides the value (Item::Return: none)
  uint8_t param;  // its explicit parameter number (Item::Explicit)
  TypeKey returns;
  std::vector<TypeKey> children;
};

struct InputDomain {
  std::vector<uint32_t> members;  // operations of the class cluster
  std::vector<Edge> edges;
  std::vector<GpFunction> functions;
  size_t required_edges() const;
  size_t provided_edges() const;
};

// Static hints from C++ types: const member functions and const&/const* parameters are
// read-only (safe when the call returns no reference or pointer into them); by-value objects are
// copies. Dynamic evidence may refute them (purity.cpp).
std::vector<ParamPurity> static_purity(const Api& api, const std::vector<uint32_t>& members);

// The EMCDG and function set; with `purity`, provider edges of safe/read-only parameters are
// dropped (never RETURN edges), as in the paper's Fig. 6 and 7.
InputDomain build_input_domain(const Api& api, const std::vector<uint32_t>& members, const std::vector<ParamPurity>* purity);

// The class cluster of a method under test (eCrash §4.2): the members of its class and of every
// class those members take, transitively, plus the creators of those classes.
std::vector<uint32_t> cluster_members(const Api& api, ClassId target);

}  // namespace objgen::evolve
