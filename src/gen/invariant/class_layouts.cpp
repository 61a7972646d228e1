#include "gen/invariant/class_layouts.hpp"

#include <deque>
#include <set>
#include <stdexcept>

#include "io/byte_stream.hpp"

namespace objgen::invariant {
namespace {

bool points_to_objects(const FieldLayout& f) {
  return f.kind == FieldKind::Pointer || (f.kind == FieldKind::Vector && f.element_kind == FieldKind::Pointer);
}

void check_field(const FieldLayout& f, const ClassLayout& l) {
  if (f.kind > FieldKind::Vector || f.size == 0 || f.offset + uint64_t{f.size} > l.size)
    throw std::runtime_error("a field outside its object");
  if (f.kind != FieldKind::Other && f.kind != FieldKind::Pointer && f.kind != FieldKind::Vector && f.size > 8)
    throw std::runtime_error("an integer field of more than 8 bytes");
  if (f.kind == FieldKind::Pointer && f.size != sizeof(void*)) throw std::runtime_error("a pointer field of the wrong size");
  if (f.kind != FieldKind::Vector) return;
  if (f.size != 3 * sizeof(void*) || f.offset % alignof(void*) != 0) throw std::runtime_error("a vector field of the wrong size");
  bool scalar = f.element_kind == FieldKind::Signed || f.element_kind == FieldKind::Unsigned || f.element_kind == FieldKind::Bool;
  if (!(scalar && (f.element_size == 1 || f.element_size == 2 || f.element_size == 4 || f.element_size == 8)) &&
      !(f.element_kind == FieldKind::Pointer && f.element_size == sizeof(void*)))
    throw std::runtime_error("a vector's elements of a kind a search cannot write");
}

}  // namespace

ClassLayouts read_class_layouts(ClassId root) {
  ClassLayouts out;
  std::deque<ClassId> queue{root};
  std::set<ClassId> seen{root};
  while (!queue.empty()) {
    ClassId cls = queue.front();
    queue.pop_front();
    const ClassVTable& v = class_vtable(cls);
    out.names[cls] = v.name;
    ClassLayout layout;
    if (!v.layout || !v.layout(&layout)) continue;
    for (const FieldLayout& f : layout.fields)
      if (points_to_objects(f) && seen.insert(f.target).second) queue.push_back(f.target);
    out.layouts[cls] = std::move(layout);
  }
  return out;
}

std::string encode_class_layouts(const ClassLayouts& in) {
  ByteWriter w;
  w.put<uint32_t>(static_cast<uint32_t>(in.names.size()));
  for (const auto& [cls, name] : in.names) {
    w.put(cls);
    w.put_string(name);
    auto it = in.layouts.find(cls);
    w.put<bool>(it != in.layouts.end());
    if (it == in.layouts.end()) continue;
    const ClassLayout& l = it->second;
    w.put(l.size), w.put(l.align);
    w.put<uint32_t>(static_cast<uint32_t>(l.fields.size()));
    for (const FieldLayout& f : l.fields) {
      w.put_string(f.name);
      w.put(f.offset), w.put(f.size), w.put(f.kind), w.put(f.target);
      w.put(f.element_kind), w.put(f.element_size), w.put(f.enumeration), w.put(f.is_const);
    }
  }
  return w.take();
}

ClassLayouts decode_class_layouts(const std::string& bytes) {
  ByteReader r(bytes);
  ClassLayouts out;
  uint32_t classes = r.get<uint32_t>();
  if (classes > r.left() / 10) throw std::runtime_error("a class count past the end");
  for (uint32_t c = 0; c < classes; ++c) {
    ClassId cls = r.get<ClassId>();
    out.names[cls] = r.get_string();
    if (!r.get<bool>()) continue;
    ClassLayout l;
    l.size = r.get<uint32_t>(), l.align = r.get<uint32_t>();
    if (l.size == 0 || l.size > (1u << 24) || l.align == 0 || (l.align & (l.align - 1)) || l.align > 4096)
      throw std::runtime_error("a class size or alignment out of range");
    uint32_t n = r.get<uint32_t>();
    if (n > r.left() / 8) throw std::runtime_error("a field count past the end");
    for (uint32_t k = 0; k < n; ++k) {
      FieldLayout f;
      f.name = r.get_string();
      f.offset = r.get<uint32_t>(), f.size = r.get<uint32_t>();
      f.kind = r.get<FieldKind>(), f.target = r.get<ClassId>();
      f.element_kind = r.get<FieldKind>(), f.element_size = r.get<uint32_t>(), f.enumeration = r.get<bool>();
      f.is_const = r.get<bool>();
      check_field(f, l);
      l.fields.push_back(std::move(f));
    }
    out.layouts[cls] = std::move(l);
  }
  if (!r.done()) throw std::runtime_error("bytes after the layouts");
  for (const auto& [cls, l] : out.layouts)
    for (const FieldLayout& f : l.fields)
      if (points_to_objects(f) && !out.names.count(f.target)) throw std::runtime_error("a pointer to a class not described");
  return out;
}

}  // namespace objgen::invariant
