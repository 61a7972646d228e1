// SanitizerCoverage's load and store hooks, for a harness that compiles them into itself (objgen
// korat's harness; with ThinLTO they are inlined into the invariant), and the C library's reading
// functions, traced (load_trace_libc.hpp). Include in one translation unit of the harness,
// compiled without coverage instrumentation. Hidden: the harness's calls stay in the harness.
#pragma once

#include "objgen/load_trace.hpp"
#include "objgen/load_trace_libc.hpp"

#define OBJGEN_DETAIL_LOAD_HOOK extern "C" __attribute__((visibility("hidden")))
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load1(uint8_t* p) { objgen::detail::trace_load(p, 1); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load2(uint16_t* p) { objgen::detail::trace_load(p, 2); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load4(uint32_t* p) { objgen::detail::trace_load(p, 4); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load8(uint64_t* p) { objgen::detail::trace_load(p, 8); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load16(__int128* p) { objgen::detail::trace_load(p, 16); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_store1(uint8_t* p) { objgen::detail::trace_store(p, 1); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_store2(uint16_t* p) { objgen::detail::trace_store(p, 2); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_store4(uint32_t* p) { objgen::detail::trace_store(p, 4); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_store8(uint64_t* p) { objgen::detail::trace_store(p, 8); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_store16(__int128* p) { objgen::detail::trace_store(p, 16); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_8bit_counters_init(char*, char*) {}
#undef OBJGEN_DETAIL_LOAD_HOOK
