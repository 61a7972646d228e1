// libFuzzer harness: runs the buggy and the fixed RingBuffer in lockstep on calls decoded from the
// input; traps at the first difference of a return value, an exception or an observer.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/ring_buffer.hpp"
}
namespace fixed {
#include "fixed/ring_buffer.hpp"
}

template <class Ring>
std::vector<long> observe(const Ring& r) {
  std::vector<long> seen{long(r.size()), r.empty(), outcome([&] { return r.front(); })};
  for (int v = 0; v < 4; ++v) seen.push_back(r.contains(v));
  return seen;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int capacity = in.ConsumeIntegralInRange(1, 3);
  buggy::planted::RingBuffer b(capacity);
  fixed::planted::RingBuffer f(capacity);
  for (int calls = 1; in.remaining_bytes() > 0; ++calls) {
    long got = 0, want = 0;
    switch (in.ConsumeIntegralInRange(0, 1)) {
      case 0: {
        const int value = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.push(value); });
        want = outcome([&] { return f.push(value); });
        break;
      }
      case 1: {
        got = outcome([&] { return b.pop(); });
        want = outcome([&] { return f.pop(); });
        break;
      }
    }
    if (got != want || observe(b) != observe(f)) {
      std::fprintf(stderr, "difference after %d calls\n", calls);
      __builtin_trap();
    }
  }
  return 0;
}
