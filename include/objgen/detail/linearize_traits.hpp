// The type traits the linearizer dispatches a field's type on (smart pointers, optionals,
// variants, pairs and tuples, ranges, strings) and the declaration of class_id<T>: what the
// registration API (objgen/api.hpp, objgen/detail/invoke.hpp) needs of the linearizer, without
// the Linearizer class (objgen/linearizer.hpp) or the per-class vtables that define class_id
// (objgen/detail/class_vtable.hpp). A translation unit that registers classes includes
// objgen/objgen.hpp, which brings both.
#pragma once

#include <array>
#include <iterator>
#include <ostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <variant>

#include "objgen/class_registry.hpp"
#include "objgen/fields.hpp"

namespace objgen {

// The id of a described class, registering it on first use (objgen/detail/class_vtable.hpp).
template <class T>
ClassId class_id();

namespace detail {
template <class T>
struct is_unique_ptr : std::false_type {};
template <class T, class D>
struct is_unique_ptr<std::unique_ptr<T, D>> : std::true_type {};
template <class T>
struct is_shared_ptr : std::false_type {};
template <class T>
struct is_shared_ptr<std::shared_ptr<T>> : std::true_type {};
template <class T>
struct is_weak_ptr : std::false_type {};
template <class T>
struct is_weak_ptr<std::weak_ptr<T>> : std::true_type {};
template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_variant : std::false_type {};
template <class... T>
struct is_variant<std::variant<T...>> : std::true_type {};
template <class T>
struct is_std_array : std::false_type {};
template <class T, size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};
template <class T>
struct is_pair_like : std::false_type {};
template <class A, class B>
struct is_pair_like<std::pair<A, B>> : std::true_type {};
template <class... T>
struct is_pair_like<std::tuple<T...>> : std::true_type {};
template <class T>
concept Range = requires(const T& r) {
  std::begin(r);
  std::end(r);
};
// The described class a pointer-like element points to (void when it is none): a set of such
// pointers is ordered by address, which says nothing about the objects (the linearizer orders it
// by the objects' contents). A pair counts by its first member, a map's key.
template <class E>
struct address_keyed {
  using type = void;
};
template <class T>
struct address_keyed<T*> {
  using type = std::remove_cv_t<T>;
};
template <class T>
struct address_keyed<std::shared_ptr<T>> {
  using type = std::remove_cv_t<T>;
};
template <class T, class D>
struct address_keyed<std::unique_ptr<T, D>> {
  using type = std::remove_cv_t<T>;
};
template <class A, class B>
struct address_keyed<std::pair<A, B>> : address_keyed<std::remove_cv_t<A>> {};
template <class E>
using address_keyed_t = typename address_keyed<std::remove_cv_t<E>>::type;
template <class E>
const void* address_key(const E& e) {
  if constexpr (std::is_pointer_v<E>) {
    return e;
  } else if constexpr (is_pair_like<E>::value) {
    return address_key(e.first);
  } else {
    return e.get();
  }
}

// A range whose elements are of its own type: its values may hold values without end.
template <class T>
concept SelfNesting = Range<T> && std::is_same_v<std::remove_cvref_t<decltype(*std::begin(std::declval<const T&>()))>, T>;
// A type that prints with <<: how a value whose iteration yields the value itself is read.
template <class T>
concept Printable = requires(std::ostream& o, const T& t) {
  o << t;
};
template <class T>
concept Sized = requires(const T& r) {
  r.size();
};

std::string demangle(const char* mangled);  // model/api.cpp
// A standard library type, whose size() the standard defines as its iteration's length. Read
// from the type's name, once per type, only when the two differ.
template <class C>
bool is_standard_range() {
  static const bool standard = demangle(typeid(C).name()).rfind("std::", 0) == 0;
  return standard;
}
template <class T>
concept StringLike = std::is_convertible_v<const T&, std::string_view> && !std::is_pointer_v<T>;

// Whether the linearizer reads a value of type T (objgen/linearizer.hpp: put): numbers, pointers,
// described classes, strings, and the wrappers and ranges of such values.
template <class T>
constexpr bool value_readable();
template <class T>
struct every_argument_readable : std::false_type {};
template <template <class...> class W, class... E>
struct every_argument_readable<W<E...>> : std::bool_constant<(value_readable<E>() && ...)> {};
template <class T>
constexpr bool value_readable() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_arithmetic_v<U> || std::is_enum_v<U> || std::is_pointer_v<U> || is_unique_ptr<U>::value ||
                is_shared_ptr<U>::value || is_weak_ptr<U>::value || is_described_v<U> || StringLike<U>) {
    return true;
  } else if constexpr (is_optional<U>::value || is_std_array<U>::value) {
    return value_readable<typename U::value_type>();
  } else if constexpr (is_variant<U>::value || is_pair_like<U>::value) {
    return every_argument_readable<U>::value;
  } else if constexpr (std::is_array_v<U>) {
    return value_readable<std::remove_extent_t<U>>();
  } else if constexpr (Range<U>) {
    using Element = std::remove_cvref_t<decltype(*std::begin(std::declval<const U&>()))>;
    if constexpr (std::is_same_v<Element, U>)
      return true;  // a self-nesting value (put_self)
    else
      return value_readable<Element>();
  } else {
    return false;
  }
}
// A smart pointer to an array (unique_ptr<T[]>): its element_type is T, yet it owns many.
template <class P>
struct owns_array : std::false_type {};
template <class T, class D>
struct owns_array<std::unique_ptr<T[], D>> : std::true_type {};
template <class T>
struct owns_array<std::shared_ptr<T[]>> : std::true_type {};
template <class T, size_t N>
struct owns_array<std::shared_ptr<T[N]>> : std::true_type {};
template <class T>
struct owns_array<std::weak_ptr<T[]>> : std::true_type {};
// Whether what a smart pointer P (any other type: false) points to is read through it as a value: a type no description
// covers that the linearizer reads (a pimpl's string, a copy-on-write vector), not an array.
template <class P>
constexpr bool reads_pointee() {
  if constexpr (!is_unique_ptr<P>::value && !is_shared_ptr<P>::value && !is_weak_ptr<P>::value) {
    return false;
  } else {
    using E = std::remove_cv_t<typename P::element_type>;
    if constexpr (owns_array<P>::value || std::is_void_v<E> || std::is_function_v<E> || is_described_v<E>)
      return false;
    else
      return value_readable<E>();
  }
}
}  // namespace detail

}  // namespace objgen
