// Classes whose code under test tries to get out of its worker: to reach objgen (its memory, its
// limits, its priority), to leave processes behind, to hang the supervisor, to signal a later call
// through a timer, to change the user's terminal, or to falsify what objgen reads from the memory
// it shares with the worker. Each is a small counter (add(int) builds its
// states) with one hostile member; objgen must report that member and finish
// (tests/confine_test.sh). A process that gets out touches the file named by ESCAPE_SENTINEL.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace escape {

#define ESCAPE_COUNTER(Name)                   \
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

inline const char* sentinel() {
  const char* s = std::getenv("ESCAPE_SENTINEL");
  return s ? s : "/tmp/objgen-escape-sentinel";
}

// Waits, then touches the sentinel: a process that still runs then has escaped.
[[noreturn]] inline void touch_sentinel_later() {
  sleep(2);
  int fd = open(sentinel(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) (void)!write(fd, "escaped\n", 8);
  _exit(0);
}

// Reaches for objgen (the worker's parent), one way per member.
class Reacher {
  ESCAPE_COUNTER(Reacher)
  // objgen's memory through /proc, as a debugger opens it: refused, which the call reports by
  // throwing (opening it at all is the escape).
  void proc_mem() {
    std::string path = "/proc/" + std::to_string(getppid()) + "/mem";
    int fd = open(path.c_str(), O_RDWR);
    if (fd < 0) throw std::runtime_error(std::string("cannot open the parent's memory: ") + std::strerror(errno));
    close(fd);
    int out = open(sentinel(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (out >= 0) (void)!write(out, "opened /proc/ppid/mem\n", 22);
    throw std::runtime_error("opened the parent's memory");
  }
  // objgen's memory without /proc: one byte, at the address of a static (the same in the parent).
  void vm_write() {
    static char byte = 0;
    iovec local{&byte, 1}, remote{&byte, 1};
    process_vm_writev(getppid(), &local, 1, &remote, 1, 0);
  }
  void limit_files() {
    rlimit few{4, 4};
    prlimit(getppid(), RLIMIT_NOFILE, &few, nullptr);
  }
  void limit_cpu() {
    rlimit second{1, 1};
    prlimit(getppid(), RLIMIT_CPU, &second, nullptr);
  }
  void renice() { setpriority(PRIO_PROCESS, static_cast<id_t>(getppid()), 19); }
  void pidfd() { syscall(SYS_pidfd_open, getppid(), 0); }
};

// Leaves a process behind that touches the sentinel two seconds later, one way per member.
class Lingerer {
  ESCAPE_COUNTER(Lingerer)
  // A double fork behind glibc's back (no atfork handler runs); the grandchild leaves the session.
  void raw_fork() {
    long child = syscall(SYS_fork);
    if (child == 0) {
      setsid();
      if (syscall(SYS_fork) == 0) touch_sentinel_later();
      _exit(0);
    }
    if (child > 0) waitpid(static_cast<pid_t>(child), nullptr, 0);
  }
  // The same through clone(), as glibc's fork() calls it but without glibc.
  void clone_fork() {
    long child = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
    if (child == 0) {
      setsid();
      if (syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0) == 0) touch_sentinel_later();
      _exit(0);
    }
    if (child > 0) waitpid(static_cast<pid_t>(child), nullptr, 0);
  }
  // A shell command left running in the background, in a session of its own.
  void background() {
    std::string command = std::string("setsid sh -c 'sleep 2; touch ") + sentinel() + "' &";
    (void)!std::system(command.c_str());
  }
};

// vfork() and a child that never execs or exits: the parent waits in the kernel, where SIGSTOP
// does not stop it.
class Vforker {
  ESCAPE_COUNTER(Vforker)
  void poke() {
    if (vfork() == 0) {
      pause();
      _exit(0);
    }
  }
};

// Timers whose signal would end the worker after the call, during some later call.
class Timers {
  ESCAPE_COUNTER(Timers)
  void alarm_once() { alarm(1); }
  void itimer() {
    itimerval once{{0, 0}, {0, 300000}};
    setitimer(ITIMER_REAL, &once, nullptr);
  }
  void posix_timer() {
    sigevent ev{};
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGALRM;
    timer_t timer;
    if (timer_create(CLOCK_MONOTONIC, &ev, &timer) == 0) {
      itimerspec once{{0, 0}, {0, 300000000}};
      timer_settime(timer, 0, &once, nullptr);
    }
  }
};

// The user's terminal, by its name (/dev/tty) or by every name it may have (/dev/pts/N): its
// settings, its output flow and its size changed, and a line written on it. A worker has no
// terminal, and none of this reaches the one objgen runs in.
inline void each_terminal(void (*change)(int fd)) {
  for (int n = 0; n < 64; ++n) {
    int fd = open(("/dev/pts/" + std::to_string(n)).c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) continue;
    change(fd);
    close(fd);
  }
}

class Terminal {
  ESCAPE_COUNTER(Terminal)
  void write_controlling() {
    int fd = open("/dev/tty", O_WRONLY);
    if (fd >= 0) {
      (void)!write(fd, "ESCAPED-TO-TERMINAL\n", 20);
      close(fd);
    }
  }
  void no_echo() {
    each_terminal([](int fd) {
      termios t{};
      if (tcgetattr(fd, &t) != 0) return;
      t.c_lflag &= ~static_cast<tcflag_t>(ECHO | ICANON | ISIG);
      tcsetattr(fd, TCSANOW, &t);
    });
  }
  void suspend_output() {
    each_terminal([](int fd) { tcflow(fd, TCOOFF); });
  }
  void resize() {
    each_terminal([](int fd) {
      winsize w{3, 7, 0, 0};
      ioctl(fd, TIOCSWINSZ, &w);
    });
  }
};

// Writes over every writable shared mapping of its worker (the memory a worker shares with objgen,
// wherever it lies), with a pattern or with zeros, then returns, dies or hangs. Quiet is the same
// counter without them: a run of either finds the same states.
inline void fill_shared_mappings(unsigned char byte) {
  FILE* maps = std::fopen("/proc/self/maps", "r");
  if (!maps) return;
  char line[512];
  while (std::fgets(line, sizeof line, maps)) {
    unsigned long lo = 0, hi = 0;
    char perms[8] = {};
    if (std::sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 && perms[1] == 'w' && perms[3] == 's')
      std::memset(reinterpret_cast<void*>(lo), byte, hi - lo);
  }
  std::fclose(maps);
}

class Quiet {
  ESCAPE_COUNTER(Quiet)
};

class Scribbler {
  ESCAPE_COUNTER(Scribbler)
  void pattern() { fill_shared_mappings(0x5a); }
  void zeros() { fill_shared_mappings(0); }
  void pattern_then_die() {
    fill_shared_mappings(0xff);
    std::abort();
  }
  void zeros_then_hang() {
    fill_shared_mappings(0);
    for (;;) pause();
  }
};

}  // namespace escape
