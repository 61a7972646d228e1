// Classes whose code under test damages the process it runs in, each in its own way. Every one
// is a small counter (add(int) builds its states) with one hostile member; objgen must report
// the hostile member as a finding and finish the run (tests/hostile_test.sh).
#pragma once

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace hostile {

// Makes a pointer visible to the outside, so the compiler keeps the allocation and what is done to it.
inline void escape(void* p) { asm volatile("" : : "g"(p) : "memory"); }

#define HOSTILE_COUNTER(Name)                  \
 public:                                       \
  Name() = default;                            \
  void add(int v) {                            \
    if (n_ < 3) n_ += v + 1;                   \
  }                                            \
  int size() const { return n_; }              \
                                               \
 private:                                      \
  int n_ = 0;                                  \
                                               \
 public:

// Starts a detached thread that crashes the process 300 ms after the call returned.
class LaterCrash {
  HOSTILE_COUNTER(LaterCrash)
  void poke() {
    std::thread([] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      std::raise(SIGSEGV);
    }).detach();
  }
};

// Starts a detached thread that spins forever.
class Spinner {
  HOSTILE_COUNTER(Spinner)
  void poke() {
    std::thread([] {
      for (volatile unsigned long i = 0;; ++i) {
      }
    }).detach();
  }
};

// Overruns a heap block by 256 bytes (far enough to pass any slack; not so far as to leave the
// allocator's mapping and crash at once).
class Overrun {
  HOSTILE_COUNTER(Overrun)
  void poke() {
    char* p = static_cast<char*>(std::malloc(16));
    escape(p);  // no compiler may drop the block
    std::memset(p, 0x5a, 16 + 256);
    escape(p);
    std::free(p);
  }
};

// Writes one byte past the end of an array.
class OffByOne {
  HOSTILE_COUNTER(OffByOne)
  void poke() {
    char* p = new char[20];
    escape(p);
    p[20] = 1;
    escape(p);
    delete[] p;
  }
};

// Uses the allocator in every legal way the checked heap must not mistake for damage.
class AllocatesCarefully {
  HOSTILE_COUNTER(AllocatesCarefully)
  void poke() {
    char* p = static_cast<char*>(std::malloc(10));
    escape(p);
    p = static_cast<char*>(std::realloc(p, 1000));  // grows (moves)
    p = static_cast<char*>(std::realloc(p, 3));     // shrinks
    escape(p);
    std::free(std::realloc(p, 0));                  // frees, returns null
    void* aligned = nullptr;
    if (posix_memalign(&aligned, 256, 100) == 0) std::free(aligned);
    std::free(aligned_alloc(64, 128));
    struct alignas(128) Wide { char c[200]; };
    delete new Wide;
    char* q = static_cast<char*>(std::malloc(5));
    std::memset(q, 1, malloc_usable_size(q));  // the whole usable size is the caller's
    escape(q);
    std::free(q);
    std::free(std::calloc(3, 7));
  }
};

// Frees a block twice.
class DoubleFree {
  HOSTILE_COUNTER(DoubleFree)
  void poke() {
    int* p = new int(n_);
    escape(p);
    delete p;
    delete p;
  }
};

// Writes 50 MiB to stdout and to stderr.
class Flood {
  HOSTILE_COUNTER(Flood)
  void poke() {
    std::string block(1 << 20, 'x');
    for (int i = 0; i < 50; ++i) {
      std::fwrite(block.data(), 1, block.size(), stdout);
      std::fwrite(block.data(), 1, block.size(), stderr);
    }
  }
};

// Closes the standard file descriptors.
class FdCloser {
  HOSTILE_COUNTER(FdCloser)
  void poke() {
    close(0);
    close(1);
    close(2);
  }
};

// Points stdout and stderr at a file of its own.
class FdHijacker {
  HOSTILE_COUNTER(FdHijacker)
  void poke() {
    int fd = open("/dev/null", O_WRONLY);
    dup2(fd, 1);
    dup2(fd, 2);
  }
};

// fork(), and both processes return.
class ForkReturns {
  HOSTILE_COUNTER(ForkReturns)
  void poke() { (void)fork(); }
};

// fork(); the child sleeps for a long time.
class ForkSleeps {
  HOSTILE_COUNTER(ForkSleeps)
  void poke() {
    if (fork() == 0) {
      sleep(1000);
      _exit(0);
    }
  }
};

class Exits {
  HOSTILE_COUNTER(Exits)
  void poke() { std::exit(0); }
};

class QuickExits {
  HOSTILE_COUNTER(QuickExits)
  void poke() { std::quick_exit(0); }
};

class UnderscoreExits {
  HOSTILE_COUNTER(UnderscoreExits)
  void poke() { _exit(0); }
};

class RaisesKill {
  HOSTILE_COUNTER(RaisesKill)
  void poke() { std::raise(SIGKILL); }
};

class RaisesTerm {
  HOSTILE_COUNTER(RaisesTerm)
  void poke() { std::raise(SIGTERM); }
};

class RaisesUsr1 {
  HOSTILE_COUNTER(RaisesUsr1)
  void poke() { std::raise(SIGUSR1); }
};

// Probes every process it may signal (kill(-1, 0) is harmless when it gets through).
class ProbesEveryone {
  HOSTILE_COUNTER(ProbesEveryone)
  void poke() { kill(-1, 0); }
};

// Kills the process the test names in HOSTILE_SIBLING, and objgen (the worker's parent).
class KillsOthers {
  HOSTILE_COUNTER(KillsOthers)
  void poke() {
    if (const char* p = std::getenv("HOSTILE_SIBLING")) kill(std::atoi(p), SIGKILL);
  }
  void parricide() { kill(getppid(), SIGKILL); }
};

// Leaks 512 MiB (touched, 32 MiB at a time) per call.
class Leaky {
  HOSTILE_COUNTER(Leaky)
  void poke() {
    for (int i = 0; i < 16; ++i) {
      char* block = new char[32 << 20];
      std::memset(block, 1, 32 << 20);
      kept().push_back(block);  // reachable, so no compiler may drop the allocation
    }
  }
  static std::vector<char*>& kept() {
    static std::vector<char*> blocks;
    return blocks;
  }
};

// Asks for 100 GiB at once.
class Hog {
  HOSTILE_COUNTER(Hog)
  void poke() {
    std::vector<char> huge(size_t{100} << 30, 'x');
    n_ += huge[n_];
  }
};

// poke() leaves a global dangling without crashing; a later add() in the same process dies.
inline int* g_counter = new int(0);
class Poisoner {
 public:
  void poke() { g_counter = nullptr; }
  void add(int v) {
    if (n_ < 3) {
      n_ += v + 1;
      *g_counter += 1;
    }
  }

 private:
  int n_ = 0;
};

// Tries the ways around a signal sandbox: joining objgen's process group, and having the kernel
// signal objgen for it.
class Escaper {
  HOSTILE_COUNTER(Escaper)
  void regroup() { setpgid(0, getpgid(getppid())); }
  void own() {
    int fds[2];
    if (pipe(fds) == 0) fcntl(fds[0], F_SETOWN, getppid());
  }
};

// The copy constructor aborts for every object.
class CopyAbortsAlways {
 public:
  CopyAbortsAlways() = default;
  CopyAbortsAlways(const CopyAbortsAlways&) { std::abort(); }
  CopyAbortsAlways& operator=(const CopyAbortsAlways&) = default;
  void add(int v) {
    if (n_ < 3) n_ += v + 1;
  }
  int size() const { return n_; }

 private:
  int n_ = 0;
};

// The copy constructor aborts once the object holds 2 or more.
class CopyAbortsLater {
 public:
  CopyAbortsLater() = default;
  CopyAbortsLater(const CopyAbortsLater& o) : n_(o.n_) {
    if (n_ >= 2) std::abort();
  }
  CopyAbortsLater& operator=(const CopyAbortsLater&) = default;
  void add(int v) {
    if (n_ < 3) n_ += v + 1;
  }
  int size() const { return n_; }

 private:
  int n_ = 0;
};

// The destructor crashes for objects holding exactly 2.
class DtorCrashes {
  HOSTILE_COUNTER(DtorCrashes)
  ~DtorCrashes() {
    if (n_ == 2) std::raise(SIGSEGV);
  }
};

// The destructor never returns for objects holding exactly 2.
class DtorSleeps {
  HOSTILE_COUNTER(DtorSleeps)
  ~DtorSleeps() {
    if (n_ == 2) sleep(1000);
  }
};

// poke() leaves the string's length corrupt (as pop_back on an empty std::deque leaves the deque):
// reading or copying the object afterwards throws or crashes inside objgen's own linearizer.
class CorruptsItself {
 public:
  CorruptsItself() = default;
  void add(int v) {
    if (name_.size() < 2) name_ += static_cast<char>('a' + v);
  }
  void poke() { reinterpret_cast<size_t*>(&name_)[1] = size_t{1} << 40; }
  int size() const { return static_cast<int>(name_.size()); }

 private:
  std::string name_;
};

}  // namespace hostile
