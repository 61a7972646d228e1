// libFuzzer harness: runs the buggy and the fixed SortedMultiset in lockstep on calls decoded from the
// input; traps at the first difference of a return value, an exception or an observer.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/sorted_multiset.hpp"
}
namespace fixed {
#include "fixed/sorted_multiset.hpp"
}

template <class Set>
std::vector<long> observe(const Set& s) {
  std::vector<long> seen{long(s.size()), outcome([&] { return s.min(); })};
  for (int x = 0; x < 4; ++x) seen.push_back(long(s.count(x)));
  return seen;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  buggy::planted::SortedMultiset b;
  fixed::planted::SortedMultiset f;
  for (int calls = 1; in.remaining_bytes() > 0; ++calls) {
    long got = 0, want = 0;
    switch (in.ConsumeIntegralInRange(0, 1)) {
      case 0: {
        const int x = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.insert(x); });
        want = outcome([&] { return f.insert(x); });
        break;
      }
      case 1: {
        const int x = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.erase_one(x); });
        want = outcome([&] { return f.erase_one(x); });
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
