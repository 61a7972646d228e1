// The type-erased functions a described class registers with the class registry
// (objgen/class_registry.hpp's ClassVTable): its fields' visit for the linearizer, its copy, the
// operations contracts check, its layout for generation from an invariant; and class_id<T>,
// which registers them on first use.
#pragma once

#include <concepts>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "objgen/class_registry.hpp"
#include "objgen/fields.hpp"
#include "objgen/linearizer.hpp"
#include "objgen/object_layout.hpp"

namespace objgen {

namespace detail {
template <class T>
size_t visit_queued_erased(Linearizer& l, size_t next) {
  return l.visit_queued<T>(next);
}
// How objgen's refusal to slice a copy begins: a worker that dies of it died of objgen's own
// limit, not of the code under test (gen/random tells them apart).
inline constexpr const char* kSlicedCopyRefusal = "objgen: a subclass object standing for a ";
template <class T>
Object clone_erased(const void* p) {
  const T& t = *static_cast<const T*>(p);
  if constexpr (std::is_polymorphic_v<T>)  // a subclass standing for T (Api::upcast): a T copy would slice it
    if (typeid(t) != typeid(T))
      throw std::logic_error(std::string(kSlicedCopyRefusal) + Fields<T>::name + " cannot be copied as one (the copy would be sliced)");
  return std::make_shared<T>(t);
}
template <class T>
constexpr Object (*clone_function())(const void*) {
  if constexpr (copyable<T>::value)
    return &clone_erased<T>;
  else
    return nullptr;
}

// The operations contracts check, where the class has them (a subclass object standing for T
// is refused: comparing, moving or assigning it as a T would slice it).
template <class T>
bool exact_type(const T& t) {
  if constexpr (std::is_polymorphic_v<T>)
    return typeid(t) == typeid(T);
  else
    return true;
}
template <class T>
bool equals_erased(const void* a, const void* b, bool* result) {
  const T& x = *static_cast<const T*>(a);
  const T& y = *static_cast<const T*>(b);
  if (!exact_type(x) || !exact_type(y)) return false;
  *result = static_cast<bool>(x == y);
  return true;
}
template <class T>
bool less_erased(const void* a, const void* b, bool* result) {
  const T& x = *static_cast<const T*>(a);
  const T& y = *static_cast<const T*>(b);
  if (!exact_type(x) || !exact_type(y)) return false;
  *result = static_cast<bool>(x < y);
  return true;
}
template <class T>
bool hash_erased(const void* a, size_t* result) {
  const T& x = *static_cast<const T*>(a);
  if (!exact_type(x)) return false;
  *result = static_cast<size_t>(std::hash<T>{}(x));
  return true;
}
template <class T>
Object move_construct_erased(void* a) {
  T& x = *static_cast<T*>(a);
  if (!exact_type(x)) return nullptr;
  return std::make_shared<T>(std::move(x));
}
template <class T>
bool copy_assign_erased(void* to, const void* from) {
  T& x = *static_cast<T*>(to);
  const T& y = *static_cast<const T*>(from);
  if (!exact_type(x) || !exact_type(y)) return false;
  x = y;
  return true;
}
// A class that converts implicitly to a number, bool or pointer compares through the conversion
// when it has no operator of its own: such a comparison is not the class's, so it is not checked.
template <class T>
constexpr bool converts_to_builtin = std::is_convertible_v<const T&, bool> || std::is_convertible_v<const T&, long long> ||
                                     std::is_convertible_v<const T&, double> || std::is_convertible_v<const T&, const void*>;
template <class T>
void add_contract_operations(ClassVTable& v) {
  if constexpr (!converts_to_builtin<T> && requires(const T& a) {
                  { a == a } -> std::convertible_to<bool>;
                })
    v.equals = &equals_erased<T>;
  if constexpr (!converts_to_builtin<T> && requires(const T& a) {
                  { a < a } -> std::convertible_to<bool>;
                })
    v.less = &less_erased<T>;
  if constexpr (requires(const T& a) {
                  { std::hash<T>{}(a) } -> std::convertible_to<size_t>;
                })
    v.hash = &hash_erased<T>;
  if constexpr (std::is_move_constructible_v<T> && !std::is_abstract_v<T> && copyable<T>::value)
    v.move_construct = &move_construct_erased<T>;
  if constexpr (std::is_copy_assignable_v<T> && copyable<T>::value) v.copy_assign = &copy_assign_erased<T>;
}
template <class T>
ClassVTable vtable_of() {
  ClassVTable v{Fields<T>::name, &visit_queued_erased<T>, clone_function<T>(), &typeid(T)};
  add_contract_operations<T>(v);
  v.layout = &layout_erased<T>;
  v.construct_at = &construct_at_erased<T>;
  return v;
}
}  // namespace detail

namespace detail {
// Out of line and cold: inlined, building the vtable was hoisted into every visit that reads a
// pointer to T, ahead of the check that it was built already.
template <class T>
[[gnu::noinline, gnu::cold]] ClassId register_class() {
  return register_class_vtable(vtable_of<T>());
}
}  // namespace detail

template <class T>
[[gnu::always_inline]] inline ClassId class_id() {
  static_assert(is_described_v<T>, "objgen: type has no objgen::Fields<> description");
  static const ClassId id = detail::register_class<T>();
  return id;
}

}  // namespace objgen
