// The C library's functions that read memory, as a traced harness's own (objgen korat): an
// invariant that compares vectors with ==, calls std::equal on scalars, memcmp or strlen reads
// the candidate's fields inside the C library, where trace-loads sees nothing, and a search that
// does not see those reads leaves fields unvaried and misses structures. These definitions are
// hidden and the harness is linked with -Bsymbolic-functions, so the harness's calls bind to
// them; each reports the bytes it reads (and writes) in the order it reads them, then does the
// work. Outside an invariant call (nothing traced) they hand over to the C library's own.
//
// Include in the one translation unit of load_trace_hooks.hpp. `no_builtin`: the compiler must
// not turn the loops back into calls of the functions they define.
#pragma once

#include <dlfcn.h>

#include <cstddef>
#include <cstdint>

#include "objgen/load_trace.hpp"

namespace objgen::detail {

// The C library's function of that name (not this harness's: hidden, it is not in the
// dynamic symbol table that dlsym searches).
template <class F>
F libc_function(F& cached, const char* name) {
  if (!cached) cached = reinterpret_cast<F>(dlsym(RTLD_DEFAULT, name));
  return cached;
}

// Whether [p, p + n) may hold a byte of the traced arena (else the call is not traced).
inline bool may_touch_arena(const void* p, size_t n) {
  const LoadTrace& t = g_load_trace;
  if (t.size == 0) return false;
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return a < t.base + t.size && a + n > t.base;
}

// The bytes of a and b a comparison reads: both up to the first that differs (or `stop` says so).
template <class Stop>
[[gnu::always_inline]] inline size_t traced_compare_length(const unsigned char* a, const unsigned char* b, size_t n, Stop stop) {
  size_t i = 0;
  for (; i < n; ++i) {
    trace_load(a + i, 1);
    trace_load(b + i, 1);
    if (a[i] != b[i] || stop(a[i])) return i;
  }
  return n;
}

}  // namespace objgen::detail

#define OBJGEN_DETAIL_LIBC extern "C" __attribute__((visibility("hidden"), no_builtin, used))

OBJGEN_DETAIL_LIBC int memcmp(const void* a, const void* b, size_t n) {
  using namespace objgen::detail;
  static int (*real)(const void*, const void*, size_t) = nullptr;
  if (!may_touch_arena(a, n) && !may_touch_arena(b, n)) return libc_function(real, "memcmp")(a, b, n);
  auto* x = static_cast<const unsigned char*>(a);
  auto* y = static_cast<const unsigned char*>(b);
  size_t i = traced_compare_length(x, y, n, [](unsigned char) { return false; });
  return i == n ? 0 : x[i] < y[i] ? -1 : 1;
}

OBJGEN_DETAIL_LIBC int bcmp(const void* a, const void* b, size_t n) { return memcmp(a, b, n); }

OBJGEN_DETAIL_LIBC void* memcpy(void* __restrict to, const void* __restrict from, size_t n) {
  using namespace objgen::detail;
  static void* (*real)(void*, const void*, size_t) = nullptr;
  if (may_touch_arena(from, n) || may_touch_arena(to, n)) trace_load(from, n), trace_store(to, n);
  return libc_function(real, "memcpy")(to, from, n);
}

OBJGEN_DETAIL_LIBC void* memmove(void* to, const void* from, size_t n) {
  using namespace objgen::detail;
  static void* (*real)(void*, const void*, size_t) = nullptr;
  if (may_touch_arena(from, n) || may_touch_arena(to, n)) trace_load(from, n), trace_store(to, n);
  return libc_function(real, "memmove")(to, from, n);
}

OBJGEN_DETAIL_LIBC void* memchr(const void* s, int c, size_t n) {
  using namespace objgen::detail;
  static void* (*real)(const void*, int, size_t) = nullptr;
  if (!may_touch_arena(s, n)) return libc_function(real, "memchr")(s, c, n);
  auto* p = static_cast<const unsigned char*>(s);
  for (size_t i = 0; i < n; ++i) {
    trace_load(p + i, 1);
    if (p[i] == static_cast<unsigned char>(c)) return const_cast<unsigned char*>(p + i);
  }
  return nullptr;
}

OBJGEN_DETAIL_LIBC size_t strlen(const char* s) {
  using namespace objgen::detail;
  static size_t (*real)(const char*) = nullptr;
  if (g_load_trace.size == 0) return libc_function(real, "strlen")(s);
  size_t n = 0;
  for (;; ++n) {
    trace_load(s + n, 1);
    if (s[n] == 0) return n;
  }
}

OBJGEN_DETAIL_LIBC size_t strnlen(const char* s, size_t limit) {
  using namespace objgen::detail;
  static size_t (*real)(const char*, size_t) = nullptr;
  if (!may_touch_arena(s, limit)) return libc_function(real, "strnlen")(s, limit);
  size_t n = 0;
  for (; n < limit; ++n) {
    trace_load(s + n, 1);
    if (s[n] == 0) break;
  }
  return n;
}

OBJGEN_DETAIL_LIBC int strncmp(const char* a, const char* b, size_t n) {
  using namespace objgen::detail;
  static int (*real)(const char*, const char*, size_t) = nullptr;
  if (g_load_trace.size == 0) return libc_function(real, "strncmp")(a, b, n);
  auto* x = reinterpret_cast<const unsigned char*>(a);
  auto* y = reinterpret_cast<const unsigned char*>(b);
  size_t i = traced_compare_length(x, y, n, [](unsigned char c) { return c == 0; });
  return i == n ? 0 : x[i] < y[i] ? -1 : x[i] > y[i] ? 1 : 0;
}

OBJGEN_DETAIL_LIBC int strcmp(const char* a, const char* b) {
  using namespace objgen::detail;
  static int (*real)(const char*, const char*) = nullptr;
  if (g_load_trace.size == 0) return libc_function(real, "strcmp")(a, b);
  return strncmp(a, b, SIZE_MAX);
}

#undef OBJGEN_DETAIL_LIBC
