// An operation of a registered API as objgen's runtime sees it: its kind, its parameter and
// result slots, and a type-erased call. objgen/api.hpp registers them; strategies and emitters
// read them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "objgen/class_registry.hpp"

namespace objgen {

enum class LiteralKind : uint8_t { Int, Double, Char, Bool, String };
const char* literal_kind_name(LiteralKind k);
// "ns::Box<ns::Item>" -> "Box": the name constructors are selected by.
std::string short_class_name(const std::string& qualified);

struct Literal {
  LiteralKind kind = LiteralKind::Int;
  int64_t i = 0;
  double d = 0;
  std::string s;
};

// One actual argument: a literal or a slot holding an object.
struct Arg {
  const Literal* lit = nullptr;
  Object* obj = nullptr;
};

enum class SlotKind : uint8_t { None, Literal, Object };
enum class Passing : uint8_t { Value, ConstRef, Ref, RValue, ConstPtr, Ptr, UniquePtr, SharedPtr };

struct SlotType {
  SlotKind kind = SlotKind::None;
  LiteralKind literal = LiteralKind::Int;
  ClassId cls = 0;
  Passing passing = Passing::Value;
  std::string cpp_type;      // spelling of the C++ parameter type for emitted code
  std::string enum_type;     // an enumeration (unqualified, no reference): emitted as enumerators
  bool is_unsigned = false;  // an unsigned integer: a negative literal reaches it as a huge count

  bool is_object() const { return kind == SlotKind::Object; }
  bool is_literal() const { return kind == SlotKind::Literal; }
  // The callee gets the caller's object itself and may change it.
  bool may_modify() const { return is_object() && (passing == Passing::Ref || passing == Passing::Ptr || passing == Passing::SharedPtr); }
  // The callee takes the object away (moved into it).
  bool consumed() const { return is_object() && (passing == Passing::UniquePtr || passing == Passing::RValue); }
};

struct CallResult {
  Object object;
  Literal literal;
  bool has_object = false;
  bool has_literal = false;
  void* referenced = nullptr;  // the object a T& or T* result of a described class refers to
};

// A result that refers to an object another owns (T& or T* of a described class, not owned):
// calls can go on through it, as in game.player(id).setTeam(t) (Api::add_calls_through_references).
struct ReferencedResult {
  ClassId cls = 0;
  bool valid = false;
  bool pointer = false;   // T*: may be null
  bool to_const = false;  // const T& / const T*: only const members can go on through it
};

// An operation made of two: `call` on the object that `accessor` returns a reference to.
struct ThroughReference {
  uint32_t accessor = UINT32_MAX, call = UINT32_MAX;  // indices into Api::operations()
  uint32_t accessor_arity = 0;                        // the accessor's parameters, receiver included
  std::string accessor_name;
  bool derived() const { return accessor != UINT32_MAX; }
};

enum class OpKind : uint8_t { Constructor, Method, StaticFactory, FreeFunction };

// Where a member or class is declared: what reports (SARIF, the HTML pages) point at. Set by
// harnesses `objgen scan` writes; empty in hand-written ones unless they say.
struct SourceLine {
  std::string file;  // absolute
  uint32_t line = 0;
  bool known() const { return !file.empty(); }
};

struct Operation {
  std::string name;      // as selected with --methods: "addLast", or the class name for constructors
  std::string cpp_call;  // what emitted code calls: member name, "Cls::make", "ns::f"
  OpKind kind = OpKind::Method;
  ClassId owner = 0;
  std::vector<SlotType> params;  // receiver first for methods
  SlotType result;
  bool is_const = false;  // const member function (a static purity hint)
  bool emittable = true;  // emitted C++ can call it (false: a lambda without cpp_call)
  // How emitted code spells the call when a lambda adapts it: {0}, {1}, ... are the arguments
  // (the receiver first for methods), e.g. "{0}->insert(std::pair<const int, int>({1}, {2}))".
  std::string call_pattern;
  ReferencedResult referenced;  // set for T&/T* results of described classes
  // The parameters' names as declared, one per slot ("" for the receiver and for unnamed ones);
  // empty when not registered. A failure report naming `pos` then blames the slot named pos.
  std::vector<std::string> param_names;
  ThroughReference through;  // set for operations Api::add_calls_through_references made
  SourceLine declared_at;    // the member's declaration (ClassBuilder::declared_at)
  bool upcast = false;       // made by Api::upcast: a conversion, not a member to test
  // A contract check (gen/oracles/contracts.hpp: the Contract's value), not a member of the API:
  // generators never pick it; it ends sequences that show a broken contract. -1: not one.
  int8_t contract = -1;
  uint32_t contract_mutator = UINT32_MAX;  // the copy-independence check's mutating operation
  void (*invoke)(const void* fn, Arg* args, CallResult& out) = nullptr;
  std::shared_ptr<const void> fn;

  void call(Arg* args, CallResult& out) const { invoke(fn.get(), args, out); }
  std::string signature() const;  // "List::add(int)"
  // Parameter k for people: its declared name, else "the receiver" or "parameter k".
  std::string parameter_name(size_t k) const;
  size_t object_param_count() const;
};

}  // namespace objgen
