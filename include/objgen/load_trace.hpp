// Which fields of a search's objects an invariant reads (objgen korat): the harness is compiled
// with SanitizerCoverage's trace-loads, which calls a hook with the address of every load; the
// hook turns an address inside the traced arena into a field number and appends each field, at
// its first read, to the search's list (Korat's field-access monitoring). trace-stores does the
// same for writes: an invariant that writes a field of the candidate it judges raises an alarm,
// and so does a read of a vector's guard slot (just past its storage).
//
// objgen's executable defines the hooks (cover/load_trace.cpp) for any traced harness. A harness
// objgen builds for korat also compiles them into itself with ThinLTO (load_trace_hooks.hpp), so
// that they are inlined into the invariant instead of called across libraries per load; it
// carries the C library's reading functions too (load_trace_libc.hpp).
#pragma once

#include <cstdint>

namespace objgen::detail {

// What the hooks saw that makes an invariant's answer worthless, as an arena offset + 1 (0: none).
struct LoadTraceAlarms {
  uint32_t written = 0;     // the first byte of a field the invariant wrote
  uint32_t past_guard = 0;  // the first guard byte (past a vector's storage) it read
};

// field_at's mark for a guard byte.
constexpr uint16_t kGuardByte = 0xffff;

// The addresses a search's objects may lie at (ObjectArena maps each search's block into a slot
// of it): the hooks' common case, a load outside every search's objects, is one compare with
// constants before anything is loaded. 62 to 62.25 TiB: above AddressSanitizer's shadow (below
// 16 TiB) and a non-PIE executable, below a PIE executable and its heap (about 85 TiB), the
// shared libraries and the stack (near 128 TiB).
constexpr uintptr_t kTraceWindowBase = uintptr_t{0x3e} << 40;
constexpr uintptr_t kTraceWindowBytes = uintptr_t{1} << 38;
constexpr uintptr_t kTraceWindowSlotBytes = uintptr_t{1} << 32;

struct LoadTrace {
  uintptr_t base = 0;
  uintptr_t size = 0;                   // 0: not tracing
  const uint16_t* field_at = nullptr;   // per byte of the arena: field + 1, kGuardByte, or 0 for none
  const uint32_t* field_end = nullptr;  // per field: the arena offset just past it
  uint8_t* seen = nullptr;              // per field: already in `read`
  uint32_t* read = nullptr;             // fields in the order of their first read
  uint32_t* depth = nullptr;            // entries of `read`
  LoadTraceAlarms* alarms = nullptr;
};

// The one trace of the process (objgen's executable holds it; a harness reaches it by name).
extern LoadTrace g_load_trace;

[[gnu::always_inline]] inline bool outside_trace_window(const void* address) {
  return __builtin_expect(reinterpret_cast<uintptr_t>(address) - kTraceWindowBase >= kTraceWindowBytes, 1);
}

[[gnu::always_inline]] inline void trace_load(const void* address, uintptr_t bytes) {
  if (outside_trace_window(address)) return;
  const LoadTrace& t = g_load_trace;
  uintptr_t offset = reinterpret_cast<uintptr_t>(address) - t.base;
  if (offset >= t.size) return;
  uintptr_t end = offset + bytes < t.size ? offset + bytes : t.size;
  // A load may cover several fields (two ints read as one 8-byte word): each counts as read, in
  // address order. Most loads are one whole field: one step.
  for (uintptr_t b = offset; b < end;) {
    uint16_t f = t.field_at[b];
    if (f == 0) {
      ++b;
      continue;
    }
    if (__builtin_expect(f == kGuardByte, 0)) {
      if (t.alarms->past_guard == 0) t.alarms->past_guard = static_cast<uint32_t>(b) + 1;
      ++b;
      continue;
    }
    uint32_t field = f - 1u;
    if (!t.seen[field]) t.seen[field] = 1, t.read[(*t.depth)++] = field;
    b = t.field_end[field];
  }
}

[[gnu::always_inline]] inline void trace_store(const void* address, uintptr_t bytes) {
  if (outside_trace_window(address)) return;
  const LoadTrace& t = g_load_trace;
  uintptr_t offset = reinterpret_cast<uintptr_t>(address) - t.base;
  if (offset >= t.size) return;
  uintptr_t end = offset + bytes < t.size ? offset + bytes : t.size;
  for (uintptr_t b = offset; b < end; ++b)
    if (t.field_at[b] != 0) {
      if (t.alarms->written == 0) t.alarms->written = static_cast<uint32_t>(b) + 1;
      return;
    }
}

}  // namespace objgen::detail
