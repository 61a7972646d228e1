#include "heap/state_store.hpp"

namespace objgen {
namespace {
// A fingerprint of all zeroes marks an empty slot; remap the (astronomically unlikely) real one.
Fingerprint stored_form(Fingerprint fp) {
  if (fp.lo == 0 && fp.hi == 0) fp.lo = 1;
  return fp;
}
}  // namespace

const uint32_t* FingerprintSet::find(const Fingerprint& raw) const {
  Fingerprint fp = stored_form(raw);
  size_t mask = slots_.size() - 1;
  for (size_t i = fp.lo & mask;; i = (i + 1) & mask) {
    const Entry& e = slots_[i];
    if (e.fp.lo == 0 && e.fp.hi == 0) return nullptr;
    if (e.fp == fp) return &e.id;
  }
}

bool FingerprintSet::insert(const Fingerprint& raw, uint32_t id) {
  if ((size_ + 1) * 10 > slots_.size() * 7) rehash(slots_.size() * 2);
  Fingerprint fp = stored_form(raw);
  size_t mask = slots_.size() - 1;
  for (size_t i = fp.lo & mask;; i = (i + 1) & mask) {
    Entry& e = slots_[i];
    if (e.fp.lo == 0 && e.fp.hi == 0) {
      e = {fp, id};
      ++size_;
      return true;
    }
    if (e.fp == fp) return false;
  }
}

void FingerprintSet::reserve(size_t n) {
  size_t capacity = slots_.size();
  while (n * 10 > capacity * 7) capacity *= 2;
  if (capacity != slots_.size()) rehash(capacity);
}

size_t FingerprintSet::bytes_to_hold(size_t n) const {
  size_t capacity = slots_.size();
  while (n * 10 > capacity * 7) capacity *= 2;
  return capacity == slots_.size() ? 0 : capacity * sizeof(Entry);
}

void FingerprintSet::rehash(size_t capacity) {
  std::vector<Entry> old(capacity);
  old.swap(slots_);
  size_t mask = slots_.size() - 1;
  for (const Entry& e : old) {
    if (e.fp.lo == 0 && e.fp.hi == 0) continue;
    size_t i = e.fp.lo & mask;
    while (!(slots_[i].fp.lo == 0 && slots_[i].fp.hi == 0)) i = (i + 1) & mask;
    slots_[i] = e;
  }
}

uint32_t StateStore::add_sequence(uint32_t op, std::span<const ArgRef> args) {
  uint32_t first = static_cast<uint32_t>(args.empty() ? args_.size() : args_.append(args.data(), args.size()));
  return static_cast<uint32_t>(sequences_.push_back({op, first}));
}

uint32_t StateStore::add_state(const Fingerprint& fp, uint32_t sequence, uint8_t slot, ClassId cls,
                               uint16_t iteration) {
  uint32_t id = static_cast<uint32_t>(states_.size());
  if (sealed_.find(fp) || !fresh_.insert(fp, id)) return UINT32_MAX;
  states_.push_back({sequence, slot, cls, iteration});
  if (cls >= by_class_.size()) by_class_.resize(cls + 1);
  by_class_[cls].push_back(id);
  return id;
}

const std::vector<uint32_t>& StateStore::states_of(ClassId cls) const {
  static const std::vector<uint32_t> empty;
  return cls < by_class_.size() ? by_class_[cls] : empty;
}

void StateStore::seal() {
  // Without room made first, copying one table into a smaller one in slot order piles the
  // entries into long probe runs (quadratic).
  sealed_.reserve(sealed_.size() + fresh_.size());
  fresh_.for_each([this](const Fingerprint& fp, uint32_t id) { sealed_.insert(fp, id); });
  fresh_ = FingerprintSet();
}

size_t StateStore::growth_bytes_ahead() const {
  // "Near": within a tenth of the table (far more than a quarter second of inserts).
  size_t fresh_soon = fresh_.bytes_to_hold(fresh_.size() + fresh_.capacity() / 10);
  size_t seal = sealed_.bytes_to_hold(sealed_.size() + fresh_.size());
  size_t lists = 0;
  for (const auto& v : by_class_)
    if (v.size() * 10 > v.capacity() * 9) lists += 2 * v.capacity() * sizeof(uint32_t);
  return fresh_soon + seal + lists;
}

size_t StateStore::memory_bytes() const {
  size_t n = sealed_.memory_bytes() + fresh_.memory_bytes() + states_.memory_bytes() +
             sequences_.memory_bytes() + args_.memory_bytes();
  for (const auto& v : by_class_) n += v.capacity() * sizeof(uint32_t);
  return n;
}

}  // namespace objgen
