// The runtime side of field-access monitoring for searches from an invariant (objgen korat): the
// trace a search points at its objects before each invariant call (objgen/load_trace.hpp says how
// the hooks use it).
#pragma once

#include "objgen/load_trace.hpp"

namespace objgen::cover {

using LoadTrace = detail::LoadTrace;
using LoadTraceAlarms = detail::LoadTraceAlarms;
using detail::kGuardByte;
using detail::kTraceWindowBase;
using detail::kTraceWindowBytes;
using detail::kTraceWindowSlotBytes;

// Traces reads of [base, base + size) into the lists until stop_load_trace().
inline void start_load_trace(const LoadTrace& trace) { detail::g_load_trace = trace; }
inline void stop_load_trace() { detail::g_load_trace.size = 0; }

}  // namespace objgen::cover
