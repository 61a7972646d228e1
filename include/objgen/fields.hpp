// Describing the fields of a type to objgen.
//
// objgen never guesses a layout: each type whose state matters says which fields it has by
// specializing objgen::Fields<T>. The visit function is a template over the visitor so that the
// canonicalizer's hot path is compiled straight into the harness (no virtual call per field).
//
//   OBJGEN_FIELDS(my::List::Node, value, next, prev)
//   OBJGEN_FIELDS(my::List, head, size)
//
// Private members and private nested types: compile the harness translation unit with
// -fno-access-control (g++ and clang++ both accept it), or use the explicit-instantiation access
// technique described in docs/REGISTERING.md.
#pragma once

#include <type_traits>

namespace objgen {

// Primary template: not described. A specialization provides
//   static constexpr const char* name;
//   template <class V> static void visit(V& v, const T& obj);
template <class T>
struct Fields;

template <class T, class = void>
struct is_described : std::false_type {};
template <class T>
struct is_described<T, std::void_t<decltype(Fields<T>::name)>> : std::true_type {};
template <class T>
inline constexpr bool is_described_v = is_described<std::remove_cv_t<T>>::value;

// Whether objgen may copy a T (see OBJGEN_NOT_COPYABLE).
template <class T>
struct copyable : std::is_copy_constructible<T> {};

namespace detail {
// Tells a visitor that asks (the layout reader, objgen/object_layout.hpp) whether the field it
// was just handed is declared const, which the value it gets cannot show: code that sets the
// field as a search did must cast const away.
template <class V>
void declared_const(V& v, bool is_const) {
  if constexpr (requires { v.declared_const(is_const); }) v.declared_const(is_const);
}
}  // namespace detail

}  // namespace objgen

#define OBJGEN_DETAIL_EXPAND(x) x
#define OBJGEN_DETAIL_FIELD(f) \
  v.field(#f, obj.f);          \
  ::objgen::detail::declared_const(v, std::is_const_v<decltype(obj.f)>);
#define OBJGEN_DETAIL_FE_1(m, x) m(x)
#define OBJGEN_DETAIL_FE_2(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_1(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_3(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_2(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_4(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_3(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_5(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_4(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_6(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_5(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_7(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_6(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_8(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_7(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_9(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_8(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_10(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_9(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_11(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_10(m, __VA_ARGS__))
#define OBJGEN_DETAIL_FE_12(m, x, ...) m(x) OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_FE_11(m, __VA_ARGS__))
#define OBJGEN_DETAIL_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, name, ...) name
#define OBJGEN_DETAIL_FOR_EACH(m, ...)                                                                                                    \
  OBJGEN_DETAIL_EXPAND(OBJGEN_DETAIL_PICK(__VA_ARGS__, OBJGEN_DETAIL_FE_12, OBJGEN_DETAIL_FE_11, OBJGEN_DETAIL_FE_10, OBJGEN_DETAIL_FE_9, \
                                          OBJGEN_DETAIL_FE_8, OBJGEN_DETAIL_FE_7, OBJGEN_DETAIL_FE_6, OBJGEN_DETAIL_FE_5,                 \
                                          OBJGEN_DETAIL_FE_4, OBJGEN_DETAIL_FE_3, OBJGEN_DETAIL_FE_2, OBJGEN_DETAIL_FE_1)(m, __VA_ARGS__))

// Describes up to 12 fields of TYPE, in the given order (the canonical field order).
#define OBJGEN_FIELDS(TYPE, ...)                                                 \
  template <>                                                                    \
  struct objgen::Fields<TYPE> {                                                  \
    static constexpr const char* name = #TYPE;                                   \
    template <class V>                                                           \
    static void visit([[maybe_unused]] V& v, [[maybe_unused]] const TYPE& obj) { \
      OBJGEN_DETAIL_FOR_EACH(OBJGEN_DETAIL_FIELD, __VA_ARGS__)                   \
    }                                                                            \
  };

// Whether objgen may copy a T with its copy constructor. The standard trait says yes for a class
// whose implicit copy does not compile (a std::vector<std::unique_ptr<X>> member): such a class is
// marked with OBJGEN_NOT_COPYABLE(T) (objgen scan writes it), and objgen lends its objects
// instead of copying them.
#define OBJGEN_NOT_COPYABLE(TYPE) \
  template <>                     \
  struct objgen::copyable<TYPE> : std::false_type {};

// Same, with one base class visited first (its fields belong to the same object).
#define OBJGEN_FIELDS_WITH_BASE(TYPE, BASE, ...)                                 \
  template <>                                                                    \
  struct objgen::Fields<TYPE> {                                                  \
    static constexpr const char* name = #TYPE;                                   \
    template <class V>                                                           \
    static void visit([[maybe_unused]] V& v, [[maybe_unused]] const TYPE& obj) { \
      v.base((const BASE&)(obj)); /* may be private */                           \
      OBJGEN_DETAIL_FOR_EACH(OBJGEN_DETAIL_FIELD, __VA_ARGS__)                   \
    }                                                                            \
  };

// A type whose whole state is what it shows through iteration (e.g. std::set<int>): it is
// canonicalized as the container it is.
#define OBJGEN_VALUE_TYPE(TYPE)                \
  template <>                                  \
  struct objgen::Fields<TYPE> {                \
    static constexpr const char* name = #TYPE; \
    template <class V>                         \
    static void visit(V& v, const TYPE& obj) { \
      v.contents("contents", obj);             \
    }                                          \
  };
