#include "gen/invariant/space_linearizer.hpp"

#include <algorithm>

#include "heap/words_fingerprint.hpp"

namespace objgen::invariant {
namespace {

bool is_word_field(FieldKind k) {
  return k == FieldKind::Signed || k == FieldKind::Unsigned || k == FieldKind::Bool || k == FieldKind::Pointer;
}

}  // namespace

bool SpaceLinearizer::applies(const FieldSpace& space, bool omits_fields) {
  if (omits_fields) return false;
  for (const SpaceObject& o : space.objects) {
    auto layout = space.layouts.find(o.cls);
    if (layout == space.layouts.end() || layout->second.fields.size() != o.field_count) return false;
    for (uint32_t k = 0; k < o.field_count; ++k) {
      const SpaceField& f = space.fields[o.first_field + k];
      if (f.layout != k || !is_word_field(layout->second.fields[k].kind)) return false;  // a vector's fields are not words
    }
  }
  return true;
}

SpaceLinearizer::SpaceLinearizer(const FieldSpace& space) : space_(space) {
  codes_.reserve(space.fields.size());
  for (const SpaceField& f : space.fields) {
    const Domain& d = space.domains[f.domain];
    if (d.kind == Domain::Objects) {
      const uint8_t null_first = d.null_allowed ? 1 : 0;
      codes_.push_back({static_cast<int32_t>(space.classes[d.class_domain].first_object) - null_first, 0, null_first});
      continue;
    }
    codes_.push_back({-1, static_cast<uint32_t>(scalar_words_.size()), 0});
    // The ranges fit their fields (finitization): the value read back, widened, is the number.
    for (uint32_t v = 0; v < d.size; ++v) scalar_words_.push_back(static_cast<uint64_t>(d.lo + static_cast<int64_t>(v)));
  }
  std::vector<ClassId> classes;
  for (const SpaceObject& o : space.objects) {
    auto at = std::find(classes.begin(), classes.end(), o.cls);
    class_of_object_.push_back(static_cast<uint32_t>(at - classes.begin()));
    if (at == classes.end()) classes.push_back(o.cls);
  }
  number_.assign(space.objects.size(), 0);
  stamp_.assign(space.objects.size(), 0);
  per_class_.assign(classes.size(), 0);
  queue_.assign(space.objects.size(), 0);
  words_.assign(space.fields.size(), 0);
}

bool SpaceLinearizer::run(const uint8_t* values, const uint8_t* seen) {
  if (++run_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0), run_ = 1;
  // Locals, not members: a store into one of the uint32_t arrays may alias run_ for all the
  // compiler knows, which made it reload the members after each one.
  const uint32_t run = run_;
  uint32_t* const stamp = stamp_.data();
  uint32_t* const number = number_.data();
  uint32_t* const queue = queue_.data();
  uint32_t* const per_class = per_class_.data();
  const uint32_t* const class_of = class_of_object_.data();
  const uint64_t* const scalars = scalar_words_.data();
  const SpaceObject* const objects = space_.objects.data();
  const FieldCode* const codes = codes_.data();
  std::fill_n(per_class, per_class_.size(), 0);
  uint64_t* out = words_.data();
  stamp[0] = run;
  number[0] = per_class[class_of[0]]++;
  queue[0] = 0;
  uint32_t queued = 1;
  uint32_t unread = 0;
  for (uint32_t next = 0; next < queued; ++next) {
    const SpaceObject& o = objects[queue[next]];
    for (uint32_t f = o.first_field, end = o.first_field + o.field_count; f < end; ++f) {
      unread |= seen[f] ^ 1u;
      const FieldCode c = codes[f];
      const uint32_t v = values[f];
      if (c.object_base < 0) {
        *out++ = scalars[c.first_word + v];
      } else if (v < c.null_first) {
        *out++ = 0;
      } else {
        const auto target = static_cast<uint32_t>(c.object_base + static_cast<int32_t>(v));
        if (stamp[target] != run) {  // first reached: numbered and queued
          stamp[target] = run;
          number[target] = per_class[class_of[target]]++;
          queue[queued++] = target;
        }
        *out++ = uint64_t{number[target]} + 1;
      }
    }
  }
  count_ = static_cast<size_t>(out - words_.data());
  return unread == 0;
}

Fingerprint SpaceLinearizer::fingerprint() const { return words_fingerprint(words(), space_.root); }

}  // namespace objgen::invariant
