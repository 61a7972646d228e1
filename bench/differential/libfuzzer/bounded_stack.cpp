// libFuzzer harness: runs the buggy and the fixed BoundedStack in lockstep on calls decoded from the
// input; traps at the first difference of a return value, an exception or an observer.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/bounded_stack.hpp"
}
namespace fixed {
#include "fixed/bounded_stack.hpp"
}

template <class Stack>
std::vector<long> observe(const Stack& s) {
  return {long(s.size()), s.empty(), s.full(), outcome([&] { return s.top(); })};
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int capacity = in.ConsumeIntegralInRange(1, 3);
  buggy::planted::BoundedStack b(capacity);
  fixed::planted::BoundedStack f(capacity);
  for (int calls = 1; in.remaining_bytes() > 0; ++calls) {
    long got = 0, want = 0;
    switch (in.ConsumeIntegralInRange(0, 2)) {
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
      case 2: {
        got = outcome([&] { return b.clear(); });
        want = outcome([&] { return f.clear(); });
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
