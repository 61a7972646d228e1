// The one process supervisor: every process objgen forks to run the code under test (the
// exhaustive and random workers, evolve's test runner, the benchmark's cases) is a ChildProcess.
//
// What it guarantees, whatever the code under test does:
// - the child never returns into or unwinds through the parent's frames: its body runs under a
//   catch-all and the child ends with _exit;
// - the child cannot reach objgen or any process outside its own subtree (confinement.hpp): a
//   seccomp filter (libseccomp) lets it signal, limit, reprioritize, trace or read the memory of
//   no process but itself and its group, and traps raw fork(), CLONE_PARENT, setpgid, setns,
//   unshare and timer signals (alarm, setitimer, timer_create); it has no capabilities, even in a
//   run as root, and objgen is not dumpable, so /proc/<objgen>/mem is closed to it. A trapped call
//   ends the child with a note naming what the call tried;
// - no process outlives objgen or escapes its worker: the child is a subreaper, so whatever the
//   code under test starts stays below it however it forks or setsid()s; it looks for such
//   processes after every call during which one of them ended, and every 1024 calls, and ends with
//   the note "the call started a process that outlives it"; objgen is a subreaper too and kills
//   and reaps what a child leaves when it ends (reap_orphans). PR_SET_PDEATHSIG, a parent-liveness
//   check at start, and a process group per child (killed with it) cover objgen's own death;
// - the child is a session of its own, without a controlling terminal, and cannot change any
//   terminal's settings (confinement.hpp): nothing it does reaches the user's terminal;
// - once set up, the child's resource limits, reaper bit and parent-death signal are objgen's (a
//   call that changes them is trapped and named: lock_worker_settings); its memory, files in
//   memory included, is bounded by a memory cgroup of its own where objgen can make one
//   (memory_cgroup.hpp); it writes only beneath the run's scratch directory, its TMPDIR
//   (worker_filesystem.hpp);
// - a process forked by the code under test never runs objgen's code: it exits at the first
//   check_after_call(), and the child that forked it ends itself with a note ("the call forked a
//   process"); likewise for a call that starts a thread (the thread may crash or spin later);
// - every wait on a child is bounded: a child that does not stop within a second of SIGSTOP (a
//   vfork() parent whose child never execs) is killed with its subtree, and a wait gives up when
//   objgen is interrupted (set_interrupt_flag);
// - stdin is /dev/null, stdout and stderr go to a memory file the parent bounds and reads the
//   last line of (a failed assert or sanitizer report explains a crash); objgen's own output
//   is written only by the parent, through descriptors the child cannot reach;
// - kill() and signals never target a pid <= 0 or a group objgen did not create.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace objgen {

class MemoryCgroup;

struct ChildOptions {
  bool capture_output = true;  // stdout and stderr to the bounded memory file (else inherited)
  // What the child may add: its address space (RLIMIT_AS), and for a child that runs the code
  // under test all the memory it and its processes bring in, files in memory included (a memory
  // cgroup of its own where objgen can make one, else each file's size); 0: none.
  size_t memory_limit_bytes = 0;
  // The child runs the code under test: forks and threads it starts are watched
  // (check_after_call). Off for a child that runs objgen itself (a benchmark case).
  bool runs_code_under_test = true;
  // Such a child runs the code under test in its own process, its settings locked once confined;
  // off for a child that execs a program which loads it itself (and locks its own settings).
  bool loads_code_under_test = true;
  // What such a child does first, once confined, before its body: load the harness the API under
  // test was described from (its Api::worker_setup; objgen's own process never loads it). Empty
  // when the code is linked into the program. It ends the child (abandon_child) or throws when it
  // cannot.
  std::function<void()> code_under_test_loader;
};

// Fresh workers keep dying before the code under test runs a single call (static initializers that
// crash, hang or exit; a harness that cannot load once confined): the harness is unusable, and
// the run stops with this reason (the command's exit 2) instead of starting workers forever.
struct WorkersCannotStart : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// How many such workers in a row say so (a harness that loads now and then still runs), and how
// long a worker may take to load it (at least the call time limit); a load past it counts half.
// The load limit is the run's (`--load-timeout`), set once before any worker starts.
constexpr int kMaxFruitlessStarts = 8;
constexpr double kDefaultWorkerLoadSeconds = 20;
void set_worker_load_seconds(double seconds);
double worker_load_seconds();

// One supervisor's workers in a row that ended while loading the code under test (WorkerPool's per
// slot, TestRunner's). `loaded` is the worker's own flag: forging it can only end the run with
// WorkersCannotStart, which note() throws at kMaxFruitlessStarts.
class FruitlessStarts {
 public:
  void note(bool loaded, bool hung, const std::string& what);

 private:
  int count_ = 0;
};

// Exit codes a child uses for its own reasons (the code under test may exit with anything, so
// these come with a note in shared memory that says they are objgen's).
constexpr int kChildThrew = 0x70;      // an exception escaped to the child's entry
constexpr int kChildAbandoned = 0x71;  // the code under test forked or started a thread

class ChildProcess {
 public:
  ChildProcess();
  ~ChildProcess();  // kills a child still running (and removes its memory cgroup)
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Forks; the child runs body and ends with _exit(0). Throws std::runtime_error when fork fails.
  void start(const std::function<void()>& body, const ChildOptions& options = {});
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Non-blocking: true when the child has ended (its group is killed and it is reaped).
  bool ended();
  // Stops the child (SIGSTOP) and waits until it is stopped. Ended: it ended instead.
  // Unstoppable: not stopped within a second (a vfork() parent), so it was killed; describe_death
  // says why. Interrupted: objgen was interrupted while waiting (the child may still stop).
  enum class Freeze { Stopped, Ended, Unstoppable, Interrupted };
  Freeze freeze();
  void thaw();
  // SIGKILL to the child and its group, then reaps it. Nothing when not running.
  void kill();
  // Polls until the child ends by itself or `seconds` pass, then kills it.
  void stop(double seconds);

  // After the child ended: its wait status and resource usage.
  int status() const { return status_; }
  const rusage& usage() const { return usage_; }
  // "SIGSEGV (Segmentation fault)", "process exited with status 3", or the child's note; with
  // the last line of its output for an abort (a failed assert says where and what).
  std::string describe_death() const;
  // The last line the child wrote to stdout or stderr (shortened, assert lines to where/what).
  std::string output_tail() const;
  void clear_output();
  // Keeps the memory file under 1 MiB (called by parents that poll).
  void trim_output();

 private:
  void prepare_memory_cgroup(const ChildOptions& o);
  void reap_after_kill();
  void finish(int status, const rusage& usage);
  bool waits_for_vfork_child() const;
  pid_t pid_ = -1;
  int out_fd_ = -1;
  char* note_ = nullptr;  // a shared page: the child's reason for kChildThrew / kChildAbandoned
  std::string verdict_;   // the parent's reason, when it killed a child it could not stop
  int status_ = 0;
  rusage usage_{};
  std::unique_ptr<MemoryCgroup> cgroup_;  // kept across starts with the same limit
  unsigned long oom_kills_before_ = 0;    // the cgroup's count when this child started
};

// In a supervised child, after each call of the code under test: a process the call forked exits
// here; a call that forked, started a thread, or left a process running (seen at once when a
// process below the worker ended during it, else within 1024 calls) ends the child with a note
// naming it.
void check_after_call();
// In a supervised child: ends it with a note when a process the code under test started still
// runs (one system call when there is none). Called by check_after_call, and after each job.
void check_no_process_left();
// objgen's interruption flag (Ctrl-C, SIGTERM): waits on children give up when it is set.
void set_interrupt_flag(const std::atomic<bool>* flag);
// This process's resident set now (for objgen's own --memory-limit).
size_t resident_set_bytes();
// In a supervised child with a memory limit: the limit (growth allowed over the parent's size at
// fork), else 0.
size_t child_memory_limit();
// In a supervised child: ends it with kChildAbandoned and this note.
[[noreturn]] void abandon_child(const std::string& why);
// Called by objgen's allocator (checked_heap.cpp) when a freed block shows damage. In a supervised
// child: ends it with kChildAbandoned and `what` as its note (allocates nothing). Elsewhere the
// damage is objgen's own: prints `what` and aborts.
[[noreturn]] void heap_damage(const char* what) noexcept;
// Findings whose death heap_damage() explains start with this.
constexpr const char* kHeapDamage = "heap damage";
// objgen's note on a hung worker that did not stop within a second of SIGSTOP (a loaded machine):
// how objgen ended it, not part of the fault (finding_bucket leaves it out).
constexpr const char* kUnstoppableWorker = "the worker could not be stopped";
// False in a copy of a child that the code under test forked: it must not touch shared memory.
bool is_original_child();
// In a program a supervised child exec'd (a worker built with AddressSanitizer): this process is
// that child, so check_after_call watches for forks and threads here too. The parent's seccomp
// confinement, process group and death signal carry over the exec by themselves.
void adopt_supervised_child();

}  // namespace objgen
