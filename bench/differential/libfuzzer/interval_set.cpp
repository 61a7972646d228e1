// libFuzzer harness: runs the buggy and the fixed IntervalSet in lockstep on calls decoded from the
// input; traps at the first difference of a return value, an exception or an observer.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/interval_set.hpp"
}
namespace fixed {
#include "fixed/interval_set.hpp"
}

template <class Set>
std::vector<long> observe(const Set& s) {
  std::vector<long> seen{long(s.count_intervals()), s.covered()};
  for (int x = 0; x < 4; ++x) seen.push_back(s.contains(x));
  return seen;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  buggy::planted::IntervalSet b;
  fixed::planted::IntervalSet f;
  for (int calls = 1; in.remaining_bytes() > 0; ++calls) {
    long got = 0, want = 0;
    const int lo = in.ConsumeIntegralInRange(0, 3);
    const int hi = in.ConsumeIntegralInRange(0, 3);
    got = outcome([&] { return b.add(lo, hi); });
    want = outcome([&] { return f.add(lo, hi); });
    if (got != want || observe(b) != observe(f)) {
      std::fprintf(stderr, "difference after %d calls\n", calls);
      __builtin_trap();
    }
  }
  return 0;
}
