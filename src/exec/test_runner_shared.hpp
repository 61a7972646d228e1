// The memory a TestRunner shares with its worker: the batch's control words and the literals the
// parent sends (values it committed to the domain, a batch's scratch values). For
// test_runner*.cpp only.
#pragma once

#include <atomic>
#include <cstdint>

#include "exec/test_runner.hpp"

namespace objgen {

constexpr uint32_t kBatchCapacity = 256;

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
