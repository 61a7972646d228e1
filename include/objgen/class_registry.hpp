// Runtime identity of every described class: a small id, its name, and the type-erased
// functions the runtime needs (visit fields, deep copy).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <typeinfo>

namespace objgen {

using ClassId = uint16_t;
using Object = std::shared_ptr<void>;
class Linearizer;
struct ClassLayout;

struct ClassVTable {
  std::string name;  // C++ spelling, e.g. "ncl::List::Node"
  // Fields<T>::visit for the linearizer's queued objects from `next` on while they are of this
  // class; returns the index of the first one it left (one indirect call per run of a class, not
  // per object: a list's nodes are visited in one loop).
  size_t (*visit_queued)(Linearizer&, size_t next);
  Object (*clone)(const void*);  // copy constructor; null when not copyable
  const std::type_info* type;
  // What the contracts check (null when the class lacks the operation). Each refuses, by
  // returning false or null, an object whose dynamic type is a subclass (it would slice).
  bool (*equals)(const void*, const void*, bool* result) = nullptr;  // a == b
  bool (*less)(const void*, const void*, bool* result) = nullptr;    // a < b
  bool (*hash)(const void*, size_t* result) = nullptr;               // std::hash<T>{}(a)
  Object (*move_construct)(void*) = nullptr;                         // T(std::move(a))
  bool (*copy_assign)(void* to, const void* from) = nullptr;         // to = from
  // Generation from an invariant (objgen/object_layout.hpp): the fields' places in a
  // default-constructed object (false, and null construct_at, without a default constructor).
  bool (*layout)(ClassLayout*) = nullptr;
  void* (*construct_at)(void*) = nullptr;  // ::new (at) T()
};

// Registers a class once; returns its id. Thread-safe.
ClassId register_class_vtable(ClassVTable vtable);
const ClassVTable& class_vtable(ClassId id);
size_t registered_class_count();
// The id of the class with this C++ type, if it was described and registered.
bool find_class_by_type(const std::type_info& type, ClassId* id);

}  // namespace objgen
