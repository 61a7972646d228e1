// Where a described class keeps its fields in memory, for generation from an invariant
// (objgen korat): such a search builds objects by writing their fields directly, so it needs
// each field's offset, size and kind, and a way to make a blank object to write into.
//
// The layout is read from the same Fields<T> description the linearizer visits, on a
// default-constructed object (the offsets of its members); a class without a default
// constructor has none. Fields of other types (strings, containers, described values held by
// value) are kept as the constructor left them.
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
  Pointer,   // a raw pointer to objects of the described class `target`
};

struct FieldLayout {
  std::string name;
  uint32_t offset = 0;  // from the start of the object (base classes' fields included)
  uint32_t size = 0;
  FieldKind kind = FieldKind::Other;
  ClassId target = 0;   // for Pointer
};

struct ClassLayout {
  uint32_t size = 0, align = 0;
  std::vector<FieldLayout> fields;  // in the description's order
};

// The id of a described class, registering it on first use (objgen/linearizer.hpp).
template <class T>
ClassId class_id();

namespace detail {

// Visits a default-constructed object and records where each described field lies.
class LayoutVisitor {
 public:
  LayoutVisitor(const void* object, size_t size, ClassLayout& out)
      : object_(static_cast<const char*>(object)), size_(size), out_(out) {}

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
    if constexpr (std::is_same_v<U, bool>) {
      f.kind = FieldKind::Bool;
    } else if constexpr (std::is_enum_v<U>) {
      f.kind = std::is_signed_v<std::underlying_type_t<U>> ? FieldKind::Signed : FieldKind::Unsigned;
    } else if constexpr (std::is_integral_v<U>) {
      f.kind = std::is_signed_v<U> ? FieldKind::Signed : FieldKind::Unsigned;
    } else if constexpr (std::is_pointer_v<U>) {
      using P = std::remove_cv_t<std::remove_pointer_t<U>>;
      if constexpr (!std::is_void_v<P> && is_described_v<P>) {
        f.kind = FieldKind::Pointer;
        f.target = class_id<P>();
      }
    }
    out_.fields.push_back(std::move(f));
  }
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
    out_.fields.push_back({name, inside ? static_cast<uint32_t>(p - object_) : 0,
                           inside ? static_cast<uint32_t>(size) : 1, FieldKind::Other, 0});
  }
  const char* object_;
  size_t size_;
  ClassLayout& out_;
};

// Objects a search can make: default-constructible, destructible (the layout's probe object is
// destroyed), not abstract.
template <class T>
inline constexpr bool searchable_v = std::is_default_constructible_v<T> && std::is_destructible_v<T> && !std::is_abstract_v<T>;

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
  if constexpr (searchable_v<T>) return ::new (at) T();
  else return nullptr;
}

}  // namespace detail
}  // namespace objgen
