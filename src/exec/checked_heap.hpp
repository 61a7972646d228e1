// The checked heap (checked_heap.cpp, linked into the objgen executable when jemalloc is there):
// a guard at the end of every block catches a write past it or a second free() when the block
// is freed, inside the call that did it.
#pragma once

namespace objgen {

// Decides the mode at the process's first allocation: the guard is on when it is "on".
constexpr const char* kHeapCheckVariable = "OBJGEN_HEAP_CHECK";

bool heap_checked();

// From now on every new block is filled with 0xa5 before the caller gets it, so that a value read
// from memory nobody wrote differs from a run without it (the regression oracles' second run).
// A no-op without the checked heap (no jemalloc).
void junk_new_blocks(bool on);

// Gives the memory freed so far back to the system now: jemalloc keeps freed pages for seconds,
// and a process that frees a large table to make room for another would hold both meanwhile.
// A no-op without jemalloc.
void return_freed_memory();

// While one lives, freed memory stays with the allocator instead of going back to the system as
// time passes (jemalloc's decay): the addresses a run gets then depend on what it does, not on
// how fast. Clang's scan keys maps on addresses, and a header scanned twice gave different
// members when a purge came earlier in one run (docs/SCAN.md). A no-op without jemalloc.
void hold_freed_memory(bool on);  // nests: memory is let go when the outermost hold ends
class FreedMemoryHeld {
 public:
  FreedMemoryHeld() { hold_freed_memory(true); }
  ~FreedMemoryHeld() { hold_freed_memory(false); }
  FreedMemoryHeld(const FreedMemoryHeld&) = delete;
  FreedMemoryHeld& operator=(const FreedMemoryHeld&) = delete;
};

}  // namespace objgen
