#include "objgen/linearizer.hpp"

#include "heap/words_fingerprint.hpp"

// Inlined: a call into the shared library per fingerprint, for a few hundred bytes, was not.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace objgen {

Linearizer::Linearizer(uint32_t scope, std::shared_ptr<const std::regex> omit) : scope_(scope), omit_(std::move(omit)), ids_(256) {
  out_.resize(256);
  capacity_ = static_cast<uint32_t>(out_.size());
  queue_.resize(64);
  queue_capacity_ = static_cast<uint32_t>(queue_.size());
}

bool Linearizer::run(ClassId cls, const void* root) {
  n_ = 0;
  events_.clear();
  queued_ = 0;
  stop_ = oos_ = opaque_ = false;
  nested_values_ = 0;
  pointees_.clear();
  broken_.clear();
  std::fill(count_.begin(), count_.end(), 0);
  if (++generation_ == 0) {  // stamp wrapped: really clear once every 2^32 runs
    for (auto& s : ids_) s.generation = 0;
    generation_ = 1;
  }
  used_ = 0;
  queued_bits_ = 0;
  hashed_ = false;
  index_from_ = kLinearLimit;
  identify(cls, root);
  for (size_t next = 0; next < queued_ && !stop_;) next = class_vtable_cache(queue_[next].cls).visit_queued(*this, next);
  return !oos_ && broken_.empty();
}

// Without the size in the message: findings are kept once per operation and message.
void Linearizer::size_mismatch(bool more) {
  stop_ = true;
  broken_ = "iterating a container in " + class_vtable_cache(frame_.cls).name + " gives " + (more ? "more" : "fewer") +
            " elements than its size()";
}

void Linearizer::grow_output() {
  out_.resize(out_.size() * 2);
  capacity_ = static_cast<uint32_t>(out_.size());
}

Linearizer::Cursor Linearizer::grow_output_at(uint64_t* out) {
  n_ = static_cast<uint32_t>(out - out_.data());
  grow_output();
  return {out_.data() + n_, out_.data() + capacity_};
}

const ClassVTable& Linearizer::class_vtable_cache(ClassId cls) {
  if (cls >= vtables_.size()) vtables_.resize(cls + 1, nullptr);
  if (!vtables_[cls]) vtables_[cls] = &class_vtable(cls);
  return *vtables_[cls];
}

void Linearizer::grow_counts(ClassId cls) {
  count_.resize(size_t{cls} + 8, 0);
  count_size_ = static_cast<uint32_t>(count_.size());
}

void Linearizer::grow_queue() {
  queue_.resize(queue_.size() * 2);
  queue_capacity_ = static_cast<uint32_t>(queue_.size());
}

void Linearizer::index_queued() {
  if (hashed_) {
    index_address(queue_[queued_ - 1]);
    return;
  }
  hashed_ = true;
  index_from_ = 0;  // every object from now on
  for (uint32_t i = 0; i < queued_; ++i) index_address(queue_[i]);
}

void Linearizer::index_address(const Pending& p) {
  if ((used_ + 1) * 2 >= ids_.size()) {
    std::vector<Slot> old(ids_.size() * 2);
    old.swap(ids_);
    used_ = 0;
    for (const Slot& s : old)
      if (s.generation == generation_) index_address({s.cls, s.number, s.ptr});
  }
  size_t mask = ids_.size() - 1;
  size_t h = (reinterpret_cast<uintptr_t>(p.ptr) * 0x9E3779B97F4A7C15ull) >> 17;
  while (ids_[h & mask].generation == generation_) ++h;
  ids_[h & mask] = {p.ptr, generation_, p.cls, p.object};
  ++used_;
}

uint32_t Linearizer::identify_hashed(ClassId cls, const void* ptr) {
  size_t mask = ids_.size() - 1;
  for (size_t h = (reinterpret_cast<uintptr_t>(ptr) * 0x9E3779B97F4A7C15ull) >> 17;; ++h) {
    const Slot& s = ids_[h & mask];
    if (s.generation != generation_) return add_object(cls, ptr);
    if (s.ptr == ptr && s.cls == cls) return s.number;
  }
}

bool Linearizer::decide_omitted(ClassId cls, uint32_t idx, const char* name) {
  std::string qualified = class_vtable_cache(cls).name + "." + name;
  bool omit = std::regex_match(name, *omit_) || std::regex_match(qualified, *omit_);
  if (idx < kOmitStride) {
    if (cls >= omit_bits_.size()) omit_bits_.resize(size_t{cls} + 1);
    omit_bits_[cls].decided |= uint32_t{1} << idx;
    if (omit) omit_bits_[cls].omitted |= uint32_t{1} << idx;
  }
  return omit;
}

void Linearizer::learn_omit_mask(ClassId cls, uint32_t fields) {
  if (fields > kOmitStride) return;
  if (cls >= omit_bits_.size()) omit_bits_.resize(size_t{cls} + 1);
  OmitBits& b = omit_bits_[cls];
  uint32_t all = fields == kOmitStride ? ~uint32_t{0} : (uint32_t{1} << fields) - 1;
  b.complete = (b.decided & all) == all;
  b.fields = fields;
}

void Linearizer::record(const Frame& f, const char* name, uint32_t begin) {
  events_.push_back({f.cls, f.object, name, begin, static_cast<uint32_t>(n_), last_pointer_class_ != kNoClass, last_pointer_class_});
}

void Linearizer::put_string(std::string_view s) {
  emit(s.size());
  uint64_t w = 0;
  size_t k = 0;
  for (unsigned char c : s) {
    w |= uint64_t{c} << (8 * k);
    if (++k == 8) {
      emit(w);
      w = 0;
      k = 0;
    }
  }
  if (k) emit(w);
}

void Linearizer::sort_elements(uint32_t first_word, size_t outer) {
  const uint32_t* starts = starts_.data() + outer;
  const size_t count = starts_.size() - outer;
  auto end_of = [&](size_t i) { return i + 1 < count ? starts[i + 1] : n_; };
  auto less = [&](uint32_t ab, uint32_t ae, uint32_t bb, uint32_t be) {
    return std::lexicographical_compare(out_.begin() + ab, out_.begin() + ae, out_.begin() + bb, out_.begin() + be);
  };
  // Most sets met are in order already (small ints hashed to themselves, or a probe that found
  // no order at all): one pass answers them.
  bool in_order = true;
  for (size_t i = 1; i < count && in_order; ++i) in_order = !less(starts[i], end_of(i), starts[i - 1], starts[i]);
  if (in_order) return;
  struct Element {
    uint32_t b, e;
  };
  std::vector<Element> elements(count);
  for (size_t i = 0; i < count; ++i) elements[i] = {starts[i], end_of(i)};
  std::sort(elements.begin(), elements.end(), [&](Element x, Element y) { return less(x.b, x.e, y.b, y.e); });
  sorted_.clear();
  for (Element r : elements) sorted_.insert(sorted_.end(), out_.begin() + r.b, out_.begin() + r.e);
  std::copy(sorted_.begin(), sorted_.end(), out_.begin() + first_word);
}

// Unseeded: a seed makes XXH3 derive a secret per call for inputs over 240 bytes (a list of 8
// nodes), which cost as much as the hashing. The class is mixed into both halves afterwards by
// odd multiples: equal words of two classes still give two fingerprints, whose high halves
// (where a cache of fingerprints picks its slot) differ too.
Fingerprint words_fingerprint(std::span<const uint64_t> words, ClassId root_class) {
  XXH128_hash_t h = XXH3_128bits(words.data(), words.size() * sizeof(uint64_t));
  uint64_t c = uint64_t{root_class} + 1;
  return {h.low64 + c * 0x9E3779B97F4A7C15ull, h.high64 + c * 0xC2B2AE3D27D4EB4Full};
}

Fingerprint Linearizer::fingerprint(ClassId cls) const { return words_fingerprint({out_.data(), n_}, cls); }

std::vector<const void*> Linearizer::reached_addresses() const {
  std::vector<const void*> out;
  for (uint32_t i = 0; i < queued_; ++i) out.push_back(queue_[i].ptr);
  return out;
}

}  // namespace objgen
