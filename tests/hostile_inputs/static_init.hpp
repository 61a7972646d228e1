// A plain class whose header's static initializers and destructors are hostile (one behaviour per
// -D flag given after `--`). objgen must never run them in its own process: they run in the
// confined children that load the harness, where they can neither move objgen's outputs nor take
// its descriptors, limits or life.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace staticinit {

// Each process that runs the static initializers says so in $STATIC_INIT_LOG (its pid and its
// parent's), so the test can tell that objgen's own pid is never among them.
inline int logged = [] {
  if (const char* log = std::getenv("STATIC_INIT_LOG")) {
    int fd = open(log, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd >= 0) {
      std::string line = std::to_string(getpid()) + " " + std::to_string(getppid()) + "\n";
      (void)!write(fd, line.data(), line.size());
      close(fd);
    }
  }
  return 0;
}();

#if defined(STATIC_LOG_ONLY)
#elif defined(STATIC_CHDIR_UMASK)
// Outputs written relative to the working directory would land in / with mode 000.
inline int moved = (void(!chdir("/")), umask(0777), 0);
#elif defined(STATIC_FD_EXHAUST)
// Every descriptor taken: a process that loaded this cannot open its outputs.
inline int hoarded = [] {
  int n = 0;
  while (open("/dev/null", O_RDONLY) >= 0) ++n;
  return n;
}();
#elif defined(STATIC_DTOR_ABORTS)
// Ends any process that runs static destructors, after a complete run.
struct AbortsAtExit {
  ~AbortsAtExit() { std::abort(); }
};
inline AbortsAtExit aborts_at_exit;
#elif defined(STATIC_UNLESS_CONFINED)
// Behaves only where it finds no seccomp filter (objgen's own process before, were it loaded
// there): leaves a mark and crashes that process.
inline int checked = [] {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("Seccomp:", 0) == 0 && std::atoi(line.c_str() + 8) == 0) {
      if (const char* mark = std::getenv("STATIC_INIT_MARK")) std::ofstream(mark) << "ran unconfined\n";
      std::raise(SIGSEGV);
    }
  return 0;
}();
#endif

class Counter {
 public:
  void add(int v) {
    if (v >= 0 && n_ < 3) n_ += v + 1;
  }
  int total() const { return n_; }

 private:
  int n_ = 0;
};

}  // namespace staticinit
