#include "gen/invariant/object_arena.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "objgen/class_registry.hpp"

namespace objgen::invariant {
namespace {
constexpr size_t kGuardBytes = 8;  // a guard slot: the widest element (a pointer, an int64)
}  // namespace

ObjectArena::ObjectArena(const FieldSpace& space) {
  std::vector<size_t> offsets;
  size_t align = 64;
  for (const SpaceObject& o : space.objects) {
    const ClassLayout& l = space.layouts.at(o.cls);
    bytes_ = (bytes_ + l.align - 1) / l.align * l.align;
    offsets.push_back(bytes_);
    bytes_ += l.size;
    align = std::max<size_t>(align, l.align);
  }
  // A vector's elements live in the block too (their reads are traced like fields'), after the
  // objects: the vector is pointed at them, never at storage of its own. A guard slot follows
  // each one's storage: reading it is reading past the vector's capacity.
  std::vector<size_t> storage(space.fields.size(), 0);
  guard_of_.assign(space.fields.size(), 0);
  for (uint32_t f = 0; f < space.fields.size(); ++f) {
    const SpaceField& sf = space.fields[f];
    if (sf.kind != FieldKind::Vector) continue;
    bytes_ = (bytes_ + 7) / 8 * 8;
    storage[f] = bytes_;
    bytes_ += sf.elements ? size_t{sf.elements} * space.fields[f + 1].size : 0;
    guard_of_[f] = static_cast<uint32_t>(bytes_);
    bytes_ += kGuardBytes;
  }
  if (space.fields.size() >= 0xffff) throw std::runtime_error("more than 65534 fields in the candidate vector");
  bytes_ = (bytes_ + align - 1) / align * align;
  // Where the load hooks look for objects (cover/trace_window.hpp): page-aligned, zeroed; a
  // class's alignment is at most a page (class_layouts).
  block_ = std::make_unique<cover::TraceWindowBlock>(bytes_);
  for (size_t i = 0; i < space.objects.size(); ++i) {
    const ClassVTable& v = class_vtable(space.objects[i].cls);
    if (!v.construct_at) throw std::runtime_error(v.name + " cannot be default-constructed in this process");
    objects_.push_back(v.construct_at(memory() + offsets[i]));
  }
  field_at_.assign(bytes_, 0);
  for (uint32_t f = 0; f < space.fields.size(); ++f) add_slot(space, f, storage);
  for (uint32_t guard : guard_of_)
    if (guard) std::fill_n(field_at_.begin() + guard, kGuardBytes, cover::kGuardByte);
}

void ObjectArena::add_slot(const FieldSpace& space, uint32_t f, const std::vector<size_t>& storage) {
  const SpaceField& sf = space.fields[f];
  char* at = static_cast<char*>(objects_[sf.object]) + sf.offset;
  uint32_t traced = sf.size;  // the bytes whose loads read the field
  uint64_t length_base = 0, element_size = 0;
  if (sf.kind == FieldKind::Vector) {
    // begin, end, end of storage: a candidate writes only the end (its length).
    char* elements = memory() + storage[f];
    element_size = sf.elements ? space.fields[f + 1].size : 0;
    char* words[3] = {elements, elements, elements + sf.elements * element_size};
    std::memcpy(at, words, sizeof words);
    length_base = reinterpret_cast<uint64_t>(elements);
    at += sizeof(char*);
    slots_.push_back({at, sizeof(char*), static_cast<uint32_t>(words_.size())});
    at -= sizeof(char*);
  } else if (sf.element >= 0) {
    const uint32_t vector = f - 1 - static_cast<uint32_t>(sf.element);
    at = memory() + storage[vector] + size_t{static_cast<uint32_t>(sf.element)} * sf.size;
    slots_.push_back({at, sf.size, static_cast<uint32_t>(words_.size())});
  } else {
    slots_.push_back({at, sf.size, static_cast<uint32_t>(words_.size())});
  }
  std::fill_n(field_at_.begin() + (at - memory()), traced, static_cast<uint16_t>(f + 1));
  field_end_.push_back(static_cast<uint32_t>(at - memory()) + traced);
  const Domain& d = space.domains[sf.domain];
  for (uint32_t v = 0; v < d.size; ++v) {
    if (sf.kind == FieldKind::Vector) {
      words_.push_back(length_base + static_cast<uint64_t>(d.lo + v) * element_size);
    } else if (d.kind == Domain::Ints) {
      words_.push_back(static_cast<uint64_t>(d.lo + v));
    } else {
      int32_t o = d.object_of(v);
      words_.push_back(o < 0 ? 0
                             : reinterpret_cast<uint64_t>(objects_[space.classes[d.class_domain].first_object + static_cast<uint32_t>(o)]));
    }
  }
}

ObjectArena::~ObjectArena() = default;

void ObjectArena::write_all(const uint8_t* values) {
  for (uint32_t f = 0; f < slots_.size(); ++f) write_field(f, values[f]);
}

cover::LoadTrace ObjectArena::trace(CursorBlock& block) {
  return {
      reinterpret_cast<uintptr_t>(memory()), bytes_, field_at_.data(), field_end_.data(), block.seen, block.read, &block.depth, &alarms_};
}

std::string ObjectArena::describe_alarm(const FieldSpace& space, const uint8_t* values) {
  auto vector_of_guard = [&](uint32_t offset) {
    uint32_t f = 0;
    for (uint32_t g = 0; g < guard_of_.size(); ++g)
      if (guard_of_[g] && guard_of_[g] <= offset) f = g;
    return space.member_name(f);
  };
  std::string what;
  if (alarms_.written) {
    const uint32_t offset = alarms_.written - 1;
    const uint16_t mark = field_at_[offset];
    what =
        mark == cover::kGuardByte
            ? "the invariant wrote past the storage of " + vector_of_guard(offset) + " (outside the object: undefined behaviour)"
            : "the invariant wrote " + space.field_name(mark - 1u) + " of the candidate it judges (its answer is not about that candidate)";
    write_all(values);
  } else {
    what = "the invariant read past the storage of " + vector_of_guard(alarms_.past_guard - 1) +
           " (past its capacity, outside the object: undefined behaviour)";
  }
  alarms_ = {};
  return what;
}

}  // namespace objgen::invariant
