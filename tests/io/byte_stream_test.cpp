// ByteWriter and ByteReader: what checkpoints and rank messages are made of. Everything written
// reads back the same, a chunked writer hands out the same bytes, and short or lying input is an
// exception at the read that runs out, never a read past the end.
#include "io/byte_stream.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace objgen {
namespace {

struct Sample {  // without padding: its bytes are all its values'
  int32_t a;
  char c[4];
  double b;
};
static_assert(sizeof(Sample) == 16);

// One of everything the writer offers, in a fixed order read back by read_mixed.
void write_mixed(ByteWriter& w) {
  w.put<uint8_t>(0xfe);
  w.put<int64_t>(std::numeric_limits<int64_t>::min());
  w.put<double>(-0.0);
  w.put(Sample{-7, {'x', '\0', 'y', 'z'}, 2.5});
  w.put_string("");
  w.put_string(std::string("a\0b", 3));
  const char raw[5] = {1, 2, 3, 4, 5};
  w.put_raw(raw, sizeof raw);
  w.put_string(std::string(300, 'z'));
}

void read_mixed(ByteReader& r) {
  EXPECT_EQ(r.get<uint8_t>(), 0xfe);
  EXPECT_EQ(r.get<int64_t>(), std::numeric_limits<int64_t>::min());
  double zero = r.get<double>();
  EXPECT_EQ(zero, 0.0);
  EXPECT_TRUE(std::signbit(zero));
  Sample s = r.get<Sample>();
  EXPECT_EQ(s.a, -7);
  EXPECT_EQ(s.b, 2.5);
  EXPECT_EQ(std::string(s.c, 4), std::string("x\0yz", 4));
  EXPECT_EQ(r.get_string(), "");
  EXPECT_EQ(r.get_view(), std::string_view("a\0b", 3));
  char raw[5];
  r.get_raw(raw, sizeof raw);
  EXPECT_EQ(std::string(raw, 5), std::string("\1\2\3\4\5", 5));
  EXPECT_EQ(r.get_string(), std::string(300, 'z'));
}

TEST(ByteStream, EverythingWrittenReadsBackTheSame) {
  ByteWriter w;
  write_mixed(w);
  std::string bytes = w.take();
  ByteReader r(bytes);
  read_mixed(r);
  EXPECT_TRUE(r.done());
  EXPECT_EQ(r.left(), 0u);
}

TEST(ByteStream, AChunkedWriterHandsTheSinkTheSameBytes) {
  ByteWriter whole;
  write_mixed(whole);
  std::string expected = whole.take();
  for (size_t chunk : {1, 7, 64, 4096}) {
    std::string received;
    size_t calls = 0;
    ByteWriter w(
        [&](std::string_view piece) {
          received.append(piece);
          ++calls;
        },
        chunk);
    write_mixed(w);
    EXPECT_EQ(w.written(), expected.size()) << "chunk " << chunk;
    w.flush();
    EXPECT_EQ(received, expected) << "chunk " << chunk;
    EXPECT_EQ(w.written(), expected.size());
    EXPECT_TRUE(w.bytes().empty());
    if (chunk < expected.size()) {
      EXPECT_GT(calls, 1u) << "chunk " << chunk;
    }
  }
}

TEST(ByteStream, EveryTruncationThrowsInsteadOfReadingPastTheEnd) {
  ByteWriter w;
  write_mixed(w);
  const std::string bytes = w.take();
  for (size_t cut = 0; cut < bytes.size(); ++cut) {
    // A copy of exactly `cut` bytes: a read past it would be a heap overflow under ASan.
    std::string prefix = bytes.substr(0, cut);
    ByteReader r(prefix);
    EXPECT_THROW(read_mixed(r), std::runtime_error) << "cut at " << cut << " of " << bytes.size();
  }
}

TEST(ByteStream, AStringLongerThanTheDataIsRefusedBeforeAnyAllocation) {
  ByteWriter w;
  w.put<uint64_t>(std::numeric_limits<uint64_t>::max());
  w.put_raw("abc", 3);
  std::string bytes = w.take();
  ByteReader r(bytes);
  EXPECT_THROW(r.get_string(), std::runtime_error);
  ByteReader again(bytes);
  EXPECT_THROW(again.get_view(), std::runtime_error);
}

TEST(ByteStream, AFlagIsZeroOrOneAndAnyOtherByteIsDamage) {
  ByteWriter w;
  w.put<bool>(true);
  w.put<bool>(false);
  w.put<uint8_t>(71);
  std::string bytes = w.take();
  ByteReader r(bytes);
  EXPECT_TRUE(r.get<bool>());
  EXPECT_FALSE(r.get<bool>());
  EXPECT_THROW(r.get<bool>(), std::runtime_error);  // not read as a bool: that is undefined
}

}  // namespace
}  // namespace objgen
