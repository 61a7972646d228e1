// SanitizerCoverage's load hooks, for a harness that compiles them into itself (objgen korat's
// harness, with ThinLTO: they are inlined into the invariant). Include in one translation unit
// of the harness, compiled without coverage instrumentation. Hidden: the harness's calls stay in
// the harness.
#pragma once

#include "objgen/load_trace.hpp"

#define OBJGEN_DETAIL_LOAD_HOOK extern "C" __attribute__((visibility("hidden")))
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load1(uint8_t* p) { objgen::detail::trace_load(p, 1); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load2(uint16_t* p) { objgen::detail::trace_load(p, 2); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load4(uint32_t* p) { objgen::detail::trace_load(p, 4); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load8(uint64_t* p) { objgen::detail::trace_load(p, 8); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_load16(__int128* p) { objgen::detail::trace_load(p, 16); }
OBJGEN_DETAIL_LOAD_HOOK void __sanitizer_cov_8bit_counters_init(char*, char*) {}
#undef OBJGEN_DETAIL_LOAD_HOOK
