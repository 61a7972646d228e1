// libFuzzer harness: runs the buggy and the fixed Ledger in lockstep on calls decoded from the
// input; traps at the first difference of a return value, an exception or an observer.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/ledger.hpp"
}
namespace fixed {
#include "fixed/ledger.hpp"
}

template <class Ledger>
std::vector<long> observe(const Ledger& l) {
  std::vector<long> seen{l.balance(), long(l.entries())};
  for (int id = 0; id < 4; ++id) seen.push_back(l.refunded(id));
  return seen;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  buggy::planted::Ledger b;
  fixed::planted::Ledger f;
  for (int calls = 1; in.remaining_bytes() > 0; ++calls) {
    long got = 0, want = 0;
    switch (in.ConsumeIntegralInRange(0, 1)) {
      case 0: {
        const int amount = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.charge(amount); });
        want = outcome([&] { return f.charge(amount); });
        break;
      }
      case 1: {
        const int id = in.ConsumeIntegralInRange(0, 3);
        got = outcome([&] { return b.refund(id); });
        want = outcome([&] { return f.refund(id); });
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
