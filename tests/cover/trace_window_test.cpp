// Blocks in the trace window: each at the start of its own slot, zeroed, writable, given back
// when destroyed (the next block takes the freed slot); one larger than a slot is refused.
#include "cover/trace_window.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cover/load_trace.hpp"

namespace objgen::cover {
namespace {

uintptr_t address(const TraceWindowBlock& b) { return reinterpret_cast<uintptr_t>(b.data()); }

TEST(TraceWindow, EachBlockTakesAFreeSlotOfTheWindow) {
  std::vector<std::unique_ptr<TraceWindowBlock>> blocks;
  for (int i = 0; i < 3; ++i) blocks.push_back(std::make_unique<TraceWindowBlock>(100));
  for (size_t i = 0; i < blocks.size(); ++i) {
    uintptr_t at = address(*blocks[i]);
    EXPECT_GE(at, kTraceWindowBase);
    EXPECT_LT(at, kTraceWindowBase + kTraceWindowBytes);
    EXPECT_EQ((at - kTraceWindowBase) % kTraceWindowSlotBytes, 0u);
    for (size_t j = 0; j < i; ++j) EXPECT_NE(at, address(*blocks[j]));
    EXPECT_EQ(blocks[i]->data()[99], 0);
    blocks[i]->data()[99] = 7;  // writable
  }
  uintptr_t freed = address(*blocks[1]);
  blocks[1].reset();
  TraceWindowBlock again(4096);
  EXPECT_EQ(address(again), freed);
  EXPECT_EQ(again.data()[99], 0);  // zeroed, not the old block's bytes
}

TEST(TraceWindow, ABlockLargerThanASlotIsRefused) { EXPECT_THROW(TraceWindowBlock(kTraceWindowSlotBytes + 1), std::runtime_error); }

}  // namespace
}  // namespace objgen::cover
