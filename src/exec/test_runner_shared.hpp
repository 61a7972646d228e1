// The memory a TestRunner shares with its worker: the batch's control words and the literals the
// parent sends (values it committed to the domain, a batch's scratch values). For
// test_runner*.cpp only.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>

#include "exec/test_runner.hpp"

namespace objgen {

constexpr uint32_t kBatchCapacity = 256;
constexpr const char* kForgedWords = "the call wrote into objgen's shared memory";

// The packed forms of a test case and its result, as both sides keep them.
constexpr size_t kMessageBytes = 240;
constexpr size_t kTextBytes = 1024;  // longer string results get no regression oracle

struct PackedCall {
  uint16_t op;
  uint8_t nargs;
  int16_t args[kMaxCallParams];  // >= 0: value number; < 0: -(1 + terminal index)
};

struct alignas(8) PackedTest {
  uint32_t calls;
  PackedCall call[kMaxTestCalls];
};

struct alignas(8) PackedResult {  // its size is a multiple of 8 (the distances after it are doubles)
  uint8_t written, feasible, outcome, has_result;
  uint32_t failed_at, length, changed_mask, probed_mask;
  uint32_t field_count, fields_changed;
  uint64_t field_name[kMaxProbedFields];
  uint64_t state_lo, state_hi;
  uint8_t has_state;
  uint8_t result_kind;
  int64_t result_i;
  double result_d;
  char result_text[kTextBytes];
  char message[kMessageBytes];
};

// A comparison site's operands in a result slot (after the distances: aligned).
struct PackedOperands {
  int64_t a, b;
  uint64_t seen;
};

static_assert(sizeof(PackedTest) % 8 == 0 && sizeof(PackedResult) % 8 == 0);

inline void copy_text(char* dst, size_t cap, const std::string& s) {
  size_t n = std::min(cap - 1, s.size());
  std::memcpy(dst, s.data(), n);
  dst[n] = '\0';
}

// A literal as the parent hands it to the worker (ints, doubles, chars: no strings).
struct LiteralWord {
  uint8_t kind;
  int64_t i;
  double d;
};

// The words the worker publishes while it runs a test case (objgen reads them, checked, to tell a
// hang and to name the call a death happened in), then the literals objgen sends; the batch's
// test cases follow. objgen writes the literals and test cases again before each order, and the
// worker copies them before its first call: a call that writes over them changes nothing.
struct TestRunner::Shared {
  std::atomic<uint32_t> call;      // the call of the running test case
  std::atomic<uint32_t> progress;  // calls started (a hang stops it)
  LiteralWord grown[kGrownLiterals];
  LiteralWord scratch[kScratchLiterals];
};

// objgen's order to the worker, over their socket: run test cases [first, count) of batch
// `request`, with `grown` committed literals and `scratch` scratch values.
// careful: the first test case says each call before it starts it (a death then names its call
// whatever the shared words say).
struct RunnerOrder {
  enum : uint32_t { Batch = 1, Quit = 2 } kind;
  uint32_t request, first, count, grown, scratch, careful;
};

// The worker's reply: it loaded the code under test, a test case's result (`bytes` follow), or
// (careful) the call of a test case it starts (`bytes` is the call, nothing follows).
struct RunnerReply {
  enum : uint32_t { Loaded = 1, Result = 2, Call = 3 } kind;
  uint32_t request, test, bytes;
};

}  // namespace objgen
