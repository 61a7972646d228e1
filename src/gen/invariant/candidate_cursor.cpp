#include "gen/invariant/candidate_cursor.hpp"

#include <algorithm>
#include <cstring>

namespace objgen::invariant {

void CursorBlock::attach(void* memory, uint32_t field_count) {
  fields = field_count;
  auto* bytes = static_cast<uint8_t*>(memory);
  read = reinterpret_cast<uint32_t*>(bytes);
  values = bytes + 4 * size_t{field_count};
  seen = values + field_count;
}

void CursorBlock::clear() {
  depth = 0;
  frozen = 0;
  std::memset(values, 0, fields);
  std::memset(seen, 0, fields);
}

CandidateCursor::CandidateCursor(const FieldSpace& space, CursorBlock& block)
    : space_(space), block_(block), classes_(static_cast<uint32_t>(std::max<size_t>(1, space.classes.size()))) {
  info_.reserve(space.fields.size());
  for (const SpaceField& f : space.fields) {
    const Domain& d = space.domains[f.domain];
    bool objects = d.kind == Domain::Objects;
    uint8_t null_first = objects && d.null_allowed ? 1 : 0;
    int32_t base = objects ? static_cast<int32_t>(space.classes[d.class_domain].first_object) - null_first : 0;
    info_.push_back({d.size, objects ? static_cast<int32_t>(d.class_domain) : -1, null_first, base, f.element, static_cast<int32_t>(d.lo)});
    has_elements_ = has_elements_ || f.element >= 0;
  }
  prefix_max_.assign((space.fields.size() + 1) * classes_, -1);
  changed_.reserve(space.fields.size() + 1);
  visited_.assign(space.objects.size(), 0);
  visit_stack_.assign(2 * space.objects.size() + 2, 0);
}

int32_t CandidateCursor::max_before(uint32_t position, int32_t c) {
  // Row k holds the maxima over read[0..k); rows up to valid_rows_ are current (a read field's
  // value changes only while it is the last one read, which invalidates the rows after it).
  for (uint32_t k = valid_rows_; k < position; ++k) {
    const int32_t* from = &prefix_max_[size_t{k} * classes_];
    int32_t* to = &prefix_max_[size_t{k + 1} * classes_];
    std::copy(from, from + classes_, to);
    uint32_t f = block_.read[k];
    const FieldInfo& fi = info_[f];
    if (fi.class_domain >= 0) {
      int32_t index = static_cast<int32_t>(block_.values[f]) - fi.null_first;
      if (index > to[fi.class_domain]) to[fi.class_domain] = index;
    }
  }
  valid_rows_ = std::max(valid_rows_, position);
  return prefix_max_[size_t{position} * classes_ + static_cast<uint32_t>(c)];
}

bool CandidateCursor::advance() {
  changed_.clear();
  while (block_.depth > block_.frozen) {
    uint32_t position = block_.depth - 1;
    uint32_t f = block_.read[position];
    const FieldInfo& fi = info_[f];
    uint32_t v = block_.values[f];
    bool next_allowed = v + 1 < fi.size;
    if (next_allowed && fi.class_domain >= 0) {
      // From null the first object is always allowed; from object i, object i + 1 only when an
      // earlier read field holds object i or later of the same class.
      int32_t index = static_cast<int32_t>(v) - fi.null_first;
      if (index >= 0 && index > max_before(position, fi.class_domain)) next_allowed = false;
    }
    changed_.push_back(f);
    if (next_allowed) {
      block_.values[f] = static_cast<uint8_t>(v + 1);
      valid_rows_ = std::min(valid_rows_, position);
      return true;
    }
    block_.values[f] = 0;
    block_.seen[f] = 0;
    block_.depth = position;
    valid_rows_ = std::min(valid_rows_, position);
  }
  return false;
}

void CandidateCursor::truncate(uint32_t depth) {
  changed_.clear();
  for (uint32_t k = depth; k < block_.depth; ++k) {
    uint32_t f = block_.read[k];
    block_.values[f] = 0;
    block_.seen[f] = 0;
    changed_.push_back(f);
  }
  if (depth < block_.depth) block_.depth = depth;
  valid_rows_ = std::min(valid_rows_, block_.depth);
}

int64_t CandidateCursor::read_past_length(uint32_t from) const {
  if (!has_elements_) return -1;
  for (uint32_t k = from; k < block_.depth; ++k) {
    const uint32_t f = block_.read[k];
    const FieldInfo& fi = info_[f];
    if (fi.element < 0) continue;
    const uint32_t length = f - 1 - static_cast<uint32_t>(fi.element);
    if (fi.element >= info_[length].lo + block_.values[length]) return f;
  }
  return -1;
}

void CandidateCursor::add_unread_reachable_fields() {
  // Depth first from the root, each object's fields in order, an object's fields right after the
  // field that first reaches it (Korat's order); an explicit stack of (object, next field).
  if (++generation_ == 0) std::fill(visited_.begin(), visited_.end(), 0), generation_ = 1;
  const SpaceObject* objects = space_.objects.data();
  uint32_t* stack = visit_stack_.data();
  size_t top = 0;
  visited_[0] = generation_;
  stack[top++] = 0;
  stack[top++] = objects[0].first_field;
  while (top) {
    uint32_t object = stack[top - 2];
    uint32_t& next = stack[top - 1];
    const uint32_t end = objects[object].first_field + objects[object].field_count;
    bool descended = false;
    while (next < end && !descended) {
      uint32_t f = next++;
      if (info_[f].element >= 0) {
        const uint32_t length = f - 1 - static_cast<uint32_t>(info_[f].element);
        if (info_[f].element >= info_[length].lo + block_.values[length]) continue;
      }
      if (!block_.seen[f]) block_.seen[f] = 1, block_.read[block_.depth++] = f;
      const FieldInfo& fi = info_[f];
      if (fi.class_domain < 0 || block_.values[f] < fi.null_first) continue;
      uint32_t target = static_cast<uint32_t>(fi.object_base + block_.values[f]);
      if (visited_[target] == generation_) continue;
      visited_[target] = generation_;
      stack[top++] = target;
      stack[top++] = objects[target].first_field;
      descended = true;
    }
    if (!descended) top -= 2;
  }
}

}  // namespace objgen::invariant
