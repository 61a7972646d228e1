// A hostile method under test for objgen evolve: poke() crashes for one input, hangs for
// another, and has ordinary branches besides; the search must survive both and report them.
#pragma once

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

}  // namespace hostile
