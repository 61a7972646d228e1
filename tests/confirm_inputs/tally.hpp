// A class with one fault of its own and one that only a busy process shows
// (tests/cli_confirm_test.sh): add() crashes once the total passes 4, whatever ran before in the
// process; poke() crashes on every 50th call in a process, whatever object it is called on, so a
// worker that ran many sequences dies in a poke() whose sequence, run alone, returns normally.
#pragma once

#include <csignal>

namespace confirm {

class Tally {
 public:
  Tally() = default;
  void add(int v) {
    n_ += v;
    if (n_ > 4) std::raise(SIGSEGV);
  }
  void poke() {
    static int calls = 0;
    if (++calls % 50 == 0) std::raise(SIGSEGV);
  }
  int total() const { return n_; }

 private:
  int n_ = 0;
};

}  // namespace confirm
