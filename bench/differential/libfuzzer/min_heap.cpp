// libFuzzer harness: runs the buggy and the fixed MinHeap in lockstep on calls decoded from the
// input; traps at the first difference of a return value, an exception or an observer.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/min_heap.hpp"
}
namespace fixed {
#include "fixed/min_heap.hpp"
}

template <class Heap>
std::vector<long> observe(const Heap& h) {
  return {long(h.size()), outcome([&] { return h.top(); })};
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  buggy::planted::MinHeap b;
  fixed::planted::MinHeap f;
  for (int calls = 1; in.remaining_bytes() > 0; ++calls) {
    long got = 0, want = 0;
    switch (in.ConsumeIntegralInRange(0, 1)) {
      case 0: {
        const int x = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.push(x); });
        want = outcome([&] { return f.push(x); });
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
