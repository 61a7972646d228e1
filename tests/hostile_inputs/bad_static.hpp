// Classes whose loading is hostile: the static initializers of the header crash or start a
// thread. objgen must refuse the harness with the reason and never load it into its own process.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <thread>

namespace badstatic {

#if defined(BAD_STATIC_CRASH)
inline int boom = (std::getenv("BAD_STATIC_NEVER") ? 0 : (std::raise(SIGSEGV), 0));
#elif defined(BAD_STATIC_LATER_CRASH) || defined(BAD_STATIC_LATER_HANG)
// Loads go well until a call has left a mark (Counter::add below); every later load, in a worker,
// crashes or never returns: workers that can never run a call. Counter::poke(1) crashes, so that
// every strategy starts new workers.
inline const char* later_mark() { return std::getenv("BAD_STATIC_MARK"); }
inline int later = [] {
  if (later_mark() && access(later_mark(), F_OK) == 0) {
#if defined(BAD_STATIC_LATER_CRASH)
    std::raise(SIGSEGV);
#else
    for (;;) pause();
#endif
  }
  return 0;
}();
#elif defined(BAD_STATIC_THREAD)
inline int spinner = (std::thread([] {
                        for (;;) pause();
                      }).detach(),
                      0);
#endif

class Counter {
 public:
  void add(int v) {
#if defined(BAD_STATIC_LATER_CRASH) || defined(BAD_STATIC_LATER_HANG)
    if (later_mark()) close(open(later_mark(), O_CREAT | O_WRONLY, 0600));
#endif
    if (n_ < 3) n_ += v + 1;
  }
#if defined(BAD_STATIC_LATER_CRASH) || defined(BAD_STATIC_LATER_HANG)
  // A crash that makes every strategy start a new worker.
  void poke(int v) {
    if (v == 1) std::raise(SIGSEGV);
  }
#endif

 private:
  int n_ = 0;
};

}  // namespace badstatic
