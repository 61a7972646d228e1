#include "cover/load_trace.hpp"

namespace objgen::detail {
LoadTrace g_load_trace;
}  // namespace objgen::detail

// ---- SanitizerCoverage's load and store callbacks (C linkage, exported with the executable's symbols), for
// a traced harness that does not carry its own (objgen/load_trace_hooks.hpp) ----
extern "C" {
void __sanitizer_cov_load1(uint8_t* p) { objgen::detail::trace_load(p, 1); }
void __sanitizer_cov_load2(uint16_t* p) { objgen::detail::trace_load(p, 2); }
void __sanitizer_cov_load4(uint32_t* p) { objgen::detail::trace_load(p, 4); }
void __sanitizer_cov_load8(uint64_t* p) { objgen::detail::trace_load(p, 8); }
void __sanitizer_cov_load16(__int128* p) { objgen::detail::trace_load(p, 16); }
void __sanitizer_cov_store1(uint8_t* p) { objgen::detail::trace_store(p, 1); }
void __sanitizer_cov_store2(uint16_t* p) { objgen::detail::trace_store(p, 2); }
void __sanitizer_cov_store4(uint32_t* p) { objgen::detail::trace_store(p, 4); }
void __sanitizer_cov_store8(uint64_t* p) { objgen::detail::trace_store(p, 8); }
void __sanitizer_cov_store16(__int128* p) { objgen::detail::trace_store(p, 16); }
// trace-loads needs a coverage mode; the trace harness uses inline 8-bit counters at function
// entry, the cheapest, whose table objgen does not read.
void __sanitizer_cov_8bit_counters_init(char*, char*) {}
}
