#include "exec/child_process.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/sockios.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/single_threaded.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <thread>
#include <vector>

#include "exec/checked_heap.hpp"
#include "exec/executor.hpp"

namespace objgen {
namespace {

constexpr size_t kNoteBytes = 4096;
constexpr off_t kOutputBound = 1 << 20;

// Child-side state. A process forked by the code under test inherits it, which is how it knows.
struct ChildState {
  bool in_child = false;
  pid_t pid = 0;             // the supervised child's own pid
  char* note = nullptr;      // its note page
  bool watch_threads = false;  // the child started single-threaded, so a thread is the code's
  bool supervisor_forking = false;
  size_t memory_limit = 0;
  volatile sig_atomic_t forked = 0;       // the code under test forked (seen in the child)
  volatile sig_atomic_t forked_copy = 0;  // this process is such a fork
};
ChildState g_child;
void (*g_loader)() = nullptr;

void after_fork_in_parent() {
  if (g_child.in_child && !g_child.supervisor_forking) g_child.forked = 1;
}

void after_fork_in_child() {
  if (!g_child.in_child || g_child.supervisor_forking) return;
  g_child.forked_copy = 1;
  prctl(PR_SET_PDEATHSIG, SIGKILL);  // dies with the child that forked it
}

void install_fork_watch() {
  static bool installed = [] { return pthread_atfork(nullptr, after_fork_in_parent, after_fork_in_child) == 0; }();
  (void)installed;
}

int open_output_file() {
  int fd = memfd_create("objgen-child-output", MFD_CLOEXEC);
  if (fd >= 0 && fd <= 2) {  // objgen was started with a standard fd closed: keep clear of 0..2
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    fd = moved;
  }
  // Appending: after the parent empties the file, the child's next write lands at its start.
  if (fd >= 0) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND);
  return fd;
}

void write_note(char* note, const std::string& text) {
  if (!note) return;
  size_t n = std::min(text.size(), kNoteBytes - 1);
  std::memcpy(note, text.data(), n);
  note[n] = '\0';
}

#if defined(__x86_64__)
constexpr uint32_t kAuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
#endif

// A seccomp program with forward jumps to labels, resolved when it is finished.
class FilterBuilder {
 public:
  void load(uint32_t offset) { code_.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offset)); }
  void ret(uint32_t action) { code_.push_back(BPF_STMT(BPF_RET | BPF_K, action)); }
  // if (A == value) goto label (else fall through)
  void jump_if(uint32_t value, int label) { jump(BPF_JEQ, value, label); }
  // if (A & bits) goto label
  void jump_if_any(uint32_t bits, int label) { jump(BPF_JSET, bits, label); }
  void place(int label) { labels_[label] = code_.size(); }
  std::vector<sock_filter> finish() {
    for (auto [at, label] : fixups_) code_[at].jt = static_cast<uint8_t>(labels_[label] - at - 1);
    return code_;
  }

 private:
  void jump(uint16_t op, uint32_t value, int label) {
    fixups_.push_back({code_.size(), label});
    code_.push_back(BPF_JUMP(BPF_JMP | op | BPF_K, value, 0, 0));
  }
  std::vector<sock_filter> code_;
  std::vector<std::pair<size_t, int>> fixups_;
  size_t labels_[8] = {};
};

// The code under test may signal only its own worker and that worker's group: kill(-1, ...), a
// signal to objgen or to any other process, joining another process group, having the kernel
// signal a process for it (F_SETOWN, FIOSETOWN), ptrace, and system calls of another ABI trap
// (SIGSYS ends the worker, and the finding names the call). A run as root could otherwise kill
// every process on the machine.
bool confine_signals(pid_t self) {
#ifdef __NR_pidfd_send_signal
  constexpr uint32_t kPidfdSendSignal = __NR_pidfd_send_signal;
#else
  constexpr uint32_t kPidfdSendSignal = 424;
#endif
#if defined(__x86_64__) || defined(__aarch64__)
  enum { kTrap, kAllow, kNative, kKill, kSelf, kFcntl, kIoctl };
  const uint32_t me = static_cast<uint32_t>(self), my_group = static_cast<uint32_t>(-self);
  constexpr uint32_t kArg0 = offsetof(seccomp_data, args[0]);  // little-endian: an int is the low word
  constexpr uint32_t kArg1 = offsetof(seccomp_data, args[1]);
  FilterBuilder f;
  f.load(offsetof(seccomp_data, arch));
  f.jump_if(kAuditArch, kNative);
  f.ret(SECCOMP_RET_TRAP);  // i386 through int 0x80, or any other ABI
  f.place(kNative);
  f.load(offsetof(seccomp_data, nr));
#if defined(__x86_64__)
  f.jump_if_any(0x40000000u, kTrap);  // x32 numbers
#endif
  f.jump_if(__NR_kill, kKill);
  f.jump_if(__NR_tgkill, kSelf);
  f.jump_if(__NR_tkill, kSelf);
  f.jump_if(__NR_rt_sigqueueinfo, kSelf);
  f.jump_if(__NR_rt_tgsigqueueinfo, kSelf);
  f.jump_if(kPidfdSendSignal, kTrap);
  f.jump_if(__NR_setpgid, kTrap);
  f.jump_if(__NR_ptrace, kTrap);
  f.jump_if(__NR_fcntl, kFcntl);
  f.jump_if(__NR_ioctl, kIoctl);
  f.ret(SECCOMP_RET_ALLOW);
  f.place(kKill);  // kill(pid): itself, its group (0 or -self)
  f.load(kArg0);
  f.jump_if(0, kAllow);
  f.jump_if(my_group, kAllow);
  f.jump_if(me, kAllow);
  f.ret(SECCOMP_RET_TRAP);
  f.place(kSelf);  // tgkill, tkill, rt_(tg)sigqueueinfo: its own process (or main thread)
  f.load(kArg0);
  f.jump_if(me, kAllow);
  f.ret(SECCOMP_RET_TRAP);
  // fcntl and ioctl: the commands that make the kernel signal a process
  auto trap_commands = [&f](int label, std::initializer_list<uint32_t> commands) {
    f.place(label);
    f.load(kArg1);
    for (uint32_t c : commands) f.jump_if(c, kTrap);
    f.ret(SECCOMP_RET_ALLOW);
  };
  trap_commands(kFcntl, {F_SETOWN, F_SETSIG, F_SETOWN_EX});
  trap_commands(kIoctl, {FIOSETOWN, SIOCSPGRP});
  f.place(kTrap);
  f.ret(SECCOMP_RET_TRAP);
  f.place(kAllow);
  f.ret(SECCOMP_RET_ALLOW);
  std::vector<sock_filter> code = f.finish();
  sock_fprog prog{static_cast<unsigned short>(code.size()), code.data()};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0;
#else
  (void)self;
  return false;
#endif
}

size_t virtual_size_bytes() {
  unsigned long pages = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  return static_cast<size_t>(pages) * static_cast<size_t>(getpagesize());
}

// This process is a supervised child (or, in_child false, runs no code under test).
void enter_child_state(bool in_child, char* note) {
  g_child.in_child = in_child;
  g_child.pid = getpid();
  g_child.note = note;
  g_child.forked = 0;
  g_child.forked_copy = 0;
  g_child.supervisor_forking = false;
  g_child.memory_limit = 0;
}

[[noreturn]] void child_main(const std::function<void()>& body, const ChildOptions& o, pid_t parent, int out_fd,
                             char* note) {
  enter_child_state(o.runs_code_under_test, note);
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(kChildAbandoned);  // objgen died before the line above
  signal(SIGINT, SIG_IGN);  // Ctrl-C and termination are objgen's to handle
  signal(SIGTERM, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0 && devnull != STDIN_FILENO) {
    dup2(devnull, STDIN_FILENO);
    close(devnull);
  }
  if (o.capture_output && out_fd >= 0) {
    dup2(out_fd, STDOUT_FILENO);
    dup2(out_fd, STDERR_FILENO);
  }
  if (o.runs_code_under_test && !confine_signals(g_child.pid)) {
    write_note(note, "objgen: cannot confine the worker's signals (seccomp)");
    _exit(kChildThrew);
  }
  // The child starts as big as objgen: a memory limit is on what the code under test adds
  // (measured before loading it, which may leave no descriptor to measure with).
  size_t at_start = o.memory_limit_bytes ? virtual_size_bytes() : 0;
  try {
    if (o.runs_code_under_test && o.loads_code_under_test && g_loader) g_loader();
  } catch (const std::exception& e) {
    write_note(note, std::string("loading the code under test failed: ") + e.what());
    _exit(kChildThrew);
  }
  if (o.memory_limit_bytes) {
    rlimit lim{at_start + o.memory_limit_bytes, at_start + o.memory_limit_bytes};
    setrlimit(RLIMIT_AS, &lim);
    g_child.memory_limit = o.memory_limit_bytes;
  }
  g_child.watch_threads = __libc_single_threaded;
  try {
    body();
  } catch (const std::exception& e) {
    write_note(note, std::string("exception ") + e.what());
    _exit(kChildThrew);
  } catch (...) {
    write_note(note, "an exception of unknown type");
    _exit(kChildThrew);
  }
  _exit(0);  // no static destructors, no atexit handlers of the code under test
}

// glibc's "prog: file:line: function: Assertion `x' failed.": the function can be a page of
// template arguments; keep where and what.
std::string shorten_assert(std::string line) {
  size_t assertion = line.find("Assertion `"), where = line.find(": ");
  if (assertion == std::string::npos) assertion = line.find("Assertion '");  // libstdc++'s own (_GLIBCXX_ASSERTIONS)
  size_t where_end = where == std::string::npos ? where : line.find(": ", where + 2);
  if (assertion != std::string::npos && where_end != std::string::npos && where_end < assertion) {
    std::string function = line.substr(where + 2, where_end - where - 2);
    if (size_t with = function.find(" [with "); with != std::string::npos) function.erase(with);  // template arguments
    line = function + ": " + line.substr(assertion);
  }
  if (line.size() > 300 && assertion != std::string::npos) line = line.substr(line.find("Assertion"));  // the expression first
  return line.size() > 300 ? line.substr(0, 300) + "..." : line;
}

}  // namespace

ChildProcess::ChildProcess() {
  void* p = mmap(nullptr, kNoteBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::runtime_error("objgen: cannot map memory for a worker process");
  note_ = static_cast<char*>(p);
}

ChildProcess::~ChildProcess() {
  kill();
  if (out_fd_ >= 0) close(out_fd_);
  munmap(note_, kNoteBytes);
}

void ChildProcess::start(const std::function<void()>& body, const ChildOptions& options) {
  kill();
  install_fork_watch();
  if (options.capture_output && out_fd_ < 0) out_fd_ = open_output_file();
  clear_output();
  note_[0] = '\0';
  status_ = 0;
  usage_ = {};
  std::fflush(nullptr);
  pid_t parent = getpid();
  g_child.supervisor_forking = true;
  pid_t pid = fork();
  if (pid == 0) child_main(body, options, parent, out_fd_, note_);
  g_child.supervisor_forking = false;
  if (pid < 0) throw std::runtime_error(std::string("objgen: cannot start a worker process: ") + std::strerror(errno));
  setpgid(pid, pid);  // also here, so that the group exists before anyone signals it
  pid_ = pid;
}

void ChildProcess::finish(int status, const rusage& usage) {
  status_ = status;
  usage_ = usage;
  pid_ = -1;
}

bool ChildProcess::ended() {
  if (pid_ <= 0) return true;
  siginfo_t si{};
  // WNOWAIT keeps the child a zombie, so its pid (the group's id) cannot be reused before the
  // group is killed.
  if (waitid(P_PID, static_cast<id_t>(pid_), &si, WEXITED | WNOHANG | WNOWAIT) != 0 || si.si_pid != pid_)
    return false;
  // A child that made itself traced reports trace stops here too: only an exit is an end.
  if (si.si_code != CLD_EXITED && si.si_code != CLD_KILLED && si.si_code != CLD_DUMPED) return false;
  ::kill(-pid_, SIGKILL);
  reap_after_kill();
  return true;
}

void ChildProcess::reap_after_kill() {
  int status = 0;
  rusage ru{};
  while (wait4(pid_, &status, 0, &ru) < 0)
    if (errno != EINTR) break;
  finish(status, ru);
}

bool ChildProcess::freeze() {
  if (pid_ <= 0) return false;
  ::kill(pid_, SIGSTOP);
  for (;;) {
    siginfo_t si{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &si, WEXITED | WSTOPPED | WNOWAIT) != 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (si.si_code == CLD_STOPPED || si.si_code == CLD_TRAPPED) {
      siginfo_t stop{};
      waitid(P_PID, static_cast<id_t>(pid_), &stop, WSTOPPED | WNOHANG);  // consume the stop report, never an exit
      return true;
    }
    ended();  // it died before stopping
    return false;
  }
}

void ChildProcess::thaw() {
  if (pid_ > 0) ::kill(pid_, SIGCONT);
}

void ChildProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  reap_after_kill();
}

void ChildProcess::stop(double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!ended()) {
    if (std::chrono::steady_clock::now() >= deadline) {
      kill();
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

std::string ChildProcess::describe_death() const {
  std::string note(note_, strnlen(note_, kNoteBytes));
  if (WIFEXITED(status_)) {
    int code = WEXITSTATUS(status_);
    if (code == kChildAbandoned && !note.empty()) return note;
    if (code == kChildThrew && !note.empty()) return note + " escaped";
    return "process exited with status " + std::to_string(code);
  }
  if (!WIFSIGNALED(status_)) return "ended abnormally";
  std::string what = signal_description(WTERMSIG(status_));
  if (WTERMSIG(status_) == SIGSYS) return what + ": the call tried to signal a process outside its worker (blocked)";
  if (WTERMSIG(status_) != SIGABRT) return what;
  // Only an abort's output is trusted to be about this death: other output may come from an
  // earlier call, or hold pids that would split findings.
  std::string said = output_tail();
  bool explains = said.find("Assertion `") != std::string::npos || said.find("Assertion '") != std::string::npos ||
                  said.find(": runtime error: ") != std::string::npos ||  // UndefinedBehaviorSanitizer, abort_on_error
                  said.find("AddressSanitizer: ") != std::string::npos;   // its SUMMARY line
  return explains ? what + ": " + said : what;
}

std::string ChildProcess::output_tail() const {
  if (out_fd_ < 0) return "";
  struct stat st {};
  if (fstat(out_fd_, &st) != 0 || st.st_size == 0) return "";
  char buf[8192];  // a sanitizer's summary stands above its shadow-memory dump
  off_t from = std::max<off_t>(0, st.st_size - static_cast<off_t>(sizeof buf));
  ssize_t n = pread(out_fd_, buf, sizeof buf, from);
  if (n <= 0) return "";
  std::string text(buf, static_cast<size_t>(n));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  size_t nl = text.find_last_of('\n');
  std::string line = nl == std::string::npos ? text : text.substr(nl + 1);
  // AddressSanitizer ends its report with "==pid==ABORTING"; the line that says what happened is
  // its summary, a few lines up ("SUMMARY: AddressSanitizer: heap-buffer-overflow file:line in f").
  if (size_t summary = text.rfind("SUMMARY: AddressSanitizer: "); line.find("==ABORTING") != std::string::npos &&
                                                                   summary != std::string::npos) {
    size_t end = text.find('\n', summary);
    line = text.substr(summary, end == std::string::npos ? std::string::npos : end - summary);
  }
  line.erase(std::remove(line.begin(), line.end(), '\0'), line.end());
  return shorten_assert(line);
}

void ChildProcess::clear_output() {
  if (out_fd_ >= 0) (void)ftruncate(out_fd_, 0);
}

void ChildProcess::trim_output() {
  struct stat st {};
  if (out_fd_ < 0 || fstat(out_fd_, &st) != 0 || st.st_size <= kOutputBound) return;
  // Keep the last few KiB (the line that may explain a coming crash), drop the rest.
  char tail[4096];
  off_t from = std::max<off_t>(0, st.st_size - static_cast<off_t>(sizeof tail));
  ssize_t n = pread(out_fd_, tail, sizeof tail, from);
  if (ftruncate(out_fd_, 0) == 0 && n > 0) (void)pwrite(out_fd_, tail, static_cast<size_t>(n), 0);
}

void set_code_under_test_loader(void (*loader)()) { g_loader = loader; }

void check_after_call() {
  if (!g_child.in_child) return;
  if (g_child.forked_copy) _exit(0);  // a copy of the child: never runs objgen's code
  if (g_child.forked) abandon_child("the call forked a process (fork() in the code under test)");
  if (g_child.watch_threads && !__libc_single_threaded)
    abandon_child("the call started a thread that outlives it");
}

size_t resident_set_bytes() {
  unsigned long size = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu %lu", &size, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return static_cast<size_t>(resident) * static_cast<size_t>(getpagesize());
}

size_t child_memory_limit() { return g_child.in_child ? g_child.memory_limit : 0; }

bool is_original_child() { return !g_child.in_child || (!g_child.forked_copy && getpid() == g_child.pid); }

void adopt_supervised_child() {
  install_fork_watch();
  enter_child_state(true, nullptr);  // the note page did not survive the exec
  g_child.watch_threads = __libc_single_threaded;
}

void abandon_child(const std::string& why) {
  if (!is_original_child()) _exit(0);
  write_note(g_child.note, why);
  _exit(kChildAbandoned);
}

void heap_damage(const char* what) noexcept {
  if (g_child.in_child) {
    if (!is_original_child()) _exit(0);
    if (g_child.note) {
      size_t n = strnlen(what, kNoteBytes - 1);
      std::memcpy(g_child.note, what, n);
      g_child.note[n] = '\0';
    }
    _exit(kChildAbandoned);
  }
  const char prefix[] = "objgen: ";
  (void)!write(2, prefix, sizeof prefix - 1);
  (void)!write(2, what, strlen(what));
  (void)!write(2, "\n", 1);
  std::abort();
}

}  // namespace objgen

// The checked heap (checked_heap.cpp, in the objgen executable with jemalloc) defines the real one.
__attribute__((weak)) void objgen::junk_new_blocks(bool) {}
__attribute__((weak)) void objgen::return_freed_memory() {}
