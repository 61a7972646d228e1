// objgen's allocator (src/exec/checked_heap.cpp) unchecked: small blocks freed by a sized delete
// wait in a per-thread cache for the next allocation of their class. Linked into this test as into
// the objgen executable, so every allocation here goes through it.
#include <gtest/gtest.h>
#include <jemalloc/jemalloc.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <set>
#include <thread>
#include <vector>

// The tests free through one interface what another allocated and compare freed pointers on
// purpose: that is the allocator's contract under test, not a mistake.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#pragma GCC diagnostic ignored "-Wuse-after-free"

namespace {

// Opaque to the optimizer: a new/delete pair it can see through may be elided.
void* allocate(size_t size) { return ::operator new(size); }
void deallocate(void* p, size_t size) { ::operator delete(p, size); }
void* volatile g_sink;

size_t allocated_bytes() {
  uint64_t epoch = 1;
  size_t len = sizeof epoch;
  mallctl("epoch", &epoch, &len, &epoch, len);
  size_t allocated = 0;
  len = sizeof allocated;
  mallctl("stats.allocated", &allocated, &len, nullptr, 0);
  return allocated;
}

TEST(BlockCache, ABlockFreedWithItsSizeGoesToTheNextAllocationOfItsClass) {
  void* a = allocate(40);
  deallocate(a, 40);
  void* b = allocate(33);  // 33..48 bytes: the same 16-byte class
  EXPECT_EQ(a, b);
  deallocate(b, 33);
  void* c = allocate(24);  // another class
  EXPECT_NE(c, a);
  deallocate(c, 24);
}

TEST(BlockCache, ACachedBlockIsAnOrdinaryBlock) {
  void* a = allocate(100);
  deallocate(a, 100);
  char* p = static_cast<char*>(std::malloc(100));  // the cached block, through malloc
  ASSERT_EQ(static_cast<void*>(p), a);
  EXPECT_GE(malloc_usable_size(p), 100u);
  std::memset(p, 'x', 100);
  p = static_cast<char*>(std::realloc(p, 5000));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p[99], 'x');
  std::free(p);
  void* q = allocate(64);  // freed unsized: jemalloc's again, not cached
  deallocate(q, 64);
  std::free(allocate(64));
}

TEST(BlockCache, ManyLiveBlocksAreDistinctAndOutsideTheRangeGoToJemalloc) {
  std::vector<void*> blocks;
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 1000; ++i) blocks.push_back(allocate(32));
    EXPECT_EQ(std::set<void*>(blocks.begin(), blocks.end()).size(), blocks.size());
    for (void* p : blocks) deallocate(p, 32);
    blocks.clear();
  }
  for (size_t size : {1u, 8u, 129u, 4096u}) {  // not cached
    void* a = allocate(size);
    std::memset(a, 1, size);
    deallocate(a, size);
    g_sink = a;
  }
}

// A thread's cached blocks go back to jemalloc when it ends: threads that come and go leave
// nothing behind.
TEST(BlockCache, AnEndingThreadGivesItsBlocksBack) {
  auto churn = [] {
    void* blocks[64];
    for (void*& p : blocks) p = allocate(96);
    for (void* p : blocks) deallocate(p, 96);
  };
  std::thread(churn).join();
  size_t before = allocated_bytes();
  for (int t = 0; t < 100; ++t) std::thread(churn).join();
  size_t after = allocated_bytes();
  // Kept, 100 threads would hold 100 x 64 x 96 = 614,400 bytes.
  EXPECT_LT(after, before + 64 * 1024) << "before " << before << ", after " << after;
}

}  // namespace
