#include "gen/invariant/search_memory.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>
#include <thread>

namespace objgen::invariant {
namespace {
constexpr uint32_t kChunkStructures = 1024;
size_t round_up(size_t n) { return (n + 63) & ~size_t{63}; }
}  // namespace

struct SearchMemory::Header {
  std::atomic<uint32_t> next_chunk;  // the next chunk to claim
  std::atomic<uint32_t> allocated;   // task ids handed out
  std::atomic<uint32_t> taken;       // tasks taken by workers
  std::atomic<uint32_t> active;      // workers running a task, or about to take one
  std::atomic<uint32_t> waiting;     // workers waiting for a task
  std::atomic<uint64_t> structures;  // appended by every task
};

struct SearchMemory::Chunk {
  uint32_t task;
  std::atomic<uint32_t> count;
  uint32_t next;
  uint32_t spare;
  // kChunkStructures candidate vectors follow, then as many fingerprints: each copied out in one piece
};

SearchMemory::SearchMemory(size_t max_tasks, size_t lanes, uint32_t fields, size_t max_structures)
    : max_tasks_(max_tasks), lanes_(lanes), max_structures_(max_structures), fields_(fields) {
  // A task: its slot, its cursor block and arrays, its first candidate and prefix.
  task_bytes_ = round_up(sizeof(TaskSlot)) + round_up(sizeof(CursorBlock)) + round_up(CursorBlock::bytes_for(fields)) + round_up(fields) +
                round_up(4 * size_t{fields});
  fingerprints_at_ = sizeof(Chunk) + kChunkStructures * size_t{fields};  // a multiple of 8: fingerprints aligned
  chunk_bytes_ = round_up(fingerprints_at_ + kChunkStructures * sizeof(Fingerprint));
  chunks_ = static_cast<uint32_t>(std::min<size_t>((max_structures + kChunkStructures - 1) / kChunkStructures + max_tasks, UINT32_MAX - 1));
  tasks_at_ = round_up(sizeof(Header));
  lanes_at_ = tasks_at_ + max_tasks_ * task_bytes_;
  chunks_at_ = lanes_at_ + round_up(lanes_ * sizeof(LaneSlot));
  bytes_ = chunks_at_ + size_t{chunks_} * chunk_bytes_;
  // Only what is written is ever backed: tasks and chunks are handed out in order.
  void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  base_ = static_cast<char*>(p);
  new (base_) Header{};
  for (size_t l = 0; l < lanes_; ++l) new (&lane(l)) LaneSlot{}, lane(l).task.store(kNoTask);
}

SearchMemory::~SearchMemory() { munmap(base_, bytes_); }

SearchMemory::Header& SearchMemory::header() const { return *reinterpret_cast<Header*>(base_); }
TaskSlot& SearchMemory::task(size_t t) const { return *reinterpret_cast<TaskSlot*>(base_ + tasks_at_ + t * task_bytes_); }
LaneSlot& SearchMemory::lane(size_t l) const { return reinterpret_cast<LaneSlot*>(base_ + lanes_at_)[l]; }

CursorBlock& SearchMemory::block(size_t t) const {
  char* at = base_ + tasks_at_ + t * task_bytes_ + round_up(sizeof(TaskSlot));
  auto* b = reinterpret_cast<CursorBlock*>(at);
  b->attach(at + round_up(sizeof(CursorBlock)), fields_);
  return *b;
}

uint8_t* SearchMemory::values(size_t t) const {
  return reinterpret_cast<uint8_t*>(base_ + tasks_at_ + t * task_bytes_ + round_up(sizeof(TaskSlot)) + round_up(sizeof(CursorBlock)) +
                                    round_up(CursorBlock::bytes_for(fields_)));
}

uint32_t* SearchMemory::prefix(size_t t) const { return reinterpret_cast<uint32_t*>(values(t) + round_up(fields_)); }

uint32_t SearchMemory::add_tasks(const std::vector<std::pair<std::vector<uint8_t>, std::vector<uint32_t>>>& specs) {
  Header& h = header();
  uint32_t n = static_cast<uint32_t>(specs.size());
  uint32_t first = h.allocated.load();
  do {
    if (first + uint64_t{n} > max_tasks_) return kNoTask;
  } while (!h.allocated.compare_exchange_weak(first, first + n));
  for (uint32_t k = 0; k < n; ++k) {
    uint32_t t = first + k;
    TaskSlot& s = task(t);
    new (&s) TaskSlot{};
    s.first_chunk = s.last_chunk = kNoChunk;
    s.first_part = kNoTask;
    new (reinterpret_cast<char*>(&s) + round_up(sizeof(TaskSlot))) CursorBlock;
    block(t).clear();
    std::memcpy(values(t), specs[k].first.data(), fields_);
    s.prefix_length = static_cast<uint32_t>(std::min<size_t>(specs[k].second.size(), fields_));
    if (s.prefix_length > 0)  // an empty prefix's data() may be null, which memcpy must not get
      std::memcpy(prefix(t), specs[k].second.data(), s.prefix_length * sizeof(uint32_t));
    s.ready.store(1, std::memory_order_release);
  }
  return first;
}

uint32_t SearchMemory::task_count() const { return std::min<uint32_t>(header().allocated.load(), static_cast<uint32_t>(max_tasks_)); }

uint32_t SearchMemory::take_task(WorkerProgress& progress) {
  Header& h = header();
  h.active.fetch_add(1);
  bool counted_waiting = false;
  for (unsigned spins = 0;; ++spins) {
    uint32_t t = h.taken.load();
    if (t < h.allocated.load()) {
      if (!h.taken.compare_exchange_weak(t, t + 1)) continue;
      if (counted_waiting) h.waiting.fetch_sub(1);
      while (!task(t).ready.load(std::memory_order_acquire)) progress.fetch_add(1, std::memory_order_relaxed), std::this_thread::yield();
      return t;
    }
    // Nothing queued: wait while another worker runs a task (it may hand parts back), end when
    // none does.
    if (!counted_waiting) h.waiting.fetch_add(1), counted_waiting = true;
    if (h.active.load() == h.waiting.load()) {
      h.waiting.fetch_sub(1);
      h.active.fetch_sub(1);
      return kNoTask;
    }
    progress.fetch_add(1, std::memory_order_relaxed);
    if (spins > 64)
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    else
      std::this_thread::yield();
  }
}

void SearchMemory::task_finished() { header().active.fetch_sub(1); }
bool SearchMemory::someone_waits() const { return header().waiting.load(std::memory_order_relaxed) > 0; }
bool SearchMemory::queue_empty() const { return header().taken.load() >= header().allocated.load(); }

SearchMemory::Chunk* SearchMemory::chunk(uint32_t c) const {
  return reinterpret_cast<Chunk*>(base_ + chunks_at_ + size_t{c} * chunk_bytes_);
}

bool SearchMemory::append(size_t t, const uint8_t* values, const Fingerprint& fp) {
  // The shared count moves a chunk's worth at a time: workers do not share a cache line per structure.
  if (budget_ == 0) {
    if (header().structures.fetch_add(kChunkStructures, std::memory_order_relaxed) >= max_structures_) return false;
    budget_ = kChunkStructures;
  }
  --budget_;
  TaskSlot& s = task(t);
  Chunk* c = s.last_chunk == kNoChunk ? nullptr : chunk(s.last_chunk);
  if (!c || c->count.load(std::memory_order_relaxed) == kChunkStructures) {
    uint32_t claimed = header().next_chunk.fetch_add(1);
    if (claimed >= chunks_) return false;
    Chunk* fresh = chunk(claimed);
    fresh->task = static_cast<uint32_t>(t);
    fresh->count.store(0, std::memory_order_relaxed);
    fresh->next = kNoChunk;
    if (c)
      c->next = claimed;
    else
      s.first_chunk = claimed;
    s.last_chunk = claimed;
    c = fresh;
  }
  uint32_t n = c->count.load(std::memory_order_relaxed);
  std::memcpy(reinterpret_cast<uint8_t*>(c + 1) + size_t{n} * fields_, values, fields_);
  std::memcpy(reinterpret_cast<char*>(c) + fingerprints_at_ + size_t{n} * sizeof fp, &fp, sizeof fp);
  c->count.store(n + 1, std::memory_order_release);
  return true;
}

void SearchMemory::add_structures(size_t t, FoundStructures& found, const std::shared_ptr<const void>& memory) const {
  uint32_t claimed = std::min(header().next_chunk.load(), chunks_);
  uint32_t steps = 0;
  for (uint32_t c = task(t).first_chunk; c != kNoChunk; c = chunk(c)->next) {
    if (c >= claimed || chunk(c)->task != t || ++steps > claimed)
      throw std::runtime_error("the code under test damaged the search's output in its worker");
    uint32_t n = std::min(chunk(c)->count.load(std::memory_order_acquire), kChunkStructures);
    const auto* values = reinterpret_cast<const uint8_t*>(chunk(c) + 1);
    const auto* fps = reinterpret_cast<const Fingerprint*>(reinterpret_cast<const char*>(chunk(c)) + fingerprints_at_);
    found.add({values, fps, n}, memory);
  }
}

uint64_t SearchMemory::count(size_t t) const {
  uint64_t n = 0;
  uint32_t claimed = std::min(header().next_chunk.load(), chunks_);
  uint32_t steps = 0;
  for (uint32_t c = task(t).first_chunk; c != kNoChunk && c < claimed && ++steps <= claimed; c = chunk(c)->next)
    n += std::min(chunk(c)->count.load(std::memory_order_acquire), kChunkStructures);
  return n;
}

}  // namespace objgen::invariant
