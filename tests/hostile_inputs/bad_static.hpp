// Classes whose loading is hostile: the static initializers of the header crash or start a
// thread. objgen must refuse the harness with the reason and never load it into its own process.
#pragma once

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <thread>

namespace badstatic {

#if defined(BAD_STATIC_CRASH)
inline int boom = (std::getenv("BAD_STATIC_NEVER") ? 0 : (std::raise(SIGSEGV), 0));
#elif defined(BAD_STATIC_THREAD)
inline int spinner = (std::thread([] {
                        for (;;) pause();
                      }).detach(),
                      0);
#endif

class Counter {
 public:
  void add(int v) {
    if (n_ < 3) n_ += v + 1;
  }

 private:
  int n_ = 0;
};

}  // namespace badstatic
