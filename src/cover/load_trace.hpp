// Which fields of a search's objects an invariant reads, in order: the harness of `objgen korat`
// is compiled with SanitizerCoverage's trace-loads, so every load in it calls a hook with the
// address; the hooks here turn an address inside the traced arena into a field number and
// append each field at its first read to a list (Korat's field-access monitoring).
//
// Off (the arena empty) a hook costs a subtraction and a compare: the rest of the harness (its
// constructors, objgen's linearizer) is instrumented too.
#pragma once

#include <cstddef>
#include <cstdint>

namespace objgen::cover {

struct LoadTrace {
  uintptr_t base = 0;
  uintptr_t size = 0;                // 0: not tracing
  const uint16_t* field_at = nullptr;  // per byte of the arena: field + 1, or 0 for none
  const uint32_t* field_end = nullptr;  // per field: the arena offset just past it
  uint8_t* seen = nullptr;           // per field: already in `read`
  uint32_t* read = nullptr;          // fields in the order of their first read
  uint32_t* depth = nullptr;         // entries of `read`
};

extern LoadTrace g_load_trace;

// Traces reads of [base, base + size) into the lists until stop_load_trace().
inline void start_load_trace(const LoadTrace& trace) { g_load_trace = trace; }
inline void stop_load_trace() { g_load_trace.size = 0; }

}  // namespace objgen::cover
