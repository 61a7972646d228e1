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

struct TestRunner::Shared {
  std::atomic<uint32_t> request;   // batch number, bumped by the parent (kQuit: exit)
  std::atomic<uint32_t> done;      // the batch the worker finished
  std::atomic<uint32_t> next;      // the first test case still to run
  std::atomic<uint32_t> current;   // the test case running
  std::atomic<uint32_t> call;      // the call of it running
  std::atomic<uint32_t> progress;  // calls started (a hang stops it)
  std::atomic<uint32_t> loaded;    // the worker has loaded the code under test (its loop started)
  uint32_t count;
  uint32_t grown_count;    // entries of `grown` the parent wrote (commit), in order
  uint32_t scratch_count;  // entries of `scratch` of the batch
  LiteralWord grown[kGrownLiterals];
  LiteralWord scratch[kScratchLiterals];
};

}  // namespace objgen
