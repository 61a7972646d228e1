// objgen's malloc, free and operator new/delete: jemalloc's, plus a guard at the end of every
// block. The code under test runs in objgen's workers and shares their heap; a call that writes
// past its block or frees it twice damages the worker silently, and the damage surfaces much
// later (or never) in a call that did nothing wrong. With the guard, the damage is caught when
// the block is freed, inside the guilty call or the destruction of the object that owns it, and
// ends the worker with a note (heap_damage()) the supervisor turns into that call's finding.
//
// Layout: a block of `size` bytes is a jemalloc block of at least size + 8, whose last 8 usable
// bytes (jemalloc rounds up to a size class) hold the guard word: the block's address mixed
// with `size`, so free() finds it and the requested size from the pointer alone. Up to 8 bytes
// between the requested end and the guard word hold a fill pattern, so a write just past the end
// is seen too. free() checks both and stores the complement of the guard word; a second free()
// of the block sees the complement. Not covered: damage that skips the fill and the guard, and a
// double free after the block was handed out again (AddressSanitizer sees those; the emitted
// test of a heap-damage finding runs under it).
//
// Defined in the executable, these replace libc's and jemalloc's definitions for every library
// the process loads, including a harness. All blocks must share one layout, so whether the guard
// is on is decided at the first allocation, from OBJGEN_HEAP_CHECK (off unless "on"; the CLI's
// --heap-check re-executes objgen with it set); off, these are jemalloc's fast paths plus one
// branch. Cost of the guard: bench/README.md. Without jemalloc this file is not built.
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <jemalloc/jemalloc.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>

#include "exec/checked_heap.hpp"
#include "exec/child_process.hpp"

#define OBJGEN_INLINE inline __attribute__((always_inline))

namespace {

constexpr size_t kGuard = sizeof(uint64_t);
constexpr uint64_t kFillWord = 0xebebebebebebebebull;
// The fill of blocks made while junk_new_blocks is on: a read past a block's end then differs from
// the first run's (the regression oracles' second run drops such a value as flaky).
constexpr uint64_t kJunkFillWord = 0x5c5c5c5c5c5c5c5cull;
uint64_t g_fill_word = kFillWord;

OBJGEN_INLINE uint64_t address_mark(const void* p) { return 0x6f626a67656e2d21ull ^ (reinterpret_cast<uintptr_t>(p) << 16); }

OBJGEN_INLINE uint64_t* guard_of(void* p, size_t usable) { return reinterpret_cast<uint64_t*>(static_cast<char*>(p) + usable - kGuard); }

OBJGEN_INLINE int align_flags(size_t alignment) { return alignment <= alignof(std::max_align_t) ? 0 : MALLOCX_ALIGN(alignment); }

// jemalloc's own malloc, free and sized operator delete take its fast paths (mallocx and
// sdallocx do not); found once the dynamic linker can be asked, mallocx/sdallocx until then.
using MallocFn = void* (*)(size_t);
using FreeFn = void (*)(void*);
using SizedFreeFn = void (*)(void*, size_t);
MallocFn g_fast_malloc = nullptr;
FreeFn g_fast_unsized_free = nullptr;
SizedFreeFn g_fast_free = nullptr;
bool g_classes_known = false;

enum class Mode : signed char { kUndecided, kChecked, kPlain };
Mode g_mode = Mode::kUndecided;

__attribute__((noinline)) Mode decide_mode() {
  const char* value = getenv(objgen::kHeapCheckVariable);
  g_mode = value && std::strcmp(value, "on") == 0 ? Mode::kChecked : Mode::kPlain;
  return g_mode;
}

OBJGEN_INLINE bool checked() {
  Mode mode = g_mode;
  if (__builtin_expect(mode == Mode::kUndecided, 0)) mode = decide_mode();
  return mode == Mode::kChecked;
}

// jemalloc's size classes (4 per doubling above 16 bytes): the usable size of malloc(size).
OBJGEN_INLINE size_t size_class(size_t size) {
  if (size <= 8) return 8;
  int lg = 63 - __builtin_clzll((size << 1) - 1);  // ceil(log2(size))
  size_t delta = lg < 7 ? 16 : size_t{1} << (lg - 3);
  return (size + delta - 1) & ~(delta - 1);
}

OBJGEN_INLINE size_t usable_of(size_t bytes, int flags) {
  return flags == 0 && g_classes_known ? size_class(bytes) : nallocx(bytes, flags);
}

bool same_library(const void* a, const void* b, const void* c) {
  Dl_info jemalloc_info{}, info{};
  if (!dladdr(reinterpret_cast<const void*>(&mallocx), &jemalloc_info)) return false;
  for (const void* f : {a, b, c})
    if (!dladdr(f, &info) || info.dli_fbase != jemalloc_info.dli_fbase) return false;
  return true;
}

// Checked against jemalloc itself, so another jemalloc configuration only loses the shortcut.
__attribute__((constructor(101))) void find_fast_paths() {
  for (size_t n = 1; n <= (size_t{1} << 22); n += n < 4096 ? 1 : n / 7)
    if (size_class(n) != nallocx(n, 0)) return;
  g_classes_known = true;
  auto fast_malloc = reinterpret_cast<MallocFn>(dlsym(RTLD_NEXT, "malloc"));
  auto fast_unsized_free = reinterpret_cast<FreeFn>(dlsym(RTLD_NEXT, "free"));
  auto fast_free = reinterpret_cast<SizedFreeFn>(dlsym(RTLD_NEXT, "_ZdlPvm"));
  if (!fast_malloc || !fast_unsized_free || !fast_free) return;
  // Only jemalloc's: libstdc++'s operator delete, say, would call back into free() here.
  if (!same_library(reinterpret_cast<const void*>(fast_malloc), reinterpret_cast<const void*>(fast_unsized_free),
                    reinterpret_cast<const void*>(fast_free)))
    return;
  g_fast_malloc = fast_malloc;
  g_fast_unsized_free = fast_unsized_free;
  g_fast_free = fast_free;
}

// The fill bytes of a block: up to 8 between its requested end and its guard word.
OBJGEN_INLINE uint64_t fill_mask(size_t size, size_t usable) {
  size_t bytes = usable - kGuard - size;
  return bytes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * bytes)) - 1;
}

OBJGEN_INLINE void* seal(void* p, size_t size, size_t usable) {
  // One store covers the fill (size + 8 <= usable); the guard word may then overwrite its tail.
  std::memcpy(static_cast<char*>(p) + size, &g_fill_word, sizeof g_fill_word);
  *guard_of(p, usable) = address_mark(p) ^ size;
  return p;
}

bool g_junk = false;  // junk_new_blocks: then g_fast_malloc is null, so the fast path has no test for it

// Unchecked, blocks of 9 to 128 bytes freed by a sized delete wait in a per-thread stack per
// 16-byte class and go to the next allocation of that class: the code under test allocates and
// frees the same few sizes in every candidate (a copy of the receiver, then its destruction), and
// jemalloc's fast paths cost 33 (new) and 42 (sized delete) instructions a call, these 14 and 16
// (bench/HISTORY.md, issue 16 part 7). The stacks hold pointers, not links through the blocks, so
// a write after free damages no bookkeeping. A block of 9 to 128 bytes is in jemalloc's size class
// of 16 x ceil(size / 16) however it was allocated, so a class's stack holds blocks of one
// jemalloc class and a cached block is an ordinary jemalloc block (free() and realloc() take it).
// Checked, or filling new blocks, a thread never caches (its depth stays 0), so its stacks are
// empty and the fast paths below fall through to allocate() and release().
constexpr size_t kCachedMin = 9, kCachedMax = 128;  // jemalloc's classes are 16-byte steps here
constexpr unsigned kCacheClasses = kCachedMax / 16;
constexpr uint32_t kCacheDepth = 64;
struct BlockCache {
  uint32_t count[kCacheClasses];
  uint32_t depth;  // 0 until the thread's exit is set to give the blocks back, and after it did
  bool closed;
  void* blocks[kCacheClasses][kCacheDepth];
};
thread_local BlockCache t_cache;  // zero-initialized: no constructor and no guard on the fast path
pthread_key_t g_cache_key;
pthread_once_t g_cache_key_once = PTHREAD_ONCE_INIT;

OBJGEN_INLINE bool cacheable(size_t size) { return size - kCachedMin <= kCachedMax - kCachedMin; }
OBJGEN_INLINE unsigned cache_class(size_t size) { return static_cast<unsigned>((size - 1) >> 4); }
OBJGEN_INLINE size_t class_bytes(unsigned k) { return (size_t{k} + 1) << 4; }

// The fast paths: a cached block, else a tail call of `slow` (out of line, so that the fast path
// saves no registers).
template <class Slow>
OBJGEN_INLINE void* pop_cached_or(size_t size, Slow slow) {
  if (cacheable(size)) {
    BlockCache& c = t_cache;
    unsigned k = cache_class(size);
    if (uint32_t n = c.count[k]) {
      c.count[k] = n - 1;
      return c.blocks[k][n - 1];
    }
  }
  return slow(size);
}

// size: as the sized delete got it.
OBJGEN_INLINE bool push_cached(void* p, size_t size) {
  if (!cacheable(size)) return false;
  BlockCache& c = t_cache;
  unsigned k = cache_class(size);
  uint32_t n = c.count[k];
  if (n >= c.depth) return false;
  c.blocks[k][n] = p;
  c.count[k] = n + 1;
  return true;
}

void flush_block_cache(void*) {
  BlockCache& c = t_cache;
  c.closed = true;
  c.depth = 0;
  for (unsigned k = 0; k < kCacheClasses; ++k)
    while (c.count[k]) g_fast_free(c.blocks[k][--c.count[k]], class_bytes(k));
}

// Once per thread, from release(): unchecked with jemalloc's fast paths and no fill, the thread
// starts caching.
__attribute__((noinline)) bool start_block_cache() {
  BlockCache& c = t_cache;
  if (c.depth || c.closed || !g_fast_malloc || !g_fast_free) return false;
  pthread_once(&g_cache_key_once, [] { pthread_key_create(&g_cache_key, flush_block_cache); });
  if (pthread_setspecific(g_cache_key, &c) != 0) return false;  // any non-null value: its destructor runs
  c.depth = kCacheDepth;
  return true;
}

OBJGEN_INLINE void* allocate(size_t size, int flags) {
  if (!checked()) {
    if (flags == 0 && g_fast_malloc) return g_fast_malloc(size);
    void* p = mallocx(size ? size : 1, flags);
    if (!p)
      errno = ENOMEM;
    else if (g_junk && !(flags & MALLOCX_ZERO))
      std::memset(p, 0xa5, size);  // calloc's stay zero
    return p;
  }
  size_t bytes = size + kGuard;
  if (__builtin_expect(size > SIZE_MAX / 2, 0)) {
    errno = ENOMEM;
    return nullptr;
  }
  void* p = flags == 0 && g_fast_malloc ? g_fast_malloc(bytes) : mallocx(bytes, flags);
  if (__builtin_expect(!p, 0)) {
    errno = ENOMEM;
    return nullptr;
  }
  if (g_junk && !(flags & MALLOCX_ZERO)) std::memset(p, 0xa5, size);  // calloc's stay zero
  return seal(p, size, usable_of(bytes, flags));
}

[[noreturn]] __attribute__((noinline)) void damaged(void* p, size_t usable) {
  uint64_t size = ~*guard_of(p, usable) ^ address_mark(p);
  objgen::heap_damage(size <= usable - kGuard ? "heap damage: a block was freed twice"
                                              : "heap damage: a block was written past its end (seen when it was freed)");
}

// The requested size of a live block whose guard and fill are intact; else the damage ends the
// process.
OBJGEN_INLINE size_t checked_size(void* p, size_t usable) {
  uint64_t size = *guard_of(p, usable) ^ address_mark(p);
  if (__builtin_expect(size > usable - kGuard, 0)) damaged(p, usable);
  uint64_t fill;
  std::memcpy(&fill, static_cast<const char*>(p) + size, sizeof fill);
  uint64_t mask = fill_mask(size, usable);
  if (__builtin_expect(((fill ^ kFillWord) & mask) != 0, 0) && ((fill ^ kJunkFillWord) & mask) != 0)
    objgen::heap_damage("heap damage: a block was written past its end (seen when it was freed)");
  return size;
}

// usable = 0: look it up.
OBJGEN_INLINE void release(void* p, size_t usable) {
  if (!p) return;
  if (!checked()) {
    if (usable == 0 && g_fast_unsized_free)
      g_fast_unsized_free(p);
    else if (usable == 0)
      dallocx(p, 0);
    else if (!g_fast_free)
      sdallocx(p, usable, 0);
    else if (!cacheable(usable) || t_cache.depth || !start_block_cache() || !push_cached(p, usable))
      g_fast_free(p, usable);
    return;
  }
  if (usable == 0) usable = sallocx(p, 0);
  checked_size(p, usable);
  *guard_of(p, usable) = ~*guard_of(p, usable);
  if (g_fast_free)
    g_fast_free(p, usable);
  else
    sdallocx(p, usable, 0);
}

// The size a sized delete passes on to jemalloc (0: let it look the size up, as for an aligned
// block when unchecked: jemalloc's sized delete does not know the alignment).
OBJGEN_INLINE size_t usable_for(size_t size, size_t alignment) {
  if (!checked()) return align_flags(alignment) ? 0 : size ? size : 1;
  return usable_of(size + kGuard, align_flags(alignment));
}

bool valid_alignment(size_t alignment) { return alignment != 0 && (alignment & (alignment - 1)) == 0; }

__attribute__((noinline)) void* new_slow(size_t size, size_t alignment) {
  for (;;) {
    if (void* p = allocate(size, align_flags(alignment))) return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

OBJGEN_INLINE void* new_or_throw(size_t size, size_t alignment) {
  void* p = allocate(size, align_flags(alignment));
  return __builtin_expect(p != nullptr, 1) ? p : new_slow(size, alignment);
}

void* new_or_null(size_t size, size_t alignment) noexcept {
  try {
    return new_or_throw(size, alignment);
  } catch (...) {
    return nullptr;
  }
}

__attribute__((noinline)) void* new_uncached(size_t size) { return new_or_throw(size, 0); }
__attribute__((noinline)) void* malloc_uncached(size_t size) { return allocate(size, 0); }
__attribute__((noinline)) void delete_uncached(void* p, size_t size) { release(p, p ? usable_for(size, 0) : 0); }
}  // namespace

extern "C" {

void* malloc(size_t size) noexcept { return pop_cached_or(size, malloc_uncached); }

void free(void* p) noexcept { release(p, 0); }

void* calloc(size_t count, size_t size) noexcept {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  return allocate(bytes, MALLOCX_ZERO);
}

void* realloc(void* p, size_t size) noexcept {
  if (!p) return allocate(size, 0);
  if (size == 0) {  // frees, as glibc's (and jemalloc's default) do
    release(p, 0);
    return nullptr;
  }
  if (!checked()) {
    void* q = rallocx(p, size ? size : 1, 0);
    if (!q) errno = ENOMEM;
    return q;
  }
  if (size > SIZE_MAX / 2) {
    errno = ENOMEM;
    return nullptr;
  }
  checked_size(p, sallocx(p, 0));
  void* q = rallocx(p, size + kGuard, 0);
  if (!q) {
    errno = ENOMEM;
    return nullptr;
  }
  return seal(q, size, sallocx(q, 0));
}

int posix_memalign(void** out, size_t alignment, size_t size) noexcept {
  if (!valid_alignment(alignment) || alignment % sizeof(void*) != 0) return EINVAL;
  void* p = allocate(size, align_flags(alignment));
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

void* aligned_alloc(size_t alignment, size_t size) noexcept {
  if (!valid_alignment(alignment)) {
    errno = EINVAL;
    return nullptr;
  }
  return allocate(size, align_flags(alignment));
}

void* memalign(size_t alignment, size_t size) noexcept { return aligned_alloc(alignment, size); }

void* valloc(size_t size) noexcept { return aligned_alloc(static_cast<size_t>(getpagesize()), size); }

void* pvalloc(size_t size) noexcept {
  size_t page = static_cast<size_t>(getpagesize());
  if (size > SIZE_MAX / 2) {
    errno = ENOMEM;
    return nullptr;
  }
  return aligned_alloc(page, (size + page - 1) / page * page);
}

// The requested size: writing up to the usable size must not look like damage.
size_t malloc_usable_size(void* p) noexcept {
  if (!p) return 0;
  return checked() ? checked_size(p, sallocx(p, 0)) : sallocx(p, 0);
}

}  // extern "C"

void* operator new(size_t size) { return pop_cached_or(size, new_uncached); }
void* operator new[](size_t size) { return pop_cached_or(size, new_uncached); }
void* operator new(size_t size, const std::nothrow_t&) noexcept { return new_or_null(size, 0); }
void* operator new[](size_t size, const std::nothrow_t&) noexcept { return new_or_null(size, 0); }
void* operator new(size_t size, std::align_val_t a) { return new_or_throw(size, static_cast<size_t>(a)); }
void* operator new[](size_t size, std::align_val_t a) { return new_or_throw(size, static_cast<size_t>(a)); }
void* operator new(size_t size, std::align_val_t a, const std::nothrow_t&) noexcept { return new_or_null(size, static_cast<size_t>(a)); }
void* operator new[](size_t size, std::align_val_t a, const std::nothrow_t&) noexcept { return new_or_null(size, static_cast<size_t>(a)); }

void operator delete(void* p) noexcept { release(p, 0); }
void operator delete[](void* p) noexcept { release(p, 0); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p, 0); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p, 0); }
void operator delete(void* p, std::align_val_t) noexcept { release(p, 0); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p, 0); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p, 0); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p, 0); }
// A sized delete knows the block's size class without a lookup (a wrong size shows as damage).
void operator delete(void* p, size_t size) noexcept {
  if (!p || !push_cached(p, size)) delete_uncached(p, size);
}
void operator delete[](void* p, size_t size) noexcept {
  if (!p || !push_cached(p, size)) delete_uncached(p, size);
}
void operator delete(void* p, size_t size, std::align_val_t a) noexcept { release(p, p ? usable_for(size, static_cast<size_t>(a)) : 0); }
void operator delete[](void* p, size_t size, std::align_val_t a) noexcept { release(p, p ? usable_for(size, static_cast<size_t>(a)) : 0); }

bool objgen::heap_checked() { return checked(); }

void objgen::junk_new_blocks(bool on) {
  g_junk = on;
  g_fill_word = on ? kJunkFillWord : kFillWord;
  if (on) {
    g_fast_malloc = nullptr;     // every allocation through allocate()'s filling path...
    flush_block_cache(nullptr);  // ...none from this thread's cache (a test runner has one thread)
  }
}

namespace {

// Each arena's decay times (jemalloc's arena.<i>.{dirty,muzzy}_decay_ms); an arena not made yet
// refuses and is skipped.
void set_decay(ssize_t dirty_ms, ssize_t muzzy_ms) {
  unsigned arenas = 0;
  size_t length = sizeof arenas;
  if (mallctl("arenas.narenas", &arenas, &length, nullptr, 0) != 0) return;
  char name[64];
  for (unsigned i = 0; i < arenas; ++i) {
    std::snprintf(name, sizeof name, "arena.%u.dirty_decay_ms", i);
    mallctl(name, nullptr, nullptr, &dirty_ms, sizeof dirty_ms);
    std::snprintf(name, sizeof name, "arena.%u.muzzy_decay_ms", i);
    mallctl(name, nullptr, nullptr, &muzzy_ms, sizeof muzzy_ms);
  }
}

}  // namespace

void objgen::hold_freed_memory(bool on) {
  static int depth = 0;  // objgen's main thread scans; nested holds keep the outermost's times
  static ssize_t dirty_ms = 0, muzzy_ms = 0;
  static bool held = false;
  if (on && depth++ == 0) {
    size_t length = sizeof dirty_ms;
    held = mallctl("arena.0.dirty_decay_ms", &dirty_ms, &length, nullptr, 0) == 0 &&
           mallctl("arena.0.muzzy_decay_ms", &muzzy_ms, &length, nullptr, 0) == 0;
    if (held) set_decay(-1, -1);  // -1: never purged by time
  } else if (!on && depth > 0 && --depth == 0 && held) {
    set_decay(dirty_ms, muzzy_ms);
  }
}

void objgen::return_freed_memory() {
  static_assert(MALLCTL_ARENAS_ALL == 4096, "every arena: arena.<MALLCTL_ARENAS_ALL>.purge");
  mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);
}
