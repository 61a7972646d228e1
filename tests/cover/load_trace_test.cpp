// The load hooks objgen's executable exports for a traced harness: a load inside the traced
// arena appends each field it covers at its first read, in address order; loads outside it,
// on padding, or after the trace stopped append nothing.
#include "cover/load_trace.hpp"

#include "cover/trace_window.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace load_trace_test {

extern "C" {
void __sanitizer_cov_load1(uint8_t* p);
void __sanitizer_cov_load2(uint16_t* p);
void __sanitizer_cov_load4(uint32_t* p);
void __sanitizer_cov_load8(uint64_t* p);
void __sanitizer_cov_load16(__int128* p);
}

// An arena of 32 bytes in the trace window, as a search's objects are: field 0 at [0, 4), field 1
// at [4, 8), padding at [8, 16), field 2 at [16, 24), field 3 at [24, 32).
struct TracedArena {
  objgen::cover::TraceWindowBlock block{48};  // 16 bytes past the arena: loads that reach beyond it
  unsigned char* bytes = reinterpret_cast<unsigned char*>(block.data());
  std::vector<uint16_t> field_at = std::vector<uint16_t>(32, 0);
  std::vector<uint32_t> field_end{4, 8, 24, 32};
  std::vector<uint8_t> seen = std::vector<uint8_t>(4, 0);
  std::vector<uint32_t> read = std::vector<uint32_t>(4, 0);
  uint32_t depth = 0;
  TracedArena() {
    for (int b = 0; b < 4; ++b) field_at[b] = 1;
    for (int b = 4; b < 8; ++b) field_at[b] = 2;
    for (int b = 16; b < 24; ++b) field_at[b] = 3;
    for (int b = 24; b < 32; ++b) field_at[b] = 4;
  }
  objgen::cover::LoadTrace trace() {
    objgen::cover::LoadTrace t;
    t.base = reinterpret_cast<uintptr_t>(bytes);
    t.size = 32;
    t.field_at = field_at.data();
    t.field_end = field_end.data();
    t.seen = seen.data();
    t.read = read.data();
    t.depth = &depth;
    return t;
  }
  std::vector<uint32_t> fields_read() const { return {read.begin(), read.begin() + depth}; }
  template <class T>
  T* at(size_t offset) {
    return reinterpret_cast<T*>(bytes + offset);
  }
};

// Traces the arena for the test's duration: the trace is the process's one global.
struct Tracing {
  explicit Tracing(TracedArena& arena) { objgen::cover::start_load_trace(arena.trace()); }
  ~Tracing() { objgen::cover::stop_load_trace(); }
};

TEST(LoadTrace, EachFieldIsListedAtItsFirstRead) {
  TracedArena arena;
  Tracing tracing(arena);
  __sanitizer_cov_load4(arena.at<uint32_t>(4));
  __sanitizer_cov_load1(arena.at<uint8_t>(2));
  __sanitizer_cov_load4(arena.at<uint32_t>(4));  // again: already listed
  __sanitizer_cov_load8(arena.at<uint64_t>(24));
  EXPECT_EQ(arena.fields_read(), (std::vector<uint32_t>{1, 0, 3}));
  EXPECT_EQ(arena.seen, (std::vector<uint8_t>{1, 1, 0, 1}));
}

TEST(LoadTrace, AWideLoadCountsEveryFieldItCoversInAddressOrder) {
  TracedArena arena;
  Tracing tracing(arena);
  __sanitizer_cov_load16(arena.at<__int128>(0));  // fields 0 and 1, then padding
  EXPECT_EQ(arena.fields_read(), (std::vector<uint32_t>{0, 1}));
  __sanitizer_cov_load2(arena.at<uint16_t>(8));  // padding only
  EXPECT_EQ(arena.depth, 2u);
  __sanitizer_cov_load16(arena.at<__int128>(16));
  EXPECT_EQ(arena.fields_read(), (std::vector<uint32_t>{0, 1, 2, 3}));
}

TEST(LoadTrace, LoadsOutsideTheArenaAreIgnored) {
  TracedArena arena;
  Tracing tracing(arena);
  __sanitizer_cov_load8(arena.at<uint64_t>(32));  // just past its end
  uint64_t elsewhere = 0;
  __sanitizer_cov_load8(&elsewhere);
  EXPECT_EQ(arena.depth, 0u);
  // A load that starts in the arena and runs past its end reads only what lies inside.
  __sanitizer_cov_load16(arena.at<__int128>(24));
  EXPECT_EQ(arena.fields_read(), (std::vector<uint32_t>{3}));
}

// The same loads outside the trace window: the hooks do not look at the trace at all.
TEST(LoadTrace, AnArenaOutsideTheTraceWindowIsNotTraced) {
  TracedArena arena;
  alignas(16) unsigned char elsewhere[48] = {};
  objgen::cover::LoadTrace t = arena.trace();
  t.base = reinterpret_cast<uintptr_t>(elsewhere);
  objgen::cover::start_load_trace(t);
  __sanitizer_cov_load4(reinterpret_cast<uint32_t*>(elsewhere + 4));
  objgen::cover::stop_load_trace();
  EXPECT_EQ(arena.depth, 0u);
}

TEST(LoadTrace, NothingIsTracedAfterTheTraceStops) {
  TracedArena arena;
  {
    Tracing tracing(arena);
    __sanitizer_cov_load4(arena.at<uint32_t>(0));
  }
  __sanitizer_cov_load4(arena.at<uint32_t>(4));
  EXPECT_EQ(arena.fields_read(), (std::vector<uint32_t>{0}));
  EXPECT_EQ(objgen::detail::g_load_trace.size, 0u);
}

}  // namespace load_trace_test
