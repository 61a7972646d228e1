// A hostile method under test for objgen evolve: poke() crashes for one input, hangs for
// another, and has ordinary branches besides; the search must survive both and report them.
#pragma once

#include <chrono>
#include <csignal>
#include <thread>

namespace hostile {

class Gadget {
 public:
  int poke(int x) {
    if (x == 7) {
      int* volatile nowhere = nullptr;
      return *nowhere;  // SIGSEGV
    }
    if (x == 3)
      for (volatile int spin = 0;; spin = spin + 1) {  // never returns
      }
    if (x > 60 && level_ > 0) return 2;
    return 1;
  }
  void raise(int by) { level_ += by; }
  int level() const { return level_; }

 private:
  int level_ = 0;
};

// Kills its own process a little after arm(), from another thread: the worker dies at any
// moment (inside a later call, between test cases, between batches), not inside arm() itself.
class Saboteur {
 public:
  void arm(int ms) {
    if (ms > 0)
      std::thread([ms] {
        std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        std::raise(SIGSEGV);
      }).detach();
  }
  int check(int x) const {
    if (x % 7 == 9) return 2;  // no int reaches it, constants or not: every generation runs
    return x > 5 ? 1 : 0;
  }
};

}  // namespace hostile
