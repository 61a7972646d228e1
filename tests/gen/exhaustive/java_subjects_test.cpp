// The java.util subjects behave as java.util.Stack<Integer> and java.util.BitSet document, and
// keep their representation invariants after every operation.
#include <gtest/gtest.h>

#include <climits>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "bitset/bit_set.hpp"
#include "objgen/api.hpp"
#include "stack/stack.hpp"

namespace {
using examples::BitSet;
using examples::EmptyStackException;
using examples::Stack;

// ---- Stack ----

TEST(JavaStack, PushReturnsItemAndPopIsLastInFirstOut) {
  Stack s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.size(), 0);
  for (int v : {3, 1, 4, 1, 5}) {
    EXPECT_EQ(s.push(v), v);
    EXPECT_TRUE(s.repOK());
  }
  EXPECT_FALSE(s.empty());
  EXPECT_EQ(s.size(), 5);
  EXPECT_EQ(s.peek(), 5);
  EXPECT_EQ(s.size(), 5);  // peek leaves the top
  for (int v : {5, 1, 4, 1, 3}) {
    EXPECT_EQ(s.pop(), v);
    EXPECT_TRUE(s.repOK());
  }
  EXPECT_TRUE(s.empty());
}

TEST(JavaStack, EmptyStackExceptionOnPeekAndPop) {
  Stack s;
  EXPECT_THROW(s.peek(), EmptyStackException);
  EXPECT_THROW(s.pop(), EmptyStackException);
  EXPECT_TRUE(s.repOK());
  s.push(7);
  s.pop();
  EXPECT_THROW(s.pop(), EmptyStackException);
  EXPECT_TRUE(s.empty());
  EXPECT_TRUE(s.repOK());
  // It is a std::out_of_range, so objgen's default misuse policy discards such calls.
  EXPECT_THROW(s.peek(), std::out_of_range);
}

TEST(JavaStack, EmptyStackExceptionIsMisuseByDefault) {
  objgen::MisusePolicy policy;
  std::exception_ptr e;
  try {
    Stack().peek();
  } catch (...) {
    e = std::current_exception();
  }
  ASSERT_TRUE(e);
  EXPECT_TRUE(policy.is_misuse(e, "examples::EmptyStackException"));
}

TEST(JavaStack, SearchIsOneBasedFromTheTopNearestOccurrence) {
  Stack s;
  EXPECT_EQ(s.search(1), -1);
  s.push(1);
  s.push(2);
  s.push(1);
  s.push(3);
  EXPECT_EQ(s.search(3), 1);
  EXPECT_EQ(s.search(1), 2);  // the occurrence nearest the top
  EXPECT_EQ(s.search(2), 3);
  EXPECT_EQ(s.search(9), -1);
  s.pop();
  s.pop();
  EXPECT_EQ(s.search(1), 2);
  EXPECT_EQ(s.search(3), -1);  // popped values are gone
}

TEST(JavaStack, GrowsPastManyElements) {
  Stack s;
  for (int i = 0; i < 100; ++i) {
    s.push(i);
    ASSERT_TRUE(s.repOK());
  }
  EXPECT_EQ(s.size(), 100);
  EXPECT_EQ(s.search(0), 100);
  for (int i = 99; i >= 0; --i) ASSERT_EQ(s.pop(), i);
  EXPECT_TRUE(s.repOK());
}

// ---- BitSet ----

std::vector<int> bits(const BitSet& b) {
  std::vector<int> out;
  for (int i = b.nextSetBit(0); i >= 0; i = b.nextSetBit(i + 1)) out.push_back(i);
  return out;
}

std::vector<int> range(int from, int to) {
  std::vector<int> out;
  for (int i = from; i < to; ++i) out.push_back(i);
  return out;
}

TEST(JavaBitSet, SizesOfTheConstructors) {
  EXPECT_EQ(BitSet().size(), 64);
  EXPECT_EQ(BitSet(0).size(), 0);
  EXPECT_EQ(BitSet(1).size(), 64);
  EXPECT_EQ(BitSet(64).size(), 64);
  EXPECT_EQ(BitSet(65).size(), 128);
  EXPECT_THROW(BitSet(-1), std::invalid_argument);
  BitSet b(0);
  EXPECT_TRUE(b.repOK());
  b.set(3);  // grows from no storage
  EXPECT_EQ(b.size(), 64);
  b.set(200);  // at least doubles, and at least what is needed
  EXPECT_EQ(b.size(), 256);
  EXPECT_TRUE(b.repOK());
}

TEST(JavaBitSet, SingleBits) {
  BitSet b;
  EXPECT_TRUE(b.isEmpty());
  EXPECT_EQ(b.length(), 0);
  b.set(1);
  b.set(64);
  b.set(5, true);
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(bits(b), (std::vector<int>{1, 5, 64}));
  EXPECT_TRUE(b.get(64));
  EXPECT_FALSE(b.get(63));
  EXPECT_FALSE(b.get(1000));
  EXPECT_EQ(b.length(), 65);
  EXPECT_EQ(b.cardinality(), 3);
  b.set(64, false);
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(b.length(), 6);
  b.clear(1000);  // past the words in use: nothing to do
  b.clear(5);
  b.flip(1);
  EXPECT_TRUE(b.repOK());
  EXPECT_TRUE(b.isEmpty());
  b.flip(70);
  EXPECT_EQ(bits(b), (std::vector<int>{70}));
  EXPECT_EQ(b.size(), 128);  // storage stays
  b.clear();
  EXPECT_TRUE(b.isEmpty());
  EXPECT_EQ(b.size(), 128);
  EXPECT_TRUE(b.repOK());
}

TEST(JavaBitSet, RangesAcrossWordBoundaries) {
  BitSet b;
  b.set(60, 130);
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(bits(b), range(60, 130));
  EXPECT_EQ(b.length(), 130);
  EXPECT_EQ(b.cardinality(), 70);
  b.clear(62, 129);
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(bits(b), (std::vector<int>{60, 61, 129}));
  b.flip(60, 130);
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(bits(b), range(62, 129));
  b.set(0, 64, true);  // one whole, aligned word
  EXPECT_EQ(bits(b), range(0, 129));
  b.set(10, 20, false);
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(b.cardinality(), 119);
  b.set(5, 5);  // empty ranges change nothing
  b.clear(7, 7);
  b.flip(9, 9);
  EXPECT_EQ(b.cardinality(), 119);
  b.clear(64, 1000);  // past length(): clears up to it
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(b.length(), 64);
  b.clear(300, 400);  // starts past the words in use
  b.clear(0, 64);
  EXPECT_TRUE(b.isEmpty());
  EXPECT_TRUE(b.repOK());
  b.flip(3, 5);  // within one word
  EXPECT_EQ(bits(b), (std::vector<int>{3, 4}));
  b.flip(0, 200);  // first word, two whole middle words, last word
  EXPECT_TRUE(b.repOK());
  EXPECT_EQ(b.cardinality(), 198);
  EXPECT_FALSE(b.get(3));
  EXPECT_TRUE(b.get(199));
}

TEST(JavaBitSet, GetRangeShiftsAcrossWords) {
  BitSet b;
  for (int i : {1, 62, 63, 64, 70, 127, 128, 190}) b.set(i);
  BitSet part = b.get(62, 130);  // not word-aligned, spans three source words
  EXPECT_TRUE(part.repOK());
  EXPECT_EQ(bits(part), (std::vector<int>{0, 1, 2, 8, 65, 66}));
  EXPECT_EQ(part.size(), 128);      // BitSet(130 - 62)
  BitSet aligned = b.get(64, 200);  // word-aligned, cut at length() = 191
  EXPECT_TRUE(aligned.repOK());
  EXPECT_EQ(bits(aligned), (std::vector<int>{0, 6, 63, 64, 126}));
  EXPECT_EQ(aligned.size(), 128);   // BitSet(191 - 64)
  BitSet one_word = b.get(60, 66);  // both ends in different source words, one target word
  EXPECT_EQ(bits(one_word), (std::vector<int>{2, 3, 4}));
  BitSet inside = b.get(63, 64);
  EXPECT_EQ(bits(inside), (std::vector<int>{0}));
  BitSet past = b.get(191, 500);  // from length() on: empty
  EXPECT_TRUE(past.isEmpty());
  EXPECT_EQ(past.size(), 0);
  EXPECT_TRUE(b.get(5, 5).isEmpty());
  EXPECT_TRUE(b.get(2, 62).isEmpty());
  EXPECT_TRUE(b.get(2, 62).repOK());  // bits exist in storage but none are set: words_in_use 0
}

TEST(JavaBitSet, NextSetBit) {
  BitSet b;
  EXPECT_EQ(b.nextSetBit(0), -1);
  b.set(3);
  b.set(64);
  b.set(200);
  EXPECT_EQ(b.nextSetBit(0), 3);
  EXPECT_EQ(b.nextSetBit(3), 3);
  EXPECT_EQ(b.nextSetBit(4), 64);
  EXPECT_EQ(b.nextSetBit(65), 200);
  EXPECT_EQ(b.nextSetBit(201), -1);
  EXPECT_EQ(b.nextSetBit(100000), -1);
  EXPECT_THROW(b.nextSetBit(-1), std::out_of_range);
}

TEST(JavaBitSet, HashCodeIsJavasFormula) {
  BitSet b;
  EXPECT_EQ(b.hashCode(), 1234);
  b.set(0);
  EXPECT_EQ(b.hashCode(), 1235);
  // {64}: h = 1234 ^ (1 * 2) = 1232.
  BitSet c;
  c.set(64);
  EXPECT_EQ(c.hashCode(), 1232);
  // {63}: h = 1234 ^ 0x8000000000000000, folded: (int)(0x80000000 ^ 1234) = INT_MIN + 1234.
  BitSet d;
  d.set(63);
  EXPECT_EQ(d.hashCode(), INT_MIN + 1234);
  // Only the set bits count, not the storage.
  BitSet e(1000);
  e.set(0);
  EXPECT_EQ(e.hashCode(), 1235);
  // {0..63}: h = 1234 ^ -1 = ~1234; (h >> 32) ^ h keeps the low word: -1 ^ ~1234 = 1234.
  BitSet f;
  f.set(0, 64);
  EXPECT_EQ(f.hashCode(), 1234);
}

TEST(JavaBitSet, ToString) {
  BitSet b;
  EXPECT_EQ(b.toString(), "{}");
  b.set(1);
  b.set(5);
  b.set(64);
  EXPECT_EQ(b.toString(), "{1, 5, 64}");
  b.clear(5);
  EXPECT_EQ(b.toString(), "{1, 64}");
}

TEST(JavaBitSet, IntersectsAndNotXorWith) {
  BitSet a, b;
  a.set(1);
  a.set(70);
  b.set(2);
  EXPECT_FALSE(a.intersects(b));
  b.set(70);
  EXPECT_TRUE(a.intersects(b));
  EXPECT_TRUE(b.intersects(a));

  BitSet c = a;
  c.andNot(b);  // {1, 70} \ {2, 70}
  EXPECT_TRUE(c.repOK());
  EXPECT_EQ(bits(c), (std::vector<int>{1}));
  EXPECT_EQ(c.size(), 128);
  c.andNot(c);
  EXPECT_TRUE(c.isEmpty());
  EXPECT_TRUE(c.repOK());

  BitSet x;
  x.set(1);
  BitSet y;
  y.set(1);
  y.set(3);
  y.set(130);
  x.xorWith(y);  // shorter ^ longer: the extra words are copied
  EXPECT_TRUE(x.repOK());
  EXPECT_EQ(bits(x), (std::vector<int>{3, 130}));
  EXPECT_EQ(x.size(), 192);
  x.xorWith(y);
  EXPECT_EQ(bits(x), (std::vector<int>{1}));
  EXPECT_TRUE(x.repOK());
  x.xorWith(x);
  EXPECT_TRUE(x.isEmpty());
  EXPECT_TRUE(x.repOK());
  BitSet z;
  z.set(130);
  BitSet w;
  w.set(130);
  z.xorWith(w);  // the top words cancel: words_in_use drops
  EXPECT_TRUE(z.isEmpty());
  EXPECT_TRUE(z.repOK());
}

TEST(JavaBitSet, NegativeIndicesAndBadRangesThrow) {
  BitSet b;
  EXPECT_THROW(b.set(-1), std::out_of_range);
  EXPECT_THROW(b.set(-1, true), std::out_of_range);
  EXPECT_THROW(b.set(-1, 3), std::out_of_range);
  EXPECT_THROW(b.set(0, -1), std::out_of_range);
  EXPECT_THROW(b.set(3, 2), std::out_of_range);
  EXPECT_THROW(b.set(3, 2, false), std::out_of_range);
  EXPECT_THROW(b.clear(-1), std::out_of_range);
  EXPECT_THROW(b.clear(-2, 4), std::out_of_range);
  EXPECT_THROW(b.clear(5, 4), std::out_of_range);
  EXPECT_THROW(b.flip(-1), std::out_of_range);
  EXPECT_THROW(b.flip(1, 0), std::out_of_range);
  EXPECT_THROW(b.get(-1), std::out_of_range);
  EXPECT_THROW(b.get(-1, 5), std::out_of_range);
  EXPECT_THROW(b.get(6, 5), std::out_of_range);
  EXPECT_THROW(b.nextSetBit(-5), std::out_of_range);
  EXPECT_TRUE(b.isEmpty());
  EXPECT_EQ(b.size(), 64);
  EXPECT_TRUE(b.repOK());
}

// A long sequence of mixed operations against a plain model of the bits; repOK after each.
TEST(JavaBitSet, RandomOperationsMatchAModel) {
  BitSet b;
  std::vector<bool> model(400, false);
  uint32_t seed = 12345;
  auto next = [&seed](int n) {
    seed = seed * 1103515245u + 12345u;
    return static_cast<int>((seed >> 8) % static_cast<uint32_t>(n));
  };
  for (int step = 0; step < 3000; ++step) {
    int from = next(300), to = from + next(100);
    switch (next(6)) {
      case 0:
        b.set(from);
        model[from] = true;
        break;
      case 1:
        b.clear(from);
        model[from] = false;
        break;
      case 2:
        b.flip(from);
        model[from] = !model[from];
        break;
      case 3:
        b.set(from, to);
        for (int i = from; i < to; ++i) model[i] = true;
        break;
      case 4:
        b.clear(from, to);
        for (int i = from; i < to; ++i) model[i] = false;
        break;
      case 5:
        b.flip(from, to);
        for (int i = from; i < to; ++i) model[i] = !model[i];
        break;
    }
    ASSERT_TRUE(b.repOK()) << "step " << step;
    if (step % 50 == 0) {
      int card = 0, len = 0;
      for (int i = 0; i < 400; ++i) {
        ASSERT_EQ(b.get(i), model[i]) << "step " << step << " bit " << i;
        if (model[i]) {
          ++card;
          len = i + 1;
        }
      }
      ASSERT_EQ(b.cardinality(), card);
      ASSERT_EQ(b.length(), len);
      int lo = next(300), hi = lo + next(100);
      BitSet part = b.get(lo, hi);
      ASSERT_TRUE(part.repOK());
      for (int i = lo; i < hi; ++i) ASSERT_EQ(part.get(i - lo), model[i]) << lo << ".." << hi << " bit " << i;
      ASSERT_EQ(part.length() <= hi - lo, true);
    }
  }
}

}  // namespace
