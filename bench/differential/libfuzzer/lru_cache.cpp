// libFuzzer harness: runs the buggy and the fixed LruCache in lockstep on calls decoded from the
// input; traps at the first difference of a return value, an exception or an observer.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/lru_cache.hpp"
}
namespace fixed {
#include "fixed/lru_cache.hpp"
}

template <class Cache>
std::vector<long> observe(const Cache& c) {
  std::vector<long> seen{long(c.size()), long(c.capacity())};
  for (int key = 0; key < 4; ++key) seen.push_back(c.contains(key));
  return seen;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int capacity = in.ConsumeIntegralInRange(1, 3);
  buggy::planted::LruCache b(capacity);
  fixed::planted::LruCache f(capacity);
  for (int calls = 1; in.remaining_bytes() > 0; ++calls) {
    long got = 0, want = 0;
    switch (in.ConsumeIntegralInRange(0, 1)) {
      case 0: {
        const int key = in.ConsumeIntegralInRange(0, 3);
        const int value = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.put(key, value); });
        want = outcome([&] { return f.put(key, value); });
        break;
      }
      case 1: {
        const int key = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.get(key); });
        want = outcome([&] { return f.get(key); });
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
