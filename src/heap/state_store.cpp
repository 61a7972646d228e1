#include "heap/state_store.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace objgen {
namespace {
// What a slot keeps: the high word cut to 32 bits. A fingerprint of all zeroes marks an empty
// slot; remap the (astronomically unlikely) real one.
Fingerprint stored_form(Fingerprint fp) {
  fp.hi &= 0xffffffffu;
  if (fp.lo == 0 && fp.hi == 0) fp.lo = 1;
  return fp;
}
}  // namespace

const uint32_t* FingerprintSet::find(const Fingerprint& raw) const {
  Fingerprint fp = stored_form(raw);
  size_t mask = slots_.size() - 1;
  for (size_t i = fp.lo & mask;; i = (i + 1) & mask) {
    const Entry& e = slots_[i];
    if (e.empty()) return nullptr;
    if (e.holds(fp.lo, static_cast<uint32_t>(fp.hi))) return &e.id;
  }
}

bool FingerprintSet::insert(const Fingerprint& fp, uint32_t id) {
  bool inserted = false;
  find_or_insert(fp, id, &inserted);
  return inserted;
}

uint32_t* FingerprintSet::find_or_insert(const Fingerprint& raw, uint32_t id, bool* inserted) {
  if ((size_ + 1) * 10 > slots_.size() * 7) rehash(slots_.size() * 2);
  Fingerprint fp = stored_form(raw);
  size_t mask = slots_.size() - 1;
  for (size_t i = fp.lo & mask;; i = (i + 1) & mask) {
    Entry& e = slots_[i];
    *inserted = e.empty();
    if (e.empty()) {
      e = {fp.lo, static_cast<uint32_t>(fp.hi), id};
      ++size_;
      return &e.id;
    }
    if (e.holds(fp.lo, static_cast<uint32_t>(fp.hi))) return &e.id;
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

void FingerprintSet::insert_all(const FingerprintSet& other) {
  reserve(size_ + other.size_);
  place_all(other.slots_);
}

void FingerprintSet::rehash(size_t capacity) {
  std::vector<Entry> old(capacity);
  old.swap(slots_);
  size_ = 0;
  place_all(old);
}

// Every entry of `from` goes to its first free slot here, with the slots of the entries sixteen
// ahead loading meanwhile (each is a cache miss in a large table).
void FingerprintSet::place_all(const std::vector<Entry>& from) {
  constexpr size_t kAhead = 16;
  size_t mask = slots_.size() - 1;
  for (size_t i = 0; i < from.size(); ++i) {
    if (i + kAhead < from.size() && !from[i + kAhead].empty()) __builtin_prefetch(&slots_[from[i + kAhead].lo & mask]);
    const Entry& e = from[i];
    if (e.empty()) continue;
    size_t at = e.lo & mask;
    while (!slots_[at].empty()) at = (at + 1) & mask;
    slots_[at] = e;
    ++size_;
  }
}

uint32_t StateStore::add_sequence(uint32_t op, std::span<const ArgRef> args) {
  uint32_t first = static_cast<uint32_t>(args.empty() ? args_.size() : args_.append(args.data(), args.size()));
  return static_cast<uint32_t>(sequences_.push_back({op, first}));
}

uint32_t StateStore::add_state(const Fingerprint& fp, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration) {
  if (sealed_.find(fp)) return UINT32_MAX;
  return add_unsealed_state(fp, sequence, slot, cls, iteration);
}

uint32_t StateStore::add_unsealed_state(const Fingerprint& fp, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration) {
  return add_decided_state(fp, sequence, slot, cls, iteration, true);
}

uint32_t StateStore::add_decided_state(const Fingerprint& fp, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration, bool owned,
                                       bool held) {
  uint32_t id = count_;
  if (!iteration_starts_.empty() && iteration < iteration_starts_.back().iteration)
    throw std::logic_error("objgen: a state of iteration " + std::to_string(iteration) + " added after iteration " +
                           std::to_string(iteration_starts_.back().iteration));
  if (owned && !fresh_.insert(fp, id)) return UINT32_MAX;
  add_record(fp, id, sequence, slot, cls, iteration, held || !sparse_);
  return id;
}

void StateStore::add_record(const Fingerprint& fp, uint32_t id, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration,
                            bool held) {
  if (iteration_starts_.empty() || iteration != iteration_starts_.back().iteration) iteration_starts_.push_back({id, iteration});
  ++count_;
  if (sparse_) mark_held(id, held);
  if (held) states_.push_back({sequence, slot, cls});
  if (check_values_on_ && has_check_value(id)) check_values_.push_back(static_cast<uint32_t>(fp.lo));
  if (cls >= by_class_.size()) by_class_.resize(cls + 1);
  std::vector<uint32_t>& list = by_class_[cls];
  // Growing by a quarter, not doubling: the list is a tenth of a state's bytes either way, but
  // a doubled one carries up to half of itself unused.
  if (list.size() == list.capacity()) list.reserve(list.size() + std::max<size_t>(list.size() / 4, 1024));
  list.push_back(id);
}

void StateStore::mark_held(uint32_t id, bool held) {
  size_t word = id >> 6;
  if (word == held_words_.size()) {
    uint32_t before = word == 0 ? 0 : held_before_[word - 1] + static_cast<uint32_t>(std::popcount(held_words_[word - 1]));
    held_words_.push_back(0);
    held_before_.push_back(before);
  }
  if (held) __atomic_fetch_or(&held_words_[word], uint64_t{1} << (id & 63), __ATOMIC_RELAXED);
}

void StateStore::add_dense(const Call& c) {
  Densified& d = *dense_;
  uint32_t first = static_cast<uint32_t>(c.args.empty() ? d.args.size() : d.args.append(c.args.data(), c.args.size()));
  uint32_t sequence = static_cast<uint32_t>(d.sequences.push_back({c.op, first}));
  d.states.push_back({sequence, c.slot, c.cls});
}

// The records of held states are in id order, and so are their calls and arguments: what lies
// below the last passed state's is not read again.
void StateStore::release_passed(uint32_t id) {
  size_t at = local_index(id);
  const StateRecord& rec = states_[at];
  size_t args_begin = sequences_[rec.sequence].args_begin;
  args_.release_below(args_begin);
  sequences_.release_below(rec.sequence);
  states_.release_below(at);
}

void StateStore::densify_done() {
  if (!dense_) dense_ = std::make_unique<Densified>();  // a store without states
  if (dense_->next != count_) throw std::logic_error("objgen: StateStore::densify_done before every state");
  states_ = std::move(dense_->states);
  sequences_ = std::move(dense_->sequences);
  args_ = std::move(dense_->args);
  dense_.reset();
  sparse_ = false;
  held_words_ = AppendOnlyArray<uint64_t>();
  held_before_ = AppendOnlyArray<uint32_t>();
}

const std::vector<uint32_t>& StateStore::states_of(ClassId cls) const {
  static const std::vector<uint32_t> empty;
  return cls < by_class_.size() ? by_class_[cls] : empty;
}

void StateStore::seal() {
  // Without room made first, copying one table into a smaller one in slot order piles the
  // entries into long probe runs (quadratic).
  sealed_.insert_all(fresh_);
  fresh_ = FingerprintSet();
}

// Arrays are written element by element, gaps included: appending them one at a time in order
// puts every element back at its index (a single append never skips to the next block).
template <class T>
void save_array(ByteWriter& w, const AppendOnlyArray<T>& a) {
  w.put<uint64_t>(a.size());
  for (size_t i = 0; i < a.size(); ++i) w.put(a[i]);
}

template <class T>
void load_array(ByteReader& r, AppendOnlyArray<T>& a) {
  uint64_t n = r.get<uint64_t>();
  if (n > r.left() / sizeof(T)) throw std::runtime_error("a state store array longer than its data");
  for (uint64_t i = 0; i < n; ++i) a.push_back(r.get<T>());
}

void StateStore::save(ByteWriter& w) const {
  save_records(w);
  save_fingerprints(w);
}

void StateStore::load(ByteReader& r) {
  load_records(r);
  size_t fps = load_fingerprints(r, [](const Fingerprint&, uint32_t) { return true; });
  if (fps != states_.size())
    throw std::runtime_error("a state store with " + std::to_string(states_.size()) + " states and " + std::to_string(fps) +
                             " fingerprints");
}

void StateStore::save_records(ByteWriter& w) const {
  if (fresh_.size() != 0) throw std::logic_error("objgen: StateStore::save before seal()");
  if (sparse_) throw std::logic_error("objgen: StateStore::save of a store that holds only some records");
  save_array(w, states_);
  save_array(w, sequences_);
  save_array(w, args_);
  w.put<uint64_t>(iteration_starts_.size());
  for (const IterationStart& s : iteration_starts_) w.put(s);
}

void StateStore::load_records(ByteReader& r) {
  if (states_.size() != 0) throw std::logic_error("objgen: StateStore::load into a store that has states");
  load_array(r, states_);
  load_array(r, sequences_);
  load_array(r, args_);
  count_ = static_cast<uint32_t>(states_.size());
  uint64_t starts = r.get<uint64_t>();
  for (uint64_t i = 0; i < starts && r.left() >= sizeof(IterationStart); ++i) iteration_starts_.push_back(r.get<IterationStart>());
  // Filled in by load_fingerprints, from every fingerprint it reads.
  if (check_values_on_)
    for (uint32_t id = 0; id < states_.size(); id += 4) check_values_.push_back(0);
  for (uint32_t id = 0; id < states_.size(); ++id) {
    ClassId cls = states_[id].cls;
    if (cls >= by_class_.size()) by_class_.resize(cls + 1);
    by_class_[cls].push_back(id);
  }
}

void StateStore::save_fingerprints(ByteWriter& w) const {
  if (fresh_.size() != 0) throw std::logic_error("objgen: StateStore::save before seal()");
  w.put<uint64_t>(sealed_.size());
  sealed_.for_each([&](const Fingerprint& fp, uint32_t id) {
    w.put(fp.lo);
    w.put(static_cast<uint32_t>(fp.hi));
    w.put(id);
  });
}

void StateStore::save_index(ByteWriter& w) const {
  if (fresh_.size() != 0) throw std::logic_error("objgen: StateStore::save before seal()");
  w.put<uint64_t>(count_);
  w.put<uint64_t>(iteration_starts_.size());
  for (const IterationStart& s : iteration_starts_) w.put(s);
  w.put<uint64_t>(by_class_.size());
  for (const std::vector<uint32_t>& list : by_class_) {
    w.put<uint64_t>(list.size());
    for (uint32_t id : list) w.put(id);
  }
}

void StateStore::load_index(ByteReader& r) {
  if (count_ != 0) throw std::logic_error("objgen: StateStore::load into a store that has states");
  uint64_t n = r.get<uint64_t>();
  if (n >= UINT32_MAX) throw std::runtime_error("a state store of more states than ids");
  count_ = static_cast<uint32_t>(n);
  uint64_t starts = r.get<uint64_t>();
  if (starts > r.left() / sizeof(IterationStart)) throw std::runtime_error("iteration starts longer than their data");
  for (uint64_t i = 0; i < starts; ++i) iteration_starts_.push_back(r.get<IterationStart>());
  uint64_t classes = r.get<uint64_t>();
  if (classes > r.left() / sizeof(uint64_t)) throw std::runtime_error("class lists longer than their data");
  by_class_.resize(classes);
  std::vector<bool> listed(count_);
  for (std::vector<uint32_t>& list : by_class_) {
    uint64_t size = r.get<uint64_t>();
    if (size > r.left() / sizeof(uint32_t)) throw std::runtime_error("a class list longer than its data");
    list.reserve(size);
    for (uint64_t i = 0; i < size; ++i) {
      uint32_t id = r.get<uint32_t>();
      if (id >= count_ || (!list.empty() && id <= list.back())) throw std::runtime_error("a class list out of order");
      if (listed[id]) throw std::runtime_error("a state in two class lists");
      listed[id] = true;
      list.push_back(id);
    }
  }
  if (std::find(listed.begin(), listed.end(), false) != listed.end()) throw std::runtime_error("a state in no class list");
  if (check_values_on_)  // filled in by load_fingerprints
    for (uint32_t id = 0; id < count_; id += 4) check_values_.push_back(0);
}

void StateStore::save_held(ByteWriter& w) const {
  if (!sparse_) throw std::logic_error("objgen: StateStore::save_held of a store that holds every record");
  w.put<uint64_t>(count_);
  save_array(w, held_words_);
  save_array(w, states_);
  save_array(w, sequences_);
  save_array(w, args_);
}

size_t StateStore::held_bytes() const {
  return 5 * sizeof(uint64_t) + held_words_.size() * sizeof(uint64_t) + states_.size() * sizeof(StateRecord) +
         sequences_.size() * sizeof(SequenceNode) + args_.size() * sizeof(ArgRef);
}

void StateStore::load_held(ByteReader& r) {
  if (!sparse_ || states_.size() != 0) throw std::logic_error("objgen: StateStore::load_held into a store not ready for it");
  uint64_t n = r.get<uint64_t>();
  if (n >= UINT32_MAX || (count_ != 0 && n != count_)) throw std::runtime_error("held records of another number of states");
  count_ = static_cast<uint32_t>(n);
  load_array(r, held_words_);
  if (held_words_.size() != (count_ + 63) / 64) throw std::runtime_error("held bits of another number of states");
  uint32_t held = 0;
  for (size_t i = 0; i < held_words_.size(); ++i) {
    held_before_.push_back(held);
    held += static_cast<uint32_t>(std::popcount(held_words_[i]));
  }
  if (count_ % 64 != 0 && held_words_.size() != 0 && held_words_[held_words_.size() - 1] >> (count_ % 64) != 0)
    throw std::runtime_error("held bits past the last state");
  load_array(r, states_);
  if (states_.size() != held) throw std::runtime_error("held bits and records that disagree");
  load_array(r, sequences_);
  load_array(r, args_);
}

size_t StateStore::growth_bytes_ahead() const {
  // "Near": within a tenth of the table (far more than a quarter second of inserts).
  size_t fresh_soon = fresh_.bytes_to_hold(fresh_.size() + fresh_.capacity() / 10);
  size_t seal = sealed_.bytes_to_hold(sealed_.size() + fresh_.size());
  size_t lists = 0;
  for (const auto& v : by_class_)
    if (v.size() * 10 > v.capacity() * 9) lists += (v.capacity() + std::max<size_t>(v.capacity() / 4, 1024)) * sizeof(uint32_t);
  return fresh_soon + seal + lists;
}

size_t StateStore::memory_bytes() const {
  size_t n = sealed_.memory_bytes() + fresh_.memory_bytes() + states_.memory_bytes() + sequences_.memory_bytes() + args_.memory_bytes();
  for (const auto& v : by_class_) n += v.capacity() * sizeof(uint32_t);
  return n + iteration_starts_.capacity() * sizeof(IterationStart) + check_values_.memory_bytes() + held_words_.memory_bytes() +
         held_before_.memory_bytes();
}

}  // namespace objgen
