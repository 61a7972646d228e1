// Where a described class keeps its fields in memory, for generation from an invariant
// (objgen korat): such a search builds objects by writing their fields directly, so it needs
// each field's offset, size and kind, and a way to make a blank object to write into.
//
// The layout is read from the same Fields<T> description the linearizer visits, on a
// default-constructed object (the offsets of its members); a class without a default
// constructor has none. A std::vector of integers, enumerations or pointers to a described class
// is searched as a length and one field per element (Korat's arrays), where the library lays a
// vector out as three pointers (begin, end, end of storage; checked on a probe vector). Fields of
// other types (strings, other containers, described values held by value) are kept as the
// constructor left them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "objgen/class_registry.hpp"
#include "objgen/fields.hpp"

namespace objgen {

enum class FieldKind : uint8_t {
  Other,     // not written by a search: left as constructed
  Signed,    // a signed integer or enumeration of `size` bytes
  Unsigned,  // an unsigned integer or enumeration of `size` bytes
  Bool,
  Pointer,  // a raw pointer to objects of the described class `target`
  Vector,   // a std::vector of `element_kind` values of `element_size` bytes (begin, end, capacity)
};

struct FieldLayout {
  std::string name;
  uint32_t offset = 0;  // from the start of the object (base classes' fields included)
  uint32_t size = 0;
  FieldKind kind = FieldKind::Other;
  ClassId target = 0;                         // for Pointer, and for a Vector of pointers
  FieldKind element_kind = FieldKind::Other;  // for Vector: Signed, Unsigned, Bool or Pointer
  uint32_t element_size = 0;                  // for Vector
  bool enumeration = false;                   // Signed or Unsigned (or a Vector's elements): an enum type
  bool is_const = false;                      // a const member: code that sets it as a search did casts const away
};

struct ClassLayout {
  uint32_t size = 0, align = 0;
  std::vector<FieldLayout> fields;  // in the description's order
};

// The id of a described class, registering it on first use (objgen/linearizer.hpp).
template <class T>
ClassId class_id();

namespace detail {

template <class T>
struct is_searchable_vector : std::false_type {};
template <class E>
struct is_searchable_vector<std::vector<E, std::allocator<E>>>
    : std::bool_constant<!std::is_same_v<E, bool> && (std::is_integral_v<E> || std::is_enum_v<E> || std::is_pointer_v<E>)> {};

// Whether std::vector<E> is three pointers: begin, end and the end of its storage, in that order
// (how a search sets its length and elements without calling it).
template <class E>
bool vector_is_three_pointers() {
  if constexpr (sizeof(std::vector<E>) != 3 * sizeof(E*)) {
    return false;
  } else {
    std::vector<E> probe;
    probe.reserve(5);
    probe.resize(2);
    E* words[3];
    __builtin_memcpy(words, static_cast<const void*>(&probe), sizeof words);
    return words[0] == probe.data() && words[1] == probe.data() + 2 && words[2] == probe.data() + probe.capacity();
  }
}

// Visits a default-constructed object and records where each described field lies.
class LayoutVisitor {
 public:
  LayoutVisitor(const void* object, size_t size, ClassLayout& out) : object_(static_cast<const char*>(object)), size_(size), out_(out) {}

  template <class F>
  void field(const char* name, const F& value) {
    FieldLayout f;
    f.name = name;
    const char* at = reinterpret_cast<const char*>(&value);
    f.size = sizeof(F);
    // A bit-field binds to a temporary, outside the object: not a place a search can write.
    if (at < object_ || at + sizeof(F) > object_ + size_) {
      out_.fields.push_back({name, 0, 1, FieldKind::Other, 0});
      return;
    }
    f.offset = static_cast<uint32_t>(at - object_);
    using U = std::remove_cv_t<F>;
    if constexpr (is_searchable_vector<U>::value) {
      using E = typename U::value_type;
      f.element_kind = scalar_kind<E>(f.target);
      f.element_size = sizeof(E);
      f.enumeration = std::is_enum_v<E>;
      if (f.element_kind != FieldKind::Other && vector_is_three_pointers<E>())
        f.kind = FieldKind::Vector;
      else
        f.element_kind = FieldKind::Other, f.element_size = 0, f.target = 0;
    } else {
      f.kind = scalar_kind<U>(f.target);
      f.enumeration = std::is_enum_v<U>;
    }
    out_.fields.push_back(std::move(f));
  }
  // How a search writes a value of type U (Other: it does not); `target` gets a pointer's class.
  template <class U>
  static FieldKind scalar_kind(ClassId& target) {
    if constexpr (std::is_same_v<U, bool>) {
      return FieldKind::Bool;
    } else if constexpr (std::is_enum_v<U>) {
      return std::is_signed_v<std::underlying_type_t<U>> ? FieldKind::Signed : FieldKind::Unsigned;
    } else if constexpr (std::is_integral_v<U> && sizeof(U) <= 8) {  // not __int128: a word at most
      return std::is_signed_v<U> ? FieldKind::Signed : FieldKind::Unsigned;
    } else if constexpr (std::is_pointer_v<U>) {
      using P = std::remove_cv_t<std::remove_pointer_t<U>>;
      if constexpr (!std::is_void_v<P> && is_described_v<P>) {
        target = class_id<P>();
        return FieldKind::Pointer;
      }
    }
    return FieldKind::Other;
  }
  void declared_const(bool is_const) { out_.fields.back().is_const = is_const; }
  template <class C>
  void contents(const char* name, const C& value) {
    field_other(name, &value, sizeof(C));
  }
  template <class B>
  void base(const B& b) {
    Fields<B>::visit(*this, b);
  }

 private:
  void field_other(const char* name, const void* at, size_t size) {
    const char* p = static_cast<const char*>(at);
    bool inside = p >= object_ && p + size <= object_ + size_;
    out_.fields.push_back(
        {name, inside ? static_cast<uint32_t>(p - object_) : 0, inside ? static_cast<uint32_t>(size) : 1, FieldKind::Other, 0});
  }
  const char* object_;
  size_t size_;
  ClassLayout& out_;
};

// Objects a search can make: default-constructible, destructible (the layout's probe object is
// destroyed), not abstract.
template <class T>
inline constexpr bool searchable_v = std::is_default_constructible_v<T>&& std::is_destructible_v<T> && !std::is_abstract_v<T>;

template <class T>
bool layout_erased(ClassLayout* out) {
  if constexpr (searchable_v<T>) {
    auto object = std::make_unique<T>();
    out->size = sizeof(T);
    out->align = alignof(T);
    out->fields.clear();
    LayoutVisitor v(object.get(), sizeof(T), *out);
    Fields<T>::visit(v, *object);
    return true;
  } else {
    return false;
  }
}

template <class T>
void* construct_at_erased(void* at) {
  if constexpr (searchable_v<T>)
    return ::new (at) T();
  else
    return nullptr;
}

}  // namespace detail
}  // namespace objgen
