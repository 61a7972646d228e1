// Korat's walk over candidate vectors: the next candidate changes the last field the invariant
// read, fields it never read keep their first value, and a pointer may only take an object whose
// lower-numbered siblings were already used by a field read before it (one structure of each
// shape up to renumbering). (Korat's own counts are checked in invariant_search_test.cpp.)
#include "gen/invariant/candidate_cursor.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace objgen::invariant {
namespace {

constexpr ClassId kCursorRoot = 21, kCursorNode = 22, kCursorBag = 23;

FieldSpace cursor_space(std::map<ClassId, ClassLayout> layouts, ClassId root, int scope) {
  Finitization fin;
  fin.scope = scope;
  if (root == kCursorBag) fin.ranges["items"] = {0, 1};
  return build_field_space(
      root, fin, [&](ClassId c) -> const ClassLayout* { return layouts.count(c) ? &layouts.at(c) : nullptr; },
      [](ClassId c) { return c == kCursorRoot   ? std::string("Root")
                             : c == kCursorNode ? std::string("Node")
                                                : std::string("Bag"); });
}

// Root { Node* a; Node* b; }, Node { }: two pointers into the same nodes.
FieldSpace cursor_two_pointers(int nodes) {
  return cursor_space(
      {{kCursorRoot, ClassLayout{16, 8, {{"a", 0, 8, FieldKind::Pointer, kCursorNode}, {"b", 8, 8, FieldKind::Pointer, kCursorNode}}}},
       {kCursorNode, ClassLayout{1, 1, {}}}},
      kCursorRoot, nodes);
}

// Root { Node* a; int x; }, Node { Node* next; int v; }
FieldSpace cursor_linked(int nodes) {
  return cursor_space(
      {{kCursorRoot, ClassLayout{16, 8, {{"a", 0, 8, FieldKind::Pointer, kCursorNode}, {"x", 8, 4, FieldKind::Signed, 0}}}},
       {kCursorNode, ClassLayout{16, 8, {{"next", 0, 8, FieldKind::Pointer, kCursorNode}, {"v", 8, 4, FieldKind::Signed, 0}}}}},
      kCursorRoot, nodes);
}

// Bag { std::vector<int> items; }: its length 0..2, then two elements of 0..1.
FieldSpace cursor_bag() {
  return cursor_space({{kCursorBag, ClassLayout{24, 8, {{"items", 0, 24, FieldKind::Vector, 0, FieldKind::Signed, 4}}}}}, kCursorBag, 2);
}

// The cursor's block in memory the test owns.
struct CursorMemory {
  std::vector<uint32_t> words;
  CursorBlock block;
  explicit CursorMemory(const FieldSpace& space) : words(CursorBlock::bytes_for(static_cast<uint32_t>(space.fields.size())) / 4 + 1) {
    block.attach(words.data(), static_cast<uint32_t>(space.fields.size()));
    block.clear();
  }
  std::vector<uint8_t> values() const { return {block.values, block.values + block.fields}; }
  std::vector<uint32_t> reads() const { return {block.read, block.read + block.depth}; }
};

// Every candidate the walk builds when the invariant reads `fields_read(values)` in that order and
// accepts when `valid(values)` says so (then the unread reachable fields join, as in Korat).
std::vector<std::vector<uint8_t>> cursor_walk(const FieldSpace& space,
                                              const std::function<std::vector<uint32_t>(const uint8_t*)>& fields_read,
                                              const std::function<bool(const uint8_t*)>& valid) {
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  std::vector<std::vector<uint8_t>> out;
  do {
    out.push_back(m.values());
    for (uint32_t f : fields_read(m.block.values)) cursor.read(f);
    if (valid(m.block.values)) cursor.add_unread_reachable_fields();
  } while (cursor.advance() && out.size() < 1000);
  return out;
}

using CursorCandidates = std::vector<std::vector<uint8_t>>;

TEST(CandidateCursor, TheBlockLaysOutReadsThenValuesThenSeen) {
  EXPECT_EQ(CursorBlock::bytes_for(5), 30u);
  std::vector<uint32_t> words(8, 0xffffffffu);
  CursorBlock block;
  block.attach(words.data(), 5);
  EXPECT_EQ(block.fields, 5u);
  EXPECT_EQ(static_cast<void*>(block.read), static_cast<void*>(words.data()));
  EXPECT_EQ(block.values, reinterpret_cast<uint8_t*>(words.data()) + 20);
  EXPECT_EQ(block.seen, block.values + 5);
  block.depth = 3, block.frozen = 2;
  block.clear();
  EXPECT_EQ(block.depth, 0u);
  EXPECT_EQ(block.frozen, 0u);
  for (uint32_t f = 0; f < 5; ++f) {
    EXPECT_EQ(block.values[f], 0);
    EXPECT_EQ(block.seen[f], 0);
  }
}

TEST(CandidateCursor, ReadingRecordsAFieldOnceInTheOrderOfFirstReads) {
  FieldSpace space = cursor_two_pointers(2);
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  cursor.read(1);
  cursor.read(0);
  cursor.read(1);
  EXPECT_EQ(m.reads(), (std::vector<uint32_t>{1, 0}));
  EXPECT_EQ(m.block.seen[0], 1);
}

// a = null: b may be null or node 0 (node 1 would only renumber it); a = node 0: b may be null,
// node 0 or node 1.
TEST(CandidateCursor, PointersTakeOnlyTheNextUnusedObject) {
  FieldSpace space = cursor_two_pointers(2);
  CursorCandidates seen = cursor_walk(
      space,
      [](const uint8_t*) {
        return std::vector<uint32_t>{0, 1};
      },
      [](const uint8_t*) { return false; });
  EXPECT_EQ(seen, (CursorCandidates{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {1, 2}}));
}

TEST(CandidateCursor, AFieldNeverReadKeepsItsFirstValue) {
  FieldSpace space = cursor_two_pointers(2);
  CursorCandidates seen = cursor_walk(
      space, [](const uint8_t*) { return std::vector<uint32_t>{0}; }, [](const uint8_t*) { return false; });
  // a alone: null, then node 0 (node 1 is node 0 renumbered); b stays null.
  EXPECT_EQ(seen, (CursorCandidates{{0, 0}, {1, 0}}));
}

TEST(CandidateCursor, ReadingInAnotherOrderChangesTheOtherFieldFirst) {
  FieldSpace space = cursor_two_pointers(2);
  CursorCandidates seen = cursor_walk(
      space,
      [](const uint8_t*) {
        return std::vector<uint32_t>{1, 0};
      },
      [](const uint8_t*) { return false; });
  EXPECT_EQ(seen, (CursorCandidates{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}}));
}

TEST(CandidateCursor, ChangedListsTheFieldsTheStepTouched) {
  FieldSpace space = cursor_two_pointers(2);
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  cursor.read(0), cursor.read(1);
  ASSERT_TRUE(cursor.advance());  // b: null -> node 0
  EXPECT_EQ(cursor.changed(), (std::vector<uint32_t>{1}));
  ASSERT_TRUE(cursor.advance());  // b back to null and out of the list, a: null -> node 0
  EXPECT_EQ(cursor.changed(), (std::vector<uint32_t>{1, 0}));
  EXPECT_EQ(m.values(), (std::vector<uint8_t>{1, 0}));
  EXPECT_EQ(m.reads(), (std::vector<uint32_t>{0}));
  ASSERT_FALSE(cursor.advance());  // a past node 0 with nothing read before it: done
  EXPECT_EQ(cursor.changed(), (std::vector<uint32_t>{0}));
  EXPECT_EQ(m.block.depth, 0u);
}

// After a valid candidate that read only a: node 0's fields come right after a (the field that
// reached it), then the root's x.
TEST(CandidateCursor, UnreadReachableFieldsJoinDepthFirst) {
  FieldSpace space = cursor_linked(1);
  ASSERT_EQ(space.fields.size(), 4u);  // a, x, node 0's next and v
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  m.block.values[0] = 1;
  cursor.read(0);
  cursor.add_unread_reachable_fields();
  EXPECT_EQ(m.reads(), (std::vector<uint32_t>{0, 2, 3, 1}));
  // With a null, node 0 is not reached: only x joins.
  CursorMemory null_root(space);
  CandidateCursor other(space, null_root.block);
  other.read(0);
  other.add_unread_reachable_fields();
  EXPECT_EQ(null_root.reads(), (std::vector<uint32_t>{0, 1}));
}

TEST(CandidateCursor, AValidCandidateVariesItsUnreadFieldsToo) {
  FieldSpace space = cursor_linked(1);
  // The invariant reads only a and accepts everything: a, then x (0..0), node 0's next (null or
  // itself) and v (0..0) are varied; x and v have one value each.
  CursorCandidates seen = cursor_walk(
      space, [](const uint8_t*) { return std::vector<uint32_t>{0}; }, [](const uint8_t*) { return true; });
  EXPECT_EQ(seen, (CursorCandidates{{0, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 1, 0}}));
}

TEST(CandidateCursor, TruncateForgetsTheLaterReads) {
  FieldSpace space = cursor_linked(1);
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  m.block.values[0] = 1, m.block.values[2] = 1;
  cursor.read(0), cursor.read(2), cursor.read(1);
  cursor.truncate(1);
  EXPECT_EQ(m.reads(), (std::vector<uint32_t>{0}));
  EXPECT_EQ(cursor.changed(), (std::vector<uint32_t>{2, 1}));
  EXPECT_EQ(m.values(), (std::vector<uint8_t>{1, 0, 0, 0}));
  EXPECT_EQ(m.block.seen[2], 0);
  cursor.truncate(3);  // deeper than the list: nothing to forget
  EXPECT_TRUE(cursor.changed().empty());
  EXPECT_EQ(m.block.depth, 1u);
}

TEST(CandidateCursor, AFrozenPrefixNeverChanges) {
  FieldSpace space = cursor_two_pointers(2);
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  m.block.values[0] = 1;  // a = node 0, fixed
  cursor.read(0);
  m.block.frozen = 1;
  std::vector<std::vector<uint8_t>> seen{m.values()};
  cursor.read(1);
  while (cursor.advance()) {
    seen.push_back(m.values());
    cursor.read(1);
  }
  EXPECT_EQ(seen, (CursorCandidates{{1, 0}, {1, 1}, {1, 2}}));
  EXPECT_EQ(m.reads(), (std::vector<uint32_t>{0}));
}

TEST(CandidateCursor, AnElementReadPastItsVectorsLengthIsFound) {
  FieldSpace space = cursor_bag();
  ASSERT_EQ(space.fields.size(), 3u);  // the length, then two elements
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  cursor.read(0);
  EXPECT_EQ(cursor.read_past_length(0), -1);
  cursor.read(1);  // element 0 of an empty vector
  EXPECT_EQ(cursor.read_past_length(0), 1);
  EXPECT_EQ(cursor.read_past_length(2), -1) << "only reads from the given position on";
  m.block.values[0] = 1;  // one element: element 0 is inside, element 1 is not
  EXPECT_EQ(cursor.read_past_length(0), -1);
  cursor.read(2);
  EXPECT_EQ(cursor.read_past_length(0), 2);
  // Without vectors nothing is ever past a length.
  FieldSpace plain = cursor_two_pointers(1);
  CursorMemory pm(plain);
  CandidateCursor pc(plain, pm.block);
  pc.read(0), pc.read(1);
  EXPECT_EQ(pc.read_past_length(0), -1);
}

TEST(CandidateCursor, ElementsPastTheLengthDoNotJoinAfterAValidCandidate) {
  FieldSpace space = cursor_bag();
  CursorMemory m(space);
  CandidateCursor cursor(space, m.block);
  m.block.values[0] = 1;
  cursor.read(0);
  cursor.add_unread_reachable_fields();
  EXPECT_EQ(m.reads(), (std::vector<uint32_t>{0, 1}));
  // Reading the length and accepting every vector: each vector of 0..2 bits once.
  CursorCandidates seen = cursor_walk(
      space, [](const uint8_t*) { return std::vector<uint32_t>{0}; }, [](const uint8_t*) { return true; });
  EXPECT_EQ(seen, (CursorCandidates{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 0, 0}, {2, 0, 1}, {2, 1, 0}, {2, 1, 1}}));
}

}  // namespace
}  // namespace objgen::invariant
