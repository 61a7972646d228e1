#include "cover/load_trace.hpp"

namespace objgen::cover {

LoadTrace g_load_trace;

namespace {

[[gnu::always_inline]] inline void trace_load(const void* address, uintptr_t bytes) {
  const LoadTrace& t = g_load_trace;
  uintptr_t offset = reinterpret_cast<uintptr_t>(address) - t.base;
  if (offset >= t.size) return;
  uintptr_t end = offset + bytes < t.size ? offset + bytes : t.size;
  // A load may cover several fields (two ints read as one 8-byte word): each counts as read,
  // in address order. Most loads are one whole field: one step.
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

}  // namespace
}  // namespace objgen::cover

// ---- SanitizerCoverage's load callbacks (C linkage, exported with the executable's symbols) ----
extern "C" {
void __sanitizer_cov_load1(uint8_t* p) { objgen::cover::trace_load(p, 1); }
void __sanitizer_cov_load2(uint16_t* p) { objgen::cover::trace_load(p, 2); }
void __sanitizer_cov_load4(uint32_t* p) { objgen::cover::trace_load(p, 4); }
void __sanitizer_cov_load8(uint64_t* p) { objgen::cover::trace_load(p, 8); }
void __sanitizer_cov_load16(__int128* p) { objgen::cover::trace_load(p, 16); }
// trace-loads needs a coverage mode; the trace harness uses inline 8-bit counters at function
// entry, the cheapest, whose table objgen does not read.
void __sanitizer_cov_8bit_counters_init(char*, char*) {}
}
