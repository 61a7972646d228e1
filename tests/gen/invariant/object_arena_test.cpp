// The objects of a search from an invariant: one default-constructed object per place of the
// finitization in one block, whose fields each candidate vector is written into (pointers as the
// arena's own objects, integers as their values, a vector as its length over storage in the
// block), and the map from the block's bytes to fields that the load hooks trace reads with.
#include "gen/invariant/object_arena.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gen/invariant/space_of.hpp"
#include "objgen/objgen.hpp"

namespace object_arena_test {
struct Cell {
  Cell* next = nullptr;
  short tag = 0;
};
struct Ring {
  Cell* first = nullptr;
  int count = 0;
  bool open = false;
  std::string label = "kept";
};
struct Bag {
  std::vector<int> items;
  long total = 0;
};
}  // namespace object_arena_test

OBJGEN_FIELDS(object_arena_test::Cell, next, tag)
OBJGEN_FIELDS(object_arena_test::Ring, first, count, open, label)
OBJGEN_FIELDS(object_arena_test::Bag, items, total)

namespace objgen::invariant {
namespace {

using object_arena_test::Bag;
using object_arena_test::Cell;
using object_arena_test::Ring;

FieldSpace object_arena_space(ClassId root, const Finitization& fin) { return test_support::space_of(root, fin); }

// A cursor block of `fields` fields, nothing read yet, in memory of its own.
struct EmptyBlock {
  explicit EmptyBlock(uint32_t fields) : memory(CursorBlock::bytes_for(fields) / 4 + 1) {
    block.attach(memory.data(), fields);
    block.clear();
  }
  std::vector<uint32_t> memory;
  CursorBlock block;
};

// Ring: first, count, open; then per cell: next, tag.
FieldSpace object_arena_ring_space() {
  Finitization fin;
  fin.scope = 2;
  fin.ranges["count"] = {-2, 1};
  fin.ranges["tag"] = {-1, 1};
  return object_arena_space(class_id<Ring>(), fin);
}

TEST(ObjectArena, ObjectsAreDefaultConstructed) {
  FieldSpace space = object_arena_ring_space();
  ASSERT_EQ(space.objects.size(), 3u);
  ObjectArena arena(space);
  EXPECT_EQ(arena.root(), arena.object(0));
  const Ring* ring = static_cast<const Ring*>(arena.root());
  EXPECT_EQ(ring->label, "kept");
  EXPECT_EQ(ring->first, nullptr);
  EXPECT_NE(arena.object(1), arena.object(2));
}

TEST(ObjectArena, ACandidateIsWrittenIntoTheFields) {
  FieldSpace space = object_arena_ring_space();
  ASSERT_EQ(space.fields.size(), 7u);
  ObjectArena arena(space);
  // first = cell 1, count = -2 + 3, open; cell 0: next null, tag -1 + 2; cell 1: next cell 0, tag -1.
  std::vector<uint8_t> values{2, 3, 1, 0, 2, 1, 0};
  arena.write_all(values.data());
  const Ring* ring = static_cast<const Ring*>(arena.root());
  const Cell* cell0 = static_cast<const Cell*>(arena.object(1));
  const Cell* cell1 = static_cast<const Cell*>(arena.object(2));
  EXPECT_EQ(ring->first, cell1);
  EXPECT_EQ(ring->count, 1);
  EXPECT_TRUE(ring->open);
  EXPECT_EQ(ring->label, "kept") << "a field the search does not write";
  EXPECT_EQ(cell0->next, nullptr);
  EXPECT_EQ(cell0->tag, 1);
  EXPECT_EQ(cell1->next, cell0);
  EXPECT_EQ(cell1->tag, -1);
  // Negative values keep their sign in every width.
  values = {0, 0, 0, 0, 0, 0, 0};
  arena.write_all(values.data());
  EXPECT_EQ(ring->first, nullptr);
  EXPECT_EQ(ring->count, -2);
  EXPECT_FALSE(ring->open);
  EXPECT_EQ(cell0->tag, -1);
}

TEST(ObjectArena, OnlyTheListedFieldsAreWritten) {
  FieldSpace space = object_arena_ring_space();
  ObjectArena arena(space);
  std::vector<uint8_t> values{1, 2, 0, 0, 0, 0, 0};
  arena.write_all(values.data());
  values = {2, 3, 1, 0, 0, 0, 0};
  arena.write(values.data(), {1});
  const Ring* ring = static_cast<const Ring*>(arena.root());
  EXPECT_EQ(ring->count, 1);
  EXPECT_EQ(ring->first, arena.object(1)) << "first was not listed";
  EXPECT_FALSE(ring->open);
}

TEST(ObjectArena, AVectorIsItsLengthOverElementsInTheBlock) {
  Finitization fin;
  fin.scope = 3;
  fin.ranges["items.size"] = {0, 3};
  fin.ranges["items"] = {-1, 1};
  fin.ranges["total"] = {0, 0};
  FieldSpace space = object_arena_space(class_id<Bag>(), fin);
  ASSERT_EQ(space.fields.size(), 5u);  // length, three elements, total
  ObjectArena arena(space);
  const Bag* bag = static_cast<const Bag*>(arena.root());
  std::vector<uint8_t> values{2, 2, 0, 1, 0};
  arena.write_all(values.data());
  EXPECT_EQ(bag->items, (std::vector<int>{1, -1}));
  EXPECT_EQ(bag->items.capacity(), 3u) << "room for the longest";
  values[0] = 3;
  arena.write(values.data(), {0});
  EXPECT_EQ(bag->items, (std::vector<int>{1, -1, 0}));
  values[0] = 0;
  arena.write(values.data(), {0});
  EXPECT_TRUE(bag->items.empty());
}

TEST(ObjectArena, TheTraceTurnsLoadsIntoFieldReads) {
  FieldSpace space = object_arena_ring_space();
  ObjectArena arena(space);
  EmptyBlock empty(7);
  CursorBlock& block = empty.block;
  Ring* ring = static_cast<Ring*>(arena.root());
  Cell* cell1 = static_cast<Cell*>(arena.object(2));
  cover::start_load_trace(arena.trace(block));
  detail::trace_load(&cell1->tag, sizeof cell1->tag);
  detail::trace_load(&ring->first, sizeof ring->first);
  detail::trace_load(&ring->first, sizeof ring->first);  // read again: listed once
  detail::trace_load(&ring->count, 8);                   // one load over count and open
  detail::trace_load(&ring->label, sizeof ring->label);  // not a field of the vector
  int outside = 0;
  detail::trace_load(&outside, sizeof outside);
  cover::stop_load_trace();
  detail::trace_load(&cell1->next, sizeof cell1->next);  // no longer traced
  EXPECT_EQ(std::vector<uint32_t>(block.read, block.read + block.depth), (std::vector<uint32_t>{6, 0, 1, 2}));
  EXPECT_EQ(block.seen[5], 0);
}

// A write into a field while traced is an alarm: said once, with the field, and the candidate
// written again whole; writes outside the fields (a string's bytes, other memory) are not.
TEST(ObjectArena, AWriteIntoAFieldIsAnAlarmAndTheCandidateIsRestored) {
  FieldSpace space = object_arena_ring_space();
  ObjectArena arena(space);
  EmptyBlock empty(7);
  CursorBlock& block = empty.block;
  std::vector<uint8_t> values{0, 3, 1, 0, 2, 0, 0};
  arena.write_all(values.data());
  Ring* ring = static_cast<Ring*>(arena.root());
  cover::start_load_trace(arena.trace(block));
  int outside = 0;
  detail::trace_store(&outside, sizeof outside);
  detail::trace_store(&ring->label, sizeof ring->label);
  cover::stop_load_trace();
  EXPECT_EQ(arena.take_alarm(space, values.data()), "");

  cover::start_load_trace(arena.trace(block));
  ring->count = 7;
  detail::trace_store(&ring->count, sizeof ring->count);
  detail::trace_store(&ring->open, sizeof ring->open);  // the first write is the one said
  cover::stop_load_trace();
  std::string alarm = arena.take_alarm(space, values.data());
  EXPECT_NE(alarm.find("wrote Ring.count of the candidate"), std::string::npos) << alarm;
  EXPECT_EQ(ring->count, 1) << "the candidate written again";
  EXPECT_EQ(arena.take_alarm(space, values.data()), "") << "cleared";
}

// A guard slot follows each vector's storage: reading it (past the capacity) is an alarm naming
// the vector; reading the last element is not.
TEST(ObjectArena, AReadPastAVectorsCapacityIsAnAlarm) {
  Finitization fin;
  fin.scope = 2;
  fin.ranges["items.size"] = {0, 2};
  fin.ranges["items"] = {0, 1};
  fin.ranges["total"] = {0, 0};
  FieldSpace space = object_arena_space(class_id<Bag>(), fin);
  ObjectArena arena(space);
  EmptyBlock empty(4);
  CursorBlock& block = empty.block;
  std::vector<uint8_t> values{2, 1, 1, 0};
  arena.write_all(values.data());
  const Bag* bag = static_cast<const Bag*>(arena.root());
  cover::start_load_trace(arena.trace(block));
  detail::trace_load(bag->items.data() + 1, sizeof(int));
  cover::stop_load_trace();
  EXPECT_EQ(arena.take_alarm(space, values.data()), "");
  cover::start_load_trace(arena.trace(block));
  detail::trace_load(bag->items.data() + bag->items.capacity(), sizeof(int));
  cover::stop_load_trace();
  std::string alarm = arena.take_alarm(space, values.data());
  EXPECT_NE(alarm.find("read past the storage of Bag.items "), std::string::npos) << alarm;
}

}  // namespace
}  // namespace objgen::invariant
