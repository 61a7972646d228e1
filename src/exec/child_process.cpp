#include "exec/child_process.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/single_threaded.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <thread>
#include <vector>

#include "io/utf8_text.hpp"
#include "exec/checked_heap.hpp"
#include "exec/confinement.hpp"
#include "exec/memory_cgroup.hpp"
#include "exec/executor.hpp"
#include "exec/process_tree.hpp"
#include "exec/worker_filesystem.hpp"

namespace objgen {
namespace {

constexpr size_t kNoteBytes = 4096;
constexpr off_t kOutputBound = 1 << 20;
// A worker that has not stopped this long after SIGSTOP cannot be stopped (a vfork() parent
// waits for its child in a state SIGSTOP does not interrupt): it is killed instead.
constexpr double kFreezeSeconds = 1.0;
// A process sent SIGKILL that has not ended this long after is left to reap_orphans.
constexpr double kReapSeconds = 5.0;
// A worker looks for processes the code under test started (one system call) after every this
// many calls, besides after each call during which a child of it ended or one was forked.
constexpr unsigned kCallsPerChildrenCheck = 1024;  // every 64: 1.5-4 % of ncl 8 (a waitid is 0.4-1 us here)

const std::atomic<bool>* g_interrupt_flag = nullptr;
bool interrupt_requested() { return g_interrupt_flag && g_interrupt_flag->load(std::memory_order_relaxed); }

// Child-side state. A process forked by the code under test inherits it, which is how it knows.
struct ChildState {
  bool in_child = false;
  pid_t pid = 0;               // the supervised child's own pid
  char* note = nullptr;        // its note page
  bool watch_threads = false;  // the child started single-threaded, so a thread is the code's
  bool supervisor_forking = false;
  size_t memory_limit = 0;
  volatile sig_atomic_t forked = 0;       // the code under test forked (seen in the child)
  volatile sig_atomic_t forked_copy = 0;  // this process is such a fork
  volatile sig_atomic_t child_ended = 0;  // SIGCHLD: a process below the worker ended
  unsigned calls_unchecked = 0;           // calls since the worker last looked for processes it started
};
ChildState g_child;

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

// Signal-safe: no allocation.
void write_note_parts(char* note, std::initializer_list<const char*> parts) {
  if (!note) return;
  size_t n = 0;
  for (const char* p : parts)
    for (; *p && n < kNoteBytes - 1; ++p) note[n++] = *p;
  note[n] = '\0';
}

// The filter trapped a system call (confinement.cpp): the call that made it is the finding. A
// handler of the code under test's own replaces this one; the call is blocked all the same.
void on_blocked_call(int, siginfo_t* info, void*) {
  if (!is_original_child()) _exit(0);
  write_note_parts(g_child.note, {"SIGSYS (Bad system call): ", blocked_call_description(info->si_syscall)});
  _exit(kChildAbandoned);
}

void on_child_ended(int) { g_child.child_ended = 1; }

void install_worker_handlers() {
  struct sigaction sa {};
  sa.sa_sigaction = on_blocked_call;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGSYS, &sa, nullptr);
  struct sigaction chld {};
  chld.sa_handler = on_child_ended;
  chld.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  sigaction(SIGCHLD, &chld, nullptr);
}

// /proc/self/statm's first two fields, in bytes: the address space's size and the resident set.
struct MemoryUse {
  size_t virtual_bytes = 0, resident_bytes = 0;
};
MemoryUse memory_use() {
  unsigned long size = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu %lu", &size, &resident) != 2) size = resident = 0;
    std::fclose(f);
  }
  size_t page = static_cast<size_t>(getpagesize());
  return {size * page, resident * page};
}

// This process is a supervised child (or, in_child false, runs no code under test).
void enter_child_state(bool in_child, char* note) {
  g_child.in_child = in_child;
  g_child.pid = getpid();
  g_child.note = note;
  g_child.forked = 0;
  g_child.forked_copy = 0;
  g_child.child_ended = 0;
  g_child.calls_unchecked = 0;
  g_child.supervisor_forking = false;
  g_child.memory_limit = 0;
}

// Processes the code under test starts stay below the worker (a subreaper), where it can see them;
// it may reach no other process (confinement.cpp).
bool confine_code_under_test(char* note) {
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  if (!confine_worker(g_child.pid)) {
    write_note(note, "objgen: cannot confine the worker (capabilities, seccomp)");
    return false;
  }
  install_worker_handlers();
  return true;
}

// The child starts as big as objgen: its address-space limit is on what the code under test
// adds, its loading included (measured before it, which may leave no descriptor to measure with).
// Memory in files (a memfd, shared memory, tmpfs) is no mapping: the child's memory cgroup counts
// it (cgroup_fd, its cgroup.procs), or where it has none, no one such file may pass the limit.
void limit_memory(const ChildOptions& o, int cgroup_fd) {
  size_t at_start = memory_use().virtual_bytes;
  rlimit address_space{at_start + o.memory_limit_bytes, at_start + o.memory_limit_bytes};
  setrlimit(RLIMIT_AS, &address_space);
  g_child.memory_limit = o.memory_limit_bytes;
  if (!o.runs_code_under_test || (cgroup_fd >= 0 && join_memory_cgroup(cgroup_fd))) return;
  rlimit file{};
  if (getrlimit(RLIMIT_FSIZE, &file) != 0 || file.rlim_max < o.memory_limit_bytes) return;
  file.rlim_cur = file.rlim_max = o.memory_limit_bytes;
  setrlimit(RLIMIT_FSIZE, &file);
}

[[noreturn]] void child_main(const std::function<void()>& body, const ChildOptions& o, pid_t parent, int out_fd, int cgroup_fd,
                             char* note) {
  // A forked child has one thread, but glibc (2.36) leaves the flag as the parent had it: a worker
  // forked while other supervisor threads ran (params --threads) would take its own load for the
  // code under test starting a thread. pthread_create clears it again.
  __libc_single_threaded = 1;
  enter_child_state(o.runs_code_under_test, note);
  // A session of its own: no controlling terminal (/dev/tty cannot be opened, the user's terminal
  // sends it no signal), and a process group objgen kills with it. The parent does not set the
  // group itself: a child already leading a group could not start a session.
  if (setsid() < 0) setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(kChildAbandoned);  // objgen died before the line above
  signal(SIGINT, SIG_IGN);                          // Ctrl-C and termination are objgen's to handle
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
  if (o.memory_limit_bytes) limit_memory(o, cgroup_fd);
  if (o.runs_code_under_test && !confine_code_under_test(note)) _exit(kChildThrew);
  // A worker program objgen execs locks its own settings once its runtime has started.
  bool loads = o.runs_code_under_test && o.loads_code_under_test;
  if (loads && !(lock_worker_settings() && confine_worker_filesystem())) {
    write_note(note, "objgen: cannot confine the worker (seccomp, Landlock)");
    _exit(kChildThrew);
  }
  try {
    if (loads && o.code_under_test_loader) o.code_under_test_loader();
  } catch (const std::exception& e) {
    write_note(note, std::string("loading the code under test failed: ") + e.what());
    _exit(kChildThrew);
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
  return utf8_shorten(line, 300);
}

}  // namespace

namespace {
std::atomic<double> g_worker_load_seconds{kDefaultWorkerLoadSeconds};
}  // namespace

void set_worker_load_seconds(double seconds) { g_worker_load_seconds.store(seconds); }
double worker_load_seconds() { return g_worker_load_seconds.load(); }

void FruitlessStarts::note(bool loaded, bool hung, const std::string& what) {
  if (loaded) {
    count_ = 0;
    return;
  }
  count_ += hung ? kMaxFruitlessStarts / 2 : 1;
  if (count_ >= kMaxFruitlessStarts)
    throw WorkersCannotStart("workers keep ending while they load it (its static initializers, or the harness in a confined worker): " +
                             what);
}

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
  protect_supervisor();
  if (options.runs_code_under_test) {  // once; the child only loads them
    prepare_confinement();
    prepare_worker_filesystem();
  }
  prepare_memory_cgroup(options);
  if (options.capture_output && out_fd_ < 0) out_fd_ = open_output_file();
  clear_output();
  note_[0] = '\0';
  verdict_.clear();
  status_ = 0;
  usage_ = {};
  std::fflush(nullptr);
  pid_t parent = getpid();
  std::unique_lock<std::mutex> starts = lock_worker_starts();
  g_child.supervisor_forking = true;
  pid_t pid = fork();
  if (pid == 0) {
    starts.unlock();  // the child's copy, which its only thread (the forking one) holds
    child_main(body, options, parent, out_fd_, cgroup_ ? cgroup_->procs_fd() : -1, note_);
  }
  g_child.supervisor_forking = false;
  if (pid < 0) throw std::runtime_error(std::string("objgen: cannot start a worker process: ") + std::strerror(errno));
  note_supervised_child(pid);
  starts.unlock();
  pid_ = pid;
}

// A child that runs the code under test with a memory limit gets a memory cgroup, the same one
// across starts while the limit stays. Its limit has room for the pages of objgen's own that the
// worker writes (each copied from objgen's at its first write since the fork, and charged then).
void ChildProcess::prepare_memory_cgroup(const ChildOptions& o) {
  constexpr size_t kCopiedPages = size_t{64} << 20;
  size_t wanted = o.runs_code_under_test && o.memory_limit_bytes ? o.memory_limit_bytes + kCopiedPages : 0;
  if (cgroup_ && cgroup_->limit_bytes() != wanted) cgroup_.reset();
  if (!cgroup_ && wanted) cgroup_ = MemoryCgroup::make(wanted);
  oom_kills_before_ = cgroup_ ? cgroup_->oom_kills() : 0;
}

void ChildProcess::finish(int status, const rusage& usage) {
  status_ = status;
  usage_ = usage;
  // The kernel's OOM killer ended it (a SIGKILL objgen did not send): over its cgroup's limit.
  if (cgroup_ && verdict_.empty() && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL && cgroup_->oom_kills() > oom_kills_before_)
    verdict_ = signal_description(SIGKILL) + ": over the worker's memory limit (" + std::to_string(cgroup_->limit_bytes() >> 20) +
               " MiB with what objgen's worker uses; files in memory and shared memory count)";
  forget_supervised_child(pid_);
  pid_ = -1;
  // What the child's processes left (reparented here when it ended) goes with it.
  reap_orphans();
}

bool ChildProcess::ended() {
  if (pid_ <= 0) return true;
  siginfo_t si{};
  // WNOWAIT keeps the child a zombie, so its pid (the group's id) cannot be reused before the
  // group is killed.
  if (waitid(P_PID, static_cast<id_t>(pid_), &si, WEXITED | WNOHANG | WNOWAIT) != 0 || si.si_pid != pid_) return false;
  // A child that made itself traced reports trace stops here too: only an exit is an end.
  if (si.si_code != CLD_EXITED && si.si_code != CLD_KILLED && si.si_code != CLD_DUMPED) return false;
  ::kill(-pid_, SIGKILL);
  reap_after_kill();
  return true;
}

void ChildProcess::reap_after_kill() {
  int status = 0;
  rusage ru{};
  // Bounded: a process stuck in the kernel is left to reap_orphans (it is no worker any more).
  if (!reap_within(pid_, kReapSeconds, &status, &ru)) status = SIGKILL;  // reads as "killed by SIGKILL"
  finish(status, ru);
}

ChildProcess::Freeze ChildProcess::freeze() {
  if (pid_ <= 0) return Freeze::Ended;
  ::kill(pid_, SIGSTOP);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kFreezeSeconds);
  for (;;) {
    siginfo_t si{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &si, WEXITED | WSTOPPED | WNOWAIT | WNOHANG) != 0) {
      if (errno == EINTR) continue;
      return Freeze::Ended;
    }
    if (si.si_pid == pid_ && (si.si_code == CLD_STOPPED || si.si_code == CLD_TRAPPED)) {
      siginfo_t stop{};
      waitid(P_PID, static_cast<id_t>(pid_), &stop, WSTOPPED | WNOHANG);  // consume the stop report, never an exit
      return Freeze::Stopped;
    }
    if (si.si_pid == pid_) {
      ended();  // it died before stopping
      return Freeze::Ended;
    }
    if (interrupt_requested()) return Freeze::Interrupted;  // objgen stops: its caller kills the child
    if (std::chrono::steady_clock::now() >= deadline || waits_for_vfork_child()) break;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  verdict_ = running_child_name(pid_).empty() ? kUnstoppableWorker : "the call vfork()ed a process that neither exec'd nor exited";
  kill();
  return Freeze::Unstoppable;
}

// A vfork() parent sleeps in the kernel ('D') until its child execs or exits, with SIGSTOP
// pending; without this it would cost the whole kFreezeSeconds per such call.
bool ChildProcess::waits_for_vfork_child() const { return process_state(pid_) == 'D' && !running_child_name(pid_).empty(); }

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
  if (!verdict_.empty()) return verdict_;
  std::string note(note_, strnlen(note_, kNoteBytes));
  if (WIFEXITED(status_)) {
    int code = WEXITSTATUS(status_);
    if (code == kChildAbandoned && !note.empty()) return note;
    if (code == kChildThrew && !note.empty()) return note + " escaped";
    return "process exited with status " + std::to_string(code);
  }
  if (!WIFSIGNALED(status_)) return "ended abnormally";
  std::string what = signal_description(WTERMSIG(status_));
  // (A worker that exec'd, the AddressSanitizer one, has no note to say which call was blocked.)
  if (WTERMSIG(status_) == SIGSYS)
    return what + ": the call made a system call workers may not make (it reaches outside its worker, or arms a timer)";
  if (WTERMSIG(status_) == SIGXFSZ)  // where objgen has no memory cgroup (limit_memory)
    return what + ": a file grew past the worker's file-size limit (its memory limit, so that files in memory count)";
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
  if (size_t summary = text.rfind("SUMMARY: AddressSanitizer: ");
      line.find("==ABORTING") != std::string::npos && summary != std::string::npos) {
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

void check_after_call() {
  if (!g_child.in_child) return;
  if (g_child.forked_copy) _exit(0);  // a copy of the child: never runs objgen's code
  if (g_child.forked) abandon_child("the call forked a process (fork() in the code under test)");
  if (g_child.watch_threads && !__libc_single_threaded) abandon_child("the call started a thread that outlives it");
  if (g_child.child_ended || ++g_child.calls_unchecked >= kCallsPerChildrenCheck) check_no_process_left();
}

void check_no_process_left() {
  if (!g_child.in_child) return;
  g_child.calls_unchecked = 0;
  g_child.child_ended = 0;
  siginfo_t si{};
  if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT | __WALL) != 0) return;  // no child at all: the usual case
  if (!is_original_child()) _exit(0);                                            // a copy the code under test made behind glibc's back
  // Processes the call started (system("... &"), a double fork, posix_spawn) that still run are
  // below the worker, a subreaper; exited ones that nobody waited for are harmless zombies.
  // (Not named: its name changes as it execs, which would split one finding into several.)
  if (!running_child_name(g_child.pid).empty()) abandon_child("the call started a process that outlives it");
}

void set_interrupt_flag(const std::atomic<bool>* flag) { g_interrupt_flag = flag; }

size_t resident_set_bytes() { return memory_use().resident_bytes; }

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
__attribute__((weak)) void objgen::hold_freed_memory(bool) {}
