// Classes whose code under test tries to get out of its worker: to reach objgen (its memory, its
// limits, its priority), to change the worker's own limits or reaper bit, to leave processes
// behind, to hang the supervisor, to signal a later call through a timer, to change the user's
// terminal, or to falsify what objgen reads from the memory it shares with the worker. Each is a
// small counter (add(int) builds its states) with hostile members; objgen must report them and
// finish (tests/confine_test.sh). A process that gets out touches the file named by ESCAPE_SENTINEL.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/stat.h>
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

// Changes the worker's own settings so that a later call pays: a CPU or file-size limit that
// signals later (SIGXCPU, SIGXFSZ), limits that make later opens and allocations fail, and the
// reaper bit or parent-death signal that keep processes the worker starts in sight; a lease on a
// file. Reading a limit or the reaper bit, and asking for io_uring, are harmless (members that must
// not be findings).
class Limiter {
  ESCAPE_COUNTER(Limiter)
  void cpu_seconds() {
    rlimit one{1, RLIM_INFINITY};
    setrlimit(RLIMIT_CPU, &one);
  }
  void file_size() {
    rlimit none{0, RLIM_INFINITY};
    setrlimit(RLIMIT_FSIZE, &none);
  }
  void raw_files() {  // the system call itself, not glibc's prlimit64
    rlimit three{3, 3};
    syscall(SYS_setrlimit, RLIMIT_NOFILE, &three);
  }
  void address_space() {
    rlimit small{1 << 20, 1 << 20};
    prlimit(0, RLIMIT_AS, &small, nullptr);
  }
  // Turns the worker's reaper bit off, then double-forks through raw clone: the grandchild would
  // be objgen's orphan, out of its worker's sight.
  void unreap() {
    if (prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0) != 0) return;
    long child = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
    if (child == 0) {
      if (syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0) == 0) touch_sentinel_later();
      _exit(0);
    }
    if (child > 0) waitpid(static_cast<pid_t>(child), nullptr, 0);
  }
  void outlive_objgen() { prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0); }
  // A lease on a file would hold the next open of it by another process for 45 s.
  void lease_file() {
    const char* dir = std::getenv("TMPDIR");
    std::string path = std::string(dir ? dir : "/tmp") + "/escape-lease-XXXXXX";
    int fd = mkstemp(path.data());
    if (fd < 0) return;
    fcntl(fd, F_SETLEASE, F_WRLCK);
    close(fd);
    unlink(path.c_str());
  }
  // io_uring runs its operations past the system-call filter: it answers "not here" (harmless).
  int ring_available() const {
    char params[120] = {};
    long fd = syscall(SYS_io_uring_setup, 4, params);
    if (fd >= 0) close(static_cast<int>(fd));
    return fd >= 0 ? 1 : 0;
  }
  int open_files_allowed() const {
    rlimit now{};
    getrlimit(RLIMIT_NOFILE, &now);
    return now.rlim_cur > 3 ? 1 : 0;
  }
  int reaps() const {
    int on = 0;
    prctl(PR_GET_CHILD_SUBREAPER, &on, 0, 0, 0);
    return on;
  }
};

// Memory in files, which no address-space limit sees: 2 GiB written into a memfd, and into an
// unlinked file in /dev/shm (tmpfs; where the worker may write there), each kept open; System V
// shared memory left behind. A small memfd, closed again, is harmless.
class Hoarder {
  ESCAPE_COUNTER(Hoarder)
  void memfd_fill() { fill(static_cast<int>(syscall(SYS_memfd_create, "hoard", 0))); }
  void shm_fill() {
    std::string path = "/dev/shm/objgen-escape-" + std::to_string(getpid());
    int fd = open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600);
    unlink(path.c_str());
    fill(fd);
  }
  // System V shared memory outlives the process that made it: a segment a call, left to the
  // machine (a page of each written: the worker's memory is not the point here).
  void leak_segment() {
    int id = shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0600);
    if (id < 0) return;
    void* at = shmat(id, nullptr, 0);
    if (at == reinterpret_cast<void*>(-1)) return;
    std::memset(at, 1, 4096);
    shmdt(at);
  }
  int small_memfd() const {
    int fd = static_cast<int>(syscall(SYS_memfd_create, "small", 0));
    static char block[4096];
    int written = fd >= 0 && write(fd, block, sizeof block) == static_cast<ssize_t>(sizeof block) ? 1 : 0;
    if (fd >= 0) close(fd);
    return written;
  }

 private:
  static void fill(int fd) {
    if (fd < 0) return;
    static char block[1 << 20];
    std::memset(block, 0x5a, sizeof block);
    for (int i = 0; i < 2048; ++i)
      if (write(fd, block, sizeof block) != static_cast<ssize_t>(sizeof block)) break;
  }
};

// The value after `option` on objgen's command line (the worker's parent's), "" when none.
inline std::string objgen_argument(const char* option) {
  std::string path = "/proc/" + std::to_string(getppid()) + "/cmdline", line, previous;
  FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return "";
  std::string value;
  for (int c; (c = std::fgetc(f)) != EOF;) {
    if (c != 0) {
      line += static_cast<char>(c);
      continue;
    }
    if (previous == option) value = line;
    previous = line;
    line.clear();
  }
  std::fclose(f);
  return value;
}

// Writes where objgen keeps its outputs and where the user works: a directory made at the
// --report-json path it reads from objgen's command line (so that objgen cannot write its report
// there), and a file in the working directory. Writing into TMPDIR (the worker's scratch
// directory) is allowed: a finding of write_scratch would be objgen's mistake.
class Writer {
  ESCAPE_COUNTER(Writer)
  void block_report() {
    std::string report = objgen_argument("--report-json");
    if (!report.empty() && mkdir(report.c_str(), 0755) == 0) {
      int fd = open(sentinel(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (fd >= 0) (void)!write(fd, "made a directory at the report's path\n", 38);
    }
  }
  void write_here() { close(open("escape-wrote-here", O_WRONLY | O_CREAT, 0644)); }
  void write_scratch() {
    const char* dir = std::getenv("TMPDIR");
    std::string path = std::string(dir ? dir : "/tmp") + "/escape-XXXXXX";
    int fd = mkstemp(path.data());
    if (fd < 0) throw std::runtime_error(std::string("cannot write in TMPDIR: ") + std::strerror(errno));
    close(fd);
    unlink(path.c_str());
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

// Calls that never return in ways that outlast a time limit unless objgen's own clock ends them:
// a process that stops itself, a fault whose handler returns to the faulting load, SIGTERM and
// SIGINT ignored, a loop on the CPU. Every command ends within its --time-limit or --budget, the
// call timeout and two seconds.
class Stalls {
  ESCAPE_COUNTER(Stalls)
  void stop_self() { raise(SIGSTOP); }
  void swallow_segv() {
    struct sigaction sa {};
    sa.sa_handler = [](int) {};
    sigaction(SIGSEGV, &sa, nullptr);
    *static_cast<volatile int*>(nullptr) = 1;  // the handler returns to this store: forever
  }
  void ignore_term() {
    signal(SIGTERM, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    for (;;) pause();
  }
  void spin() {
    for (;;) asm volatile("" ::: "memory");  // a loop the compiler keeps
  }
};

}  // namespace escape
