// The bounds of a search from an invariant (Korat's finitization) and the candidate vector they
// make: which objects exist, which of their fields the search assigns, and the values each may
// take.
//
// The root object (one, of the target class) comes first, then the objects of each class its
// pointer fields reach, in the order a breadth-first walk over the classes' pointer fields first
// meets them; each object's fields in the order they are described (OBJGEN_FIELDS), object after
// object. That is Korat's layout when its finitization sets the fields in the same order.
// Pointer fields take null or one of the objects of their class; integers, enumerations and
// bools take a range of values. A vector is its length (0..scope unless said) followed by one
// field per element up to the largest length, as Korat lays out an array. Fields of other kinds
// are left as the default constructor made them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "objgen/object_layout.hpp"

namespace objgen::invariant {

// What a user says (CLI options or a finitization file); every field unnamed gets the default.
struct Finitization {
  int scope = 3;  // objects per class besides the root; ints 0..scope-1
  // "Class=N" or "N" for every class: objects of a class (its short or full name).
  std::map<std::string, int> objects;
  // "field", "Class::field" or "Class.field" (short or full class name) -> inclusive range.
  std::map<std::string, std::pair<int64_t, int64_t>> ranges;
  // Pointer fields that may not be null ("Class::field" or "field").
  std::vector<std::string> not_null;
  // A finitization file's counts and ranges: below the ones above, which win for the same class or
  // field however either names it.
  std::map<std::string, int> file_objects;
  std::map<std::string, std::pair<int64_t, int64_t>> file_ranges;
};

// "List::Node" -> "Node": the name objects of a class are numbered by ("Node#0").
std::string short_class_name(const std::string& name);

// Parses "lo..hi" (or one value); throws std::invalid_argument naming the text.
std::pair<int64_t, int64_t> parse_range(const std::string& text);

struct Domain {
  enum Kind : uint8_t { Objects, Ints } kind = Ints;
  ClassId cls = 0;            // Objects: the class of the objects
  uint32_t class_domain = 0;  // Objects: index into FieldSpace::classes
  bool null_allowed = true;   // Objects: value 0 is null
  int64_t lo = 0, hi = 0;     // Ints
  uint32_t size = 0;          // how many values
  // The object a value index stands for within its class (-1: null, or not an object).
  int32_t object_of(uint32_t value) const {
    if (kind != Objects) return -1;
    if (null_allowed) return value == 0 ? -1 : static_cast<int32_t>(value) - 1;
    return static_cast<int32_t>(value);
  }
};

struct SpaceClass {
  ClassId cls = 0;
  std::string name;
  uint32_t count = 0;         // objects of it in the space (the root not counted)
  uint32_t first_object = 0;  // index of its first object in FieldSpace::objects
};

struct SpaceObject {
  ClassId cls = 0;
  int32_t class_domain = -1;                  // -1 for the root
  uint32_t index = 0;                         // within its class domain
  uint32_t first_field = 0, field_count = 0;  // its fields in FieldSpace::fields
};

struct SpaceField {
  uint32_t object = 0;                 // index into FieldSpace::objects
  uint32_t layout = 0;                 // index into the class layout's fields
  uint32_t domain = 0;                 // index into FieldSpace::domains
  uint32_t offset = 0, size = 0;       // within the object (an element: its vector's)
  FieldKind kind = FieldKind::Signed;  // Vector: the vector's length; an element: its own kind
  uint32_t elements = 0;               // Vector: the element fields right after it
  int32_t element = -1;                // an element: its index (its vector's length is field `this - 1 - element`)
};

struct FieldSpace {
  ClassId root = 0;
  std::vector<SpaceClass> classes;   // class domains, in order
  std::vector<SpaceObject> objects;  // objects[0] is the root
  std::vector<SpaceField> fields;    // the candidate vector
  std::vector<Domain> domains;
  std::map<ClassId, ClassLayout> layouts;
  std::map<ClassId, std::string> names;
  // "Class::field" of the fields no candidate assigns (not an integer, bool, enum or raw pointer
  // to a described class): they keep what the default constructor made.
  std::vector<std::string> left_as_constructed;

  // "BinomialHeap.head", "Node#2.next" (objects numbered within their class), "Heap.array.size",
  // "Heap.array[3]".
  std::string field_name(uint32_t field) const;
  // The data member the field belongs to: "Heap.array" for both of the last two.
  std::string member_name(uint32_t field) const;
  std::string object_name(uint32_t object) const;
  // The value of field `field` at index `value`, as C++ text ("nullptr", "node2", "5").
  std::string value_text(uint32_t field, uint32_t value) const;
  // Marks in `reached` (one entry per object) the objects reachable from the root through the
  // pointer fields (and the elements within their vectors' lengths) of candidate `values`.
  void reachable(const uint8_t* values, std::vector<uint8_t>& reached) const;
  // Whether field f of candidate `values` is part of the structure: its object reachable, and an
  // element within its vector's length.
  bool in_structure(uint32_t f, const uint8_t* values, const std::vector<uint8_t>& reached) const;
  // log10 of the number of candidate vectors (without pruning).
  double log10_candidates() const;
};

using LayoutOf = std::function<const ClassLayout*(ClassId)>;
using NameOf = std::function<std::string(ClassId)>;

// Builds the space for `root`. Throws std::invalid_argument with a message naming the problem:
// a class without a layout (no default constructor), a range naming no field, a range of more
// than 256 values, an empty space.
FieldSpace build_field_space(ClassId root, const Finitization& fin, const LayoutOf& layout_of, const NameOf& name_of);

}  // namespace objgen::invariant
