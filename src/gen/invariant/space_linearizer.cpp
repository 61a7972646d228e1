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
      if (f.layout != k || f.element >= 0 || !is_word_field(f.kind) || !is_word_field(layout->second.fields[k].kind)) return false;
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
  std::fill(per_class_.begin(), per_class_.end(), 0);
  const SpaceObject* objects = space_.objects.data();
  const FieldCode* codes = codes_.data();
  uint64_t* out = words_.data();
  uint32_t queued = 0;
  auto number = [&](uint32_t object) {
    if (stamp_[object] != run_) {
      stamp_[object] = run_;
      number_[object] = per_class_[class_of_object_[object]]++;
      queue_[queued++] = object;
    }
    return number_[object];
  };
  number(0);
  uint8_t unread = 0;
  for (uint32_t next = 0; next < queued; ++next) {
    const SpaceObject& o = objects[queue_[next]];
    for (uint32_t f = o.first_field, end = o.first_field + o.field_count; f < end; ++f) {
      unread |= static_cast<uint8_t>(seen[f] ^ 1);
      const FieldCode& c = codes[f];
      const uint32_t v = values[f];
      if (c.object_base < 0)
        *out++ = scalar_words_[c.first_word + v];
      else
        *out++ = v < c.null_first ? 0 : uint64_t{number(static_cast<uint32_t>(c.object_base + static_cast<int32_t>(v)))} + 1;
    }
  }
  count_ = static_cast<size_t>(out - words_.data());
  return unread == 0;
}

Fingerprint SpaceLinearizer::fingerprint() const { return words_fingerprint(words(), space_.root); }

}  // namespace objgen::invariant
