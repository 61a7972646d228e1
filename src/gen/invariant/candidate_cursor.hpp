// Korat's walk over candidate vectors: the current vector, the fields the invariant read on it
// (in the order of their first read), and the step to the next candidate.
//
// After the invariant ran on a candidate, the next one changes the last field it read to that
// field's next value; a field past its last value goes back to its first, leaves the list, and
// the field read before it moves on instead. Fields the invariant did not read keep their first
// value: every vector that differs only there would get the same answer, and is never built.
// Isomorphism breaking: a pointer field may take an object of a class only if every object of
// that class numbered below it is already the value of a field read before it, so that of all
// structures that differ by a renumbering of their objects only the first is built.
//
// The vector lives in a CursorBlock, plain memory the caller provides (shared with objgen's
// process, so that after a crash it knows the candidate and what was read), and the load hooks
// (cover/load_trace) append read fields to it directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gen/invariant/finitization.hpp"

namespace objgen::invariant {

// The cursor's state, in memory the caller owns: a header and three arrays of `fields` entries.
struct CursorBlock {
  uint32_t fields = 0;
  uint32_t depth = 0;   // fields read so far (entries of `read`)
  uint32_t frozen = 0;  // the first `frozen` read fields never change (a job's prefix)
  uint32_t spare = 0;
  uint8_t* values = nullptr;  // value index of each field
  uint8_t* seen = nullptr;    // 1 when the field is in `read`
  uint32_t* read = nullptr;   // the fields read, in the order of their first read

  static size_t bytes_for(uint32_t fields) { return 2 * size_t{fields} + 4 * size_t{fields}; }
  // Points the arrays into `memory` (bytes_for(fields) bytes, 4-byte aligned).
  void attach(void* memory, uint32_t field_count);
  void clear();  // the first candidate: every value 0, nothing read
};

class CandidateCursor {
 public:
  CandidateCursor(const FieldSpace& space, CursorBlock& block);

  // Moves to the next candidate; false when none is left (above the frozen prefix). The fields
  // whose values changed are in changed() until the next call.
  bool advance();
  const std::vector<uint32_t>& changed() const { return changed_; }
  // After a valid candidate (Korat's rule): every field of an object reachable from the root that
  // the invariant did not read joins the list, depth first from the root, so that the next
  // candidates vary it too and no valid structure hides behind an unread field. A vector's
  // elements past its length are not there: they stay out.
  void add_unread_reachable_fields();
  // Forgets the reads after the first `depth` (their fields back to their first values, listed in
  // changed()): how the search is cut into jobs by a prefix of reads.
  void truncate(uint32_t depth);
  // The first field read at or after position `from` of the read list that is a vector's element
  // past the vector's length (outside the object: undefined behaviour in the invariant), or -1.
  // Call it with 0 after each invariant call: the reads kept from the candidate before were made
  // again (the same reads up to the field that changed), and the changed one may be the culprit.
  int64_t read_past_length(uint32_t from) const;
  // Records a read of `field` (the hooks do the same inline).
  void read(uint32_t field) {
    if (!block_.seen[field]) block_.seen[field] = 1, block_.read[block_.depth++] = field;
  }
  CursorBlock& block() { return block_; }

 private:
  struct FieldInfo {
    uint32_t size;         // values in the domain
    int32_t class_domain;  // -1 for integers
    uint8_t null_first;    // value 0 is null
    int32_t object_base;   // pointers: value v (>= null_first) is object object_base + v
    int32_t element;       // a vector's element: its index (else -1)
    int32_t lo;            // integers: the value of index 0 (a vector's length: the shortest)
  };
  // The largest object number of class domain c among the values of read[0..position).
  int32_t max_before(uint32_t position, int32_t c);

  const FieldSpace& space_;
  CursorBlock& block_;
  std::vector<FieldInfo> info_;
  uint32_t classes_;
  std::vector<int32_t> prefix_max_;  // (fields + 1) rows of classes_ entries
  uint32_t valid_rows_ = 0;          // rows 0..valid_rows_ hold current maxima
  std::vector<uint32_t> changed_;
  std::vector<uint32_t> visit_stack_;  // add_unread_reachable_fields: (object, next field) pairs
  std::vector<uint32_t> visited_;      // per object: the generation that reached it
  bool has_elements_ = false;          // some field is a vector's element
  uint32_t generation_ = 0;
};

}  // namespace objgen::invariant
