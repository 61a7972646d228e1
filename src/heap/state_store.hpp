// The states found so far: a flat fingerprint set per run, and for each state the sequence that
// first built it. Sequences form a DAG: a sequence is one operation applied to literals and to
// states built by earlier sequences, so prefixes are shared and each costs a few bytes.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "heap/append_only_array.hpp"
#include "io/byte_stream.hpp"
#include "objgen/linearizer.hpp"

namespace objgen {

// An actual argument of a recorded call: a literal (index into its kind's domain) or a state.
struct ArgRef {
  uint32_t bits;
  static ArgRef literal(uint32_t index) { return {index | 0x80000000u}; }
  static ArgRef state(uint32_t id) { return {id}; }
  bool is_literal() const { return bits & 0x80000000u; }
  uint32_t index() const { return bits & 0x7fffffffu; }
};

struct SequenceNode {
  uint32_t op;
  uint32_t args_begin;  // into StateStore's argument pool; count = op's parameter count
};

constexpr uint8_t kResultSlot = 0xff;

struct StateRecord {
  uint32_t sequence;
  uint8_t slot;  // which parameter (or kResultSlot) of the sequence's last call holds it
  ClassId cls;
};
static_assert(sizeof(StateRecord) == 8);

// Open-addressed set of fingerprints mapping to state ids. Fingerprints are 128-bit hashes of
// canonical forms, so a probe touches one cache line and never the canonical bytes. A slot keeps
// 96 of the 128 bits and the id in 16 bytes: a false match needs two of a billion states to agree
// on 96 bits (chance about 1e-11), and a third less memory per state is worth more.
class FingerprintSet {
 public:
  FingerprintSet() : slots_(1024) {}
  // Returns the state id if present.
  const uint32_t* find(const Fingerprint& fp) const;
  // Inserts; returns false if already present.
  bool insert(const Fingerprint& fp, uint32_t id);
  // The id stored for fp, inserting id first when fp is absent (*inserted says which); the
  // pointer is good until the next insertion.
  uint32_t* find_or_insert(const Fingerprint& fp, uint32_t id, bool* inserted);
  // Makes room for n entries in all, so that inserting them never rehashes.
  void reserve(size_t n);
  // Starts loading fp's slot into the cache: a table of millions misses the cache on every
  // probe, so a caller with a batch of fingerprints asks for a few ahead of the one it probes.
  void prefetch(const Fingerprint& fp) const { __builtin_prefetch(&slots_[fp.lo & (slots_.size() - 1)]); }
  // Inserts every entry of other (none of which is here), a few probes in flight at a time.
  void insert_all(const FingerprintSet& other);
  size_t size() const { return size_; }
  size_t capacity() const { return slots_.size(); }
  // f(fingerprint as stored: its high word cut to 32 bits, id)
  template <class F>
  void for_each(F f) const {
    for (const Entry& e : slots_)
      if (!e.empty()) f(Fingerprint{e.lo, e.hi}, e.id);
  }
  size_t memory_bytes() const { return slots_.size() * sizeof(Entry); }
  // The bytes a table able to hold n entries would take, when this one cannot; else 0.
  size_t bytes_to_hold(size_t n) const;

 private:
  struct Entry {
    uint64_t lo = 0;  // lo == 0 && hi == 0 marks an empty slot
    uint32_t hi = 0;  // the fingerprint's high word, cut to 32 bits
    uint32_t id = 0;
    bool empty() const { return lo == 0 && hi == 0; }
    bool holds(uint64_t l, uint32_t h) const { return lo == l && hi == h; }
  };
  static_assert(sizeof(Entry) == 16);
  void rehash(size_t capacity);
  void place_all(const std::vector<Entry>& from);
  std::vector<Entry> slots_;
  size_t size_ = 0;
};

// A small direct-mapped cache of fingerprints known to be in a large FingerprintSet that does
// not change meanwhile. Most candidates rebuild a state found long ago, and the same few
// thousand of those over and over: this answers them from the cache instead of a probe that
// misses it. Entries keep what the set keeps (96 bits), so a hit is what a probe would say.
class HotFingerprints {
 public:
  static constexpr size_t kSlots = size_t{1} << 15;  // 512 KiB: about the L2 cache
  HotFingerprints() : slots_(kSlots) {}
  void clear() { std::fill(slots_.begin(), slots_.end(), Slot{}); }
  bool holds(const Fingerprint& fp) const {
    const Slot& s = slot(fp);
    return s.lo == fp.lo && s.hi == static_cast<uint32_t>(fp.hi) && (s.lo | s.hi) != 0;
  }
  void add(const Fingerprint& fp) { slot(fp) = {fp.lo, static_cast<uint32_t>(fp.hi)}; }
  void prefetch(const Fingerprint& fp) const { __builtin_prefetch(&slot(fp)); }

 private:
  struct Slot {
    uint64_t lo = 0;
    uint32_t hi = 0;
  };
  Slot& slot(const Fingerprint& fp) { return slots_[(fp.hi >> 40) & (kSlots - 1)]; }
  const Slot& slot(const Fingerprint& fp) const { return slots_[(fp.hi >> 40) & (kSlots - 1)]; }
  std::vector<Slot> slots_;
};

class StateStore {
 public:
  uint32_t add_sequence(uint32_t op, std::span<const ArgRef> args);
  // Returns the new state's id, or nullopt-like UINT32_MAX if fp was known.
  uint32_t add_state(const Fingerprint& fp, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration);
  // add_state for a caller that knows fp is not sealed (a worker looked): one probe instead of two.
  uint32_t add_unsealed_state(const Fingerprint& fp, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration);
  // A state whose fingerprint the caller decided is new (a distributed run: the fingerprint's
  // owner decided). Only the owner keeps fp in its sets (owned); the record is kept when held
  // (always, unless hold_only_some()).
  uint32_t add_decided_state(const Fingerprint& fp, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration, bool owned,
                             bool held = true);
  // Before add_unsealed_state(fp, ...) a few records later.
  void prefetch_unsealed(const Fingerprint& fp) const { fresh_.prefetch(fp); }
  bool contains(const Fingerprint& fp) const { return sealed_.find(fp) != nullptr || fresh_.find(fp) != nullptr; }
  // The id of the state with this fingerprint, if any.
  const uint32_t* find(const Fingerprint& fp) const {
    const uint32_t* id = sealed_.find(fp);
    return id ? id : fresh_.find(fp);
  }
  // Whether fp is among this iteration's states (not the sealed ones).
  bool contains_fresh(const Fingerprint& fp) const { return fresh_.find(fp) != nullptr; }
  // Only states of earlier iterations: safe to read from workers while the parent adds states.
  bool contains_sealed(const Fingerprint& fp) const { return sealed_.find(fp) != nullptr; }
  void prefetch_sealed(const Fingerprint& fp) const { sealed_.prefetch(fp); }
  const uint32_t* find_sealed(const Fingerprint& fp) const { return sealed_.find(fp); }
  // Calls f(fingerprint, state id) for every state.
  template <class F>
  void for_each_fingerprint(F f) const {
    sealed_.for_each(f);
    fresh_.for_each(f);
  }
  // Moves the states added since the last seal into the sealed set (between iterations).
  void seal();
  // Frees the fingerprint sets and check values: the store keeps its records, and looks nothing
  // up any more.
  void drop_fingerprints() {
    sealed_ = FingerprintSet();
    fresh_ = FingerprintSet();
    check_values_ = AppendOnlyArray<uint32_t>();
    check_values_on_ = false;
  }
  // The whole store, at an iteration boundary (after seal()). load() into an empty store gives the
  // same ids, sequences and lookups; it throws std::runtime_error when the bytes are not a saved
  // store.
  void save(ByteWriter& w) const;
  void load(ByteReader& r);
  // The same in two parts (what a checkpoint writes): the records (rank 0's file) and the
  // fingerprints (each rank has its share). load_fingerprints keeps those `keep` accepts and
  // returns how many it read (keep(fingerprint, id)).
  void save_records(ByteWriter& w) const;
  void load_records(ByteReader& r);
  void save_fingerprints(ByteWriter& w) const;
  // A checkpoint of split records (hold_only_some()): what every rank has alike (the state count,
  // where iterations start, the class lists: rank 0 writes it) and what each rank holds (its held
  // bits and records: each rank writes its own). load_index, then load_held of this rank's part,
  // gives the store saved; load_held of another part into a store of its own gives a donor for
  // densify(), which is how another number of ranks resumes: with every record.
  void save_index(ByteWriter& w) const;
  void load_index(ByteReader& r);
  void save_held(ByteWriter& w) const;
  void load_held(ByteReader& r);
  // The bytes save_held writes (a checkpoint writes their count ahead of them).
  size_t held_bytes() const;
  template <class Keep>
  size_t load_fingerprints(ByteReader& r, Keep keep);

  // Check values: 32 bits of the fingerprint of every fourth state (ids divisible by 4), so that
  // a rank which keeps only some fingerprints can still tell whether rebuilding such a state gave
  // it back (a false match: one in four billion). Enabled before the first state is added or
  // loaded; not saved (load_fingerprints computes them from every fingerprint it reads).
  void keep_check_values() { check_values_on_ = true; }
  static bool has_check_value(uint32_t id) { return id % 4 == 0; }
  bool check_value_matches(uint32_t id, const Fingerprint& fp) const { return check_values_[id / 4] == static_cast<uint32_t>(fp.lo); }

  // The record of a state this store holds (all of them unless hold_only_some()).
  const StateRecord& state(uint32_t id) const { return sparse_ ? states_[local_index(id)] : states_[id]; }

  // ---- Split records (a distributed run: gen/exhaustive/rank_exchange.cpp) ----
  // Before the first state: from now on only the states added as held keep their records (and
  // the caller adds sequences for those only); class lists, iterations and check values stay
  // whole. One bit a state says which are held.
  void hold_only_some() { sparse_ = true; }
  bool holds(uint32_t id) const {
    if (!sparse_) return id < count_;
    return (id >> 6) < held_words_.size() && holds_bit(id);
  }
  // For a state of an earlier iteration (workers, while the parent adds states).
  bool holds_earlier(uint32_t id) const { return !sparse_ || holds_bit(id); }
  // Back to every record, in ranges of ids from 0 up (a rank receives the others' records a range
  // at a time): densify(end, ...) appends the records of the states below `end`, its own or, for
  // those it does not hold, what missing(id) gives; densify_done() swaps them in. The old records
  // are freed as they are passed, so the store never holds both in full.
  struct Call {
    uint32_t op = 0;
    uint8_t slot = 0;
    ClassId cls = 0;
    std::span<const ArgRef> args;
  };
  // The call that built a state this store holds (params_of_op: each operation's parameter count).
  Call call_of(uint32_t id, const std::vector<uint32_t>& params_of_op) const {
    const StateRecord& rec = state(id);
    uint32_t op = sequences_[rec.sequence].op;
    return {op, rec.slot, rec.cls, args(rec.sequence, params_of_op.at(op))};
  }
  template <class Missing>
  void densify(uint32_t end, const std::vector<uint32_t>& params_of_op, Missing missing);
  void densify_done();
  // The iteration that found the state (states are added in the order of their iterations, so
  // the store keeps where each iteration's states begin instead of a field per state).
  uint16_t iteration_of(uint32_t id) const {
    auto it = std::upper_bound(iteration_starts_.begin(), iteration_starts_.end(), id,
                               [](uint32_t i, const IterationStart& s) { return i < s.first_state; });
    return it == iteration_starts_.begin() ? 0 : std::prev(it)->iteration;
  }
  const SequenceNode& sequence(uint32_t id) const { return sequences_[id]; }
  std::span<const ArgRef> args(uint32_t sequence, size_t count) const { return args_.span(sequences_[sequence].args_begin, count); }
  // Whether the sequence's `count` arguments lie within the argument pool (always, unless the
  // store was loaded from a file made by hand: args() must not be asked then).
  bool args_in_pool(uint32_t sequence, size_t count) const { return args_.holds_span(sequences_[sequence].args_begin, count); }
  size_t state_count() const { return count_; }
  size_t sequence_count() const { return sequences_.size(); }
  // States of one class, in the order found.
  const std::vector<uint32_t>& states_of(ClassId cls) const;
  size_t memory_bytes() const;
  // What the store may allocate in one step soon, while its old memory is still held: the fresh
  // table's doubling when it is near, the sealed table's growth to take the fresh states at the
  // end of the iteration, and the class lists' doubling when near. Checked against
  // --memory-limit before that happens.
  size_t growth_bytes_ahead() const;

 private:
  FingerprintSet sealed_;  // states of finished iterations (read by workers)
  FingerprintSet fresh_;   // states of the running iteration (parent only)
  // Append-only so that workers may read earlier states while the parent adds new ones.
  AppendOnlyArray<StateRecord> states_;
  AppendOnlyArray<SequenceNode> sequences_;
  AppendOnlyArray<ArgRef> args_;
  std::vector<std::vector<uint32_t>> by_class_;
  struct IterationStart {
    uint32_t first_state;
    uint16_t iteration;
  };
  std::vector<IterationStart> iteration_starts_;
  bool check_values_on_ = false;
  AppendOnlyArray<uint32_t> check_values_;
  uint32_t count_ = 0;  // states, held or not
  bool sparse_ = false;
  AppendOnlyArray<uint64_t> held_words_;   // bit id % 64 of word id / 64: held
  AppendOnlyArray<uint32_t> held_before_;  // per word: held states below it
  struct Densified {
    AppendOnlyArray<StateRecord> states;
    AppendOnlyArray<SequenceNode> sequences;
    AppendOnlyArray<ArgRef> args;
    uint32_t next = 0;
    uint32_t last_held = UINT32_MAX;  // the last held state passed
  };
  std::unique_ptr<Densified> dense_;
  bool holds_bit(uint32_t id) const { return __atomic_load_n(&held_words_[id >> 6], __ATOMIC_RELAXED) >> (id & 63) & 1; }
  size_t local_index(uint32_t id) const {
    uint64_t below = __atomic_load_n(&held_words_[id >> 6], __ATOMIC_RELAXED) & ((uint64_t{1} << (id & 63)) - 1);
    return held_before_[id >> 6] + static_cast<size_t>(std::popcount(below));
  }
  void mark_held(uint32_t id, bool held);
  void add_dense(const Call& c);
  void release_passed(uint32_t id);
  void add_record(const Fingerprint& fp, uint32_t id, uint32_t sequence, uint8_t slot, ClassId cls, uint16_t iteration, bool held);
};

template <class Missing>
void StateStore::densify(uint32_t end, const std::vector<uint32_t>& params_of_op, Missing missing) {
  if (!dense_) dense_ = std::make_unique<Densified>();
  for (; dense_->next < end && dense_->next < count_; ++dense_->next) {
    uint32_t id = dense_->next;
    if (holds(id)) dense_->last_held = id;
    add_dense(holds(id) ? call_of(id, params_of_op) : missing(id));
    if ((id & 0xffff) == 0xffff && dense_->last_held != UINT32_MAX) release_passed(dense_->last_held);
  }
}

template <class Keep>
size_t StateStore::load_fingerprints(ByteReader& r, Keep keep) {
  uint64_t n = r.get<uint64_t>();
  if (n > r.left() / 16) throw std::runtime_error("a fingerprint list longer than its data");
  for (uint64_t i = 0; i < n; ++i) {
    Fingerprint fp;
    fp.lo = r.get<uint64_t>();
    fp.hi = r.get<uint32_t>();
    uint32_t id = r.get<uint32_t>();
    if (id >= count_) throw std::runtime_error("a fingerprint of a state that does not exist");
    if (check_values_on_ && has_check_value(id)) check_values_[id / 4] = static_cast<uint32_t>(fp.lo);
    if (keep(fp, id) && !sealed_.insert(fp, id)) throw std::runtime_error("a fingerprint listed twice");
  }
  return n;
}

}  // namespace objgen
