// A class with one fault of its own, one that only what ran before in the process shows, and one
// that no replay shows (tests/cli_confirm_test.sh): add() crashes once the total passes 4,
// whatever ran before in the process; poke() appends to a log all Tallies of the process share,
// 6 entries with no bound check, so the 7th poke() in a process writes over the log's cursor and
// the 8th follows it (a memory error that only a worker that ran other calls shows, whose
// reproducer needs those calls); stale() crashes once its process has run for half a second, so
// no short replay shows it.
#pragma once

#include <chrono>
#include <csignal>
#include <cstdint>

namespace confirm {

class Tally {
 public:
  Tally() = default;
  void add(int v) {
    n_ += v;
    if (n_ > 4) std::raise(SIGSEGV);
  }
  void poke() {
    static SharedLog log{{}, 0};
    if (log.cursor == 0) log.cursor = reinterpret_cast<std::uintptr_t>(&log.entries[0]);
    auto* at = reinterpret_cast<std::uintptr_t*>(log.cursor);
    log.cursor += sizeof(std::uintptr_t);
    *at = 0x10;  // the 7th write lands on `cursor`, just past the entries
  }
  void stale() {
    static const auto first = std::chrono::steady_clock::now();
    if (std::chrono::steady_clock::now() - first > std::chrono::milliseconds(500)) std::raise(SIGSEGV);
  }
  int total() const { return n_; }

 private:
  struct SharedLog {
    std::uintptr_t entries[6];
    std::uintptr_t cursor;
  };
  int n_ = 0;
};

}  // namespace confirm
