// The canonical form of a search's candidate read straight from its vector: the words
// objgen::Linearizer writes when it walks the objects the arena built from that vector (objects
// in breadth-first order from the root, each field a word: an integer's value, a pointer's
// per-class number + 1 or 0), and the same fingerprint, without calling into the code under test
// per object. Korat's structures are mostly valid on heap-like rows (binomial heaps: 73 %), and
// walking the objects through their descriptions was a quarter of a worker's time there.
//
// It applies where a field's word follows from its value alone: no field left out by --omit, and
// every described field of every object a searched field (integers, bools, enumerations, raw
// pointers: no vectors, nothing left as constructed). The worker checks it against the
// linearizer on its first structures and now and then after (search_worker).
//
// The same walk says whether the invariant read every field of the objects the root reaches: then
// Korat's rule for a valid candidate (CandidateCursor::add_unread_reachable_fields) adds nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gen/invariant/finitization.hpp"
#include "objgen/linearizer.hpp"

namespace objgen::invariant {

class SpaceLinearizer {
 public:
  // Whether the candidates of `space` can be linearized from their vectors (see above).
  static bool applies(const FieldSpace& space, bool omits_fields);
  explicit SpaceLinearizer(const FieldSpace& space);

  // Linearizes candidate `values`; true when every field of every object the root reaches is
  // marked in `seen` (one byte per field).
  bool run(const uint8_t* values, const uint8_t* seen);
  std::span<const uint64_t> words() const { return {words_.data(), count_}; }
  Fingerprint fingerprint() const;

 private:
  struct FieldCode {
    int32_t object_base;  // a pointer: value v (>= null_first) is object object_base + v; -1: not a pointer
    uint32_t first_word;  // an integer: its values' words start at scalar_words_[first_word]
    uint8_t null_first;
  };
  const FieldSpace& space_;
  std::vector<FieldCode> codes_;
  std::vector<uint64_t> scalar_words_;
  std::vector<uint32_t> class_of_object_;  // a dense number per ClassId of the space's objects
  std::vector<uint32_t> number_;           // per object: its per-class number in this run
  std::vector<uint32_t> stamp_;            // per object: the run that numbered it
  std::vector<uint32_t> per_class_;        // objects numbered per class in this run
  std::vector<uint32_t> queue_;
  std::vector<uint64_t> words_;
  size_t count_ = 0;
  uint32_t run_ = 0;
};

}  // namespace objgen::invariant
