// Cutting a search from an invariant into tasks: each task starts at a candidate whose first
// reads stay fixed while it runs, and the tasks' valid structures, put end to end, are the
// sequential search's. Also the one call of the invariant (what it threw) and the tasks as bytes.
#include "gen/invariant/search_split.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <set>
#include <stdexcept>
#include <vector>

#include "gen/invariant/space_of.hpp"
#include "objgen/objgen.hpp"

namespace search_split_test {
struct Link {
  Link* next = nullptr;
};
// A list of distinct links whose size is its length. The invariant reports its loads as the
// load hooks of a traced harness would.
struct Chain {
  Link* head = nullptr;
  int size = 0;
  bool ok() const {
    objgen::detail::trace_load(&head, sizeof head);
    std::set<const Link*> seen;
    for (const Link* l = head; l; l = l->next) {
      if (!seen.insert(l).second) return false;
      objgen::detail::trace_load(&l->next, sizeof l->next);
    }
    objgen::detail::trace_load(&size, sizeof size);
    return size == static_cast<int>(seen.size());
  }
};
}  // namespace search_split_test

OBJGEN_FIELDS(search_split_test::Link, next)
OBJGEN_FIELDS(search_split_test::Chain, head, size)

namespace objgen::invariant {
namespace {

using search_split_test::Chain;

// Chain: head, size (0..links); then each link's next.
FieldSpace search_split_space(int links) {
  Finitization fin;
  fin.scope = links;
  fin.ranges["size"] = {0, links};
  return test_support::space_of(class_id<Chain>(), fin);
}

ClassInfo search_split_chain_info() {
  ClassInfo info;
  info.invariant = [](const void* p) { return static_cast<const Chain*>(p)->ok(); };
  return info;
}

struct SearchSplitCursor {
  std::vector<uint32_t> memory;
  CursorBlock block;
  explicit SearchSplitCursor(uint32_t fields) : memory(CursorBlock::bytes_for(fields) / 4 + 1) {
    block.attach(memory.data(), fields);
    block.clear();
  }
};

// Runs a task as a worker does: its values, the invariant's reads, the prefix frozen after the
// first candidate. Returns the valid candidates and counts every candidate in `explored`.
std::vector<std::vector<uint8_t>> search_split_run(const ClassInfo& info, const FieldSpace& space, ObjectArena& arena, const TaskSpec& task,
                                                   size_t& explored) {
  const uint32_t fields = static_cast<uint32_t>(space.fields.size());
  SearchSplitCursor c(fields);
  std::memcpy(c.block.values, task.values.data(), fields);
  CandidateCursor cursor(space, c.block);
  arena.write_all(c.block.values);
  cover::LoadTrace trace = arena.trace(c.block);
  std::vector<std::vector<uint8_t>> valid_ones;
  bool first = true;
  for (;;) {
    bool valid = false;
    EXPECT_EQ(call_invariant(info, arena, trace, valid), "");
    ++explored;
    if (valid) {
      valid_ones.emplace_back(c.block.values, c.block.values + fields);
      cursor.add_unread_reachable_fields();
    }
    if (first) {
      EXPECT_GE(c.block.depth, task.prefix.size());
      EXPECT_TRUE(std::equal(task.prefix.begin(), task.prefix.end(), c.block.read)) << "the task's reads begin with its prefix";
      c.block.frozen = static_cast<uint32_t>(task.prefix.size());
      first = false;
    }
    if (!cursor.advance()) break;
    arena.write(c.block.values, cursor.changed());
  }
  return valid_ones;
}

TEST(SearchSplit, TheWholeSearchFindsEachListOnce) {
  FieldSpace space = search_split_space(3);
  ObjectArena arena(space);
  size_t explored = 0;
  auto found =
      search_split_run(search_split_chain_info(), space, arena, TaskSpec{std::vector<uint8_t>(space.fields.size(), 0), {}}, explored);
  // Lists of 0 to 3 links, each once up to renumbering: head, size, then link k's next.
  std::vector<std::vector<uint8_t>> expected{{0, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 2, 0, 0}, {1, 3, 2, 3, 0}};
  EXPECT_EQ(found, expected);
  EXPECT_GT(explored, found.size());
}

TEST(SearchSplit, TasksPutEndToEndAreTheSequentialSearch) {
  FieldSpace space = search_split_space(3);
  ClassInfo info = search_split_chain_info();
  ObjectArena arena(space);
  size_t sequential_explored = 0;
  auto sequential = search_split_run(info, space, arena, TaskSpec{std::vector<uint8_t>(space.fields.size(), 0), {}}, sequential_explored);
  for (size_t target : {1u, 2u, 4u, 8u}) {
    SearchSplitCursor start(static_cast<uint32_t>(space.fields.size()));
    std::vector<TaskSpec> tasks = split_search(info, space, start.block, target, arena);
    ASSERT_GE(tasks.size(), target) << "the search has enough candidates for " << target << " tasks";
    EXPECT_EQ(tasks[0].values, std::vector<uint8_t>(space.fields.size(), 0)) << "the first task starts where the search does";
    std::vector<std::vector<uint8_t>> joined;
    size_t explored = 0;
    for (const TaskSpec& t : tasks) {
      auto part = search_split_run(info, space, arena, t, explored);
      joined.insert(joined.end(), part.begin(), part.end());
    }
    EXPECT_EQ(joined, sequential) << target << " tasks";
    EXPECT_EQ(explored, sequential_explored) << "no candidate run twice or skipped";
  }
}

TEST(SearchSplit, ATaskCanBeSplitAgainFromItsFrozenPrefix) {
  FieldSpace space = search_split_space(3);
  ClassInfo info = search_split_chain_info();
  ObjectArena arena(space);
  SearchSplitCursor start(static_cast<uint32_t>(space.fields.size()));
  std::vector<TaskSpec> tasks = split_search(info, space, start.block, 2, arena);
  ASSERT_GE(tasks.size(), 2u);
  const TaskSpec& last = tasks.back();
  size_t explored = 0;
  auto whole = search_split_run(info, space, arena, last, explored);
  // The last task's first candidate, its prefix read and frozen: parts of that task only.
  SearchSplitCursor from(static_cast<uint32_t>(space.fields.size()));
  std::memcpy(from.block.values, last.values.data(), last.values.size());
  for (uint32_t f : last.prefix) from.block.read[from.block.depth++] = f, from.block.seen[f] = 1;
  from.block.frozen = from.block.depth;
  std::vector<TaskSpec> parts = split_search(info, space, from.block, 3, arena);
  ASSERT_FALSE(parts.empty());
  std::vector<std::vector<uint8_t>> joined;
  size_t part_explored = 0;
  for (const TaskSpec& p : parts) {
    EXPECT_TRUE(std::equal(last.prefix.begin(), last.prefix.end(), p.prefix.begin())) << "parts keep the task's prefix";
    auto found = search_split_run(info, space, arena, p, part_explored);
    joined.insert(joined.end(), found.begin(), found.end());
  }
  EXPECT_EQ(joined, whole);
  EXPECT_EQ(part_explored, explored);
}

TEST(SearchSplit, EachInvariantCallIsASignOfLife) {
  FieldSpace space = search_split_space(2);
  ObjectArena arena(space);
  std::atomic<uint64_t> word{999};
  WorkerProgress progress(&word);
  uint64_t counter = 0;
  SearchSplitCursor start(static_cast<uint32_t>(space.fields.size()));
  split_search(search_split_chain_info(), space, start.block, 2, arena, Heartbeat{&progress, &counter});
  EXPECT_GT(counter, 0u);
  EXPECT_EQ(word.load(), counter - 1);
}

TEST(SearchSplit, WhatTheInvariantThrowsIsSaid) {
  FieldSpace space = search_split_space(1);
  ObjectArena arena(space);
  SearchSplitCursor c(static_cast<uint32_t>(space.fields.size()));
  cover::LoadTrace trace = arena.trace(c.block);
  ClassInfo info;
  bool valid = true;
  info.invariant = [](const void*) -> bool { throw std::out_of_range("node 4"); };
  EXPECT_EQ(call_invariant(info, arena, trace, valid), "the invariant threw node 4");
  EXPECT_FALSE(valid);
  valid = true;
  info.invariant = [](const void*) -> bool { throw 7; };
  EXPECT_EQ(call_invariant(info, arena, trace, valid), "the invariant threw an exception not derived from std::exception");
  EXPECT_FALSE(valid);
  info.invariant = [](const void*) { return true; };
  EXPECT_EQ(call_invariant(info, arena, trace, valid), "");
  EXPECT_TRUE(valid);
}

TEST(SearchSplit, TheInvariantsReadsAreTracedOnlyDuringItsCall) {
  FieldSpace space = search_split_space(1);
  ObjectArena arena(space);
  SearchSplitCursor c(static_cast<uint32_t>(space.fields.size()));
  bool valid = false;
  call_invariant(search_split_chain_info(), arena, arena.trace(c.block), valid);
  EXPECT_TRUE(valid) << "an empty list of size 0";
  EXPECT_EQ(std::vector<uint32_t>(c.block.read, c.block.read + c.block.depth), (std::vector<uint32_t>{0, 1}));
  static_cast<const Chain*>(arena.root())->ok();  // outside a call: not traced
  EXPECT_EQ(c.block.depth, 2u);
}

TEST(SearchSplit, TasksRoundTripAsBytes) {
  FieldSpace space = search_split_space(2);  // head, size, two links' next: 4 fields
  std::vector<TaskSpec> tasks{{{0, 0, 0, 0}, {}}, {{1, 2, 2, 0}, {0, 2, 1}}};
  std::vector<TaskSpec> back = decode_tasks(encode_tasks(tasks), space);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].values, tasks[0].values);
  EXPECT_TRUE(back[0].prefix.empty());
  EXPECT_EQ(back[1].values, tasks[1].values);
  EXPECT_EQ(back[1].prefix, tasks[1].prefix);
}

// The message of the std::runtime_error that decoding `bytes` throws ("" when none).
std::string search_split_refusal(const std::string& bytes, const FieldSpace& space) {
  try {
    decode_tasks(bytes, space);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(SearchSplit, DamagedTaskBytesAreRefused) {
  FieldSpace space = search_split_space(2);
  EXPECT_EQ(search_split_refusal(encode_tasks({}), space), "a task count past the end");
  EXPECT_EQ(search_split_refusal(encode_tasks({{{0, 3, 0, 0}, {}}}), space), "a value out of its domain");
  EXPECT_EQ(search_split_refusal(encode_tasks({{{0, 0, 0, 0}, {0, 4}}}), space), "a field out of range");
  EXPECT_EQ(search_split_refusal(encode_tasks({{{0, 0, 0, 0}, {0, 1, 2, 3, 0}}}), space), "a prefix longer than the vector");
  EXPECT_EQ(search_split_refusal(encode_tasks({{{0, 0, 0, 0}, {}}}) + "x", space), "bytes after the jobs");
  std::string whole = encode_tasks({{{0, 0, 0, 0}, {1}}});
  EXPECT_NE(search_split_refusal(whole.substr(0, whole.size() - 2), space), "") << "cut short";
  // Tasks of a space with more fields do not fit this one.
  EXPECT_NE(search_split_refusal(encode_tasks({{{0, 0, 0, 0, 0}, {}}}), space), "");
}

}  // namespace
}  // namespace objgen::invariant
