// One iteration of the exhaustive engine as the parent planned it (plan.cpp), and the small
// helpers a worker calls for every candidate to walk it. Workers get it as const: it is written
// between iterations only (planning, finish_iteration, remember_failed_calls, a checkpoint's
// load) and frozen while they run. Internal to the engine (gen/exhaustive).
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "exec/worker_pool.hpp"
#include "heap/state_store.hpp"
#include "objgen/api.hpp"

namespace objgen::exhaustive::detail {

struct SlotDomain {
  bool object = false;
  LiteralKind literal = LiteralKind::Int;
  ClassId cls = 0;
  uint32_t base = 0;   // first index into the iteration's class list
  uint32_t count = 0;  // number of values
};

// All candidate calls of one operation in one iteration, numbered in mixed radix with the first
// parameter (the receiver) most significant, so consecutive candidates share their receiver.
struct OpSpace {
  uint32_t op;
  std::vector<SlotDomain> slots;
  uint64_t total = 1;
  bool semi_naive = false;    // several object slots: skip tuples with no object new in k-1
  bool literal_only = false;  // the same candidates, numbered alike, in every iteration
};

// The candidates of one iteration are merged in one global order of positions: a list of
// segments, each a range of one space's candidates. Jobs are ranges of positions and may span
// segments; records and crashes name positions.
struct Segment {
  uint32_t space;
  uint64_t lo, hi;                 // candidates of the space
  uint64_t begin;                  // position of lo
  bool last_on_receivers = false;  // no later segment uses these receivers: drop each after use
};

struct Job {
  uint64_t lo, hi;  // positions
};

// A segment's candidates are consecutive numbers in their space's mixed radix: a worker counts
// through their argument tuples digit by digit instead of dividing for each one.
struct ArgCounter {
  uint32_t digits[kMaxRecordSlots];
};

struct IterationPlan {
  int iteration = 0;
  std::vector<std::vector<uint32_t>> class_states;  // states of each class found before k
  std::vector<uint32_t> frontier_start;             // index in class_states of the first new one
  uint32_t frontier_first_state = 0;                // the first state found in iteration k-1
  std::vector<OpSpace> spaces;
  std::vector<Segment> segments;
  std::vector<Job> jobs;
  uint64_t receiver_range = 0;  // the largest range of receivers in this iteration's plan
  // What earlier iterations learned, applied between iterations:
  std::vector<int8_t> clone_ok;  // -1 unknown, 0 replay, 1 copy constructor is deep
  // Literal-only calls (op, candidate) that crashed or hung in an earlier iteration; this
  // iteration's join them when it ends (remember_failed_calls).
  std::set<std::pair<uint32_t, uint64_t>> failed_literal_calls;

  // The planned iteration's candidates.
  uint64_t candidate_count() const { return segments.empty() ? 0 : segments.back().begin + (segments.back().hi - segments.back().lo); }

  size_t frontier_size() const {
    size_t n = 0;
    for (ClassId c = 0; c < class_states.size(); ++c) n += class_states[c].size() - frontier_start[c];
    return n;
  }

  // A space whose first parameter is an object of the last iteration's frontier: its candidates
  // for a range of receivers are one interval.
  static bool receiver_led(const OpSpace& s) { return !s.literal_only && !s.semi_naive && !s.slots.empty() && s.slots[0].object; }

  // The segment holding a position (records come in order, so the last answer is tried first).
  const Segment& segment_at(uint64_t pos) const {
    thread_local size_t last = 0;
    if (last < segments.size() && segments[last].begin <= pos && pos - segments[last].begin < segments[last].hi - segments[last].lo)
      return segments[last];
    auto it = std::upper_bound(segments.begin(), segments.end(), pos, [](uint64_t p, const Segment& sg) { return p < sg.begin; });
    last = static_cast<size_t>(it - segments.begin()) - 1;
    return segments[last];
  }
  static uint64_t candidate_at(const Segment& sg, uint64_t pos) { return sg.lo + (pos - sg.begin); }

  // Fills refs for candidate idx.
  void decode(const OpSpace& s, uint64_t idx, ArgRef* refs) const {
    for (size_t i = s.slots.size(); i-- > 0;) {
      const SlotDomain& d = s.slots[i];
      refs[i] = ref_at(d, static_cast<uint32_t>(idx % d.count));
      idx /= d.count;
    }
  }

  void start_counter(const OpSpace& s, uint64_t idx, ArgCounter& c, ArgRef* refs) const {
    for (size_t i = s.slots.size(); i-- > 0;) {
      c.digits[i] = static_cast<uint32_t>(idx % s.slots[i].count);
      idx /= s.slots[i].count;
      refs[i] = ref_at(s.slots[i], c.digits[i]);
    }
  }

  // The argument a slot's digit stands for.
  ArgRef ref_at(const SlotDomain& d, uint32_t digit) const {
    return d.object ? ArgRef::state(class_states[d.cls][d.base + digit]) : ArgRef::literal(digit);
  }

  // To the next candidate (the caller never passes the space's last one).
  void advance(const OpSpace& s, ArgCounter& c, ArgRef* refs) const {
    for (size_t i = s.slots.size(); i-- > 0;) {
      const SlotDomain& d = s.slots[i];
      bool carry = ++c.digits[i] == d.count;
      if (carry) c.digits[i] = 0;
      refs[i] = ref_at(d, c.digits[i]);
      if (!carry) return;
    }
  }

  // Whether an object of the counter's tuple is new in iteration k-1.
  bool has_new(const OpSpace& s, const ArgCounter& c) const {
    for (size_t i = 0; i < s.slots.size(); ++i)
      if (s.slots[i].object && s.slots[i].base + c.digits[i] >= frontier_start[s.slots[i].cls]) return true;
    return false;
  }

  // A literal-only call that crashed or hung is the very same call in every later iteration: it
  // would crash again (its finding is kept once anyway) or cost the call time limit again, and
  // would build no state either way. It still counts as explored, as in BEAPI.
  bool failed_before(uint32_t op, uint64_t idx) const { return !failed_literal_calls.empty() && failed_literal_calls.count({op, idx}); }
};

}  // namespace objgen::exhaustive::detail
