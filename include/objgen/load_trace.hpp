// Which fields of a search's objects an invariant reads (objgen korat): the harness is compiled
// with SanitizerCoverage's trace-loads, which calls a hook with the address of every load; the
// hook turns an address inside the traced arena into a field number and appends each field, at
// its first read, to the search's list (Korat's field-access monitoring).
//
// objgen's executable defines the hooks (cover/load_trace.cpp) for any traced harness. A harness
// objgen builds for korat also compiles them into itself with ThinLTO (load_trace_hooks.hpp), so
// that they are inlined into the invariant instead of called across libraries per load.
#pragma once

#include <cstdint>

namespace objgen::detail {

struct LoadTrace {
  uintptr_t base = 0;
  uintptr_t size = 0;                   // 0: not tracing
  const uint16_t* field_at = nullptr;   // per byte of the arena: field + 1, or 0 for none
  const uint32_t* field_end = nullptr;  // per field: the arena offset just past it
  uint8_t* seen = nullptr;              // per field: already in `read`
  uint32_t* read = nullptr;             // fields in the order of their first read
  uint32_t* depth = nullptr;            // entries of `read`
};

// The one trace of the process (objgen's executable holds it; a harness reaches it by name).
extern LoadTrace g_load_trace;

[[gnu::always_inline]] inline void trace_load(const void* address, uintptr_t bytes) {
  const LoadTrace& t = g_load_trace;
  uintptr_t offset = reinterpret_cast<uintptr_t>(address) - t.base;
  if (__builtin_expect(offset >= t.size, 1)) return;
  uintptr_t end = offset + bytes < t.size ? offset + bytes : t.size;
  // A load may cover several fields (two ints read as one 8-byte word): each counts as read, in
  // address order. Most loads are one whole field: one step.
  for (uintptr_t b = offset; b < end;) {
    uint16_t f = t.field_at[b];
    if (f == 0) {
      ++b;
      continue;
    }
    uint32_t field = f - 1u;
    if (!t.seen[field]) t.seen[field] = 1, t.read[(*t.depth)++] = field;
    b = t.field_end[field];
  }
}

}  // namespace objgen::detail
