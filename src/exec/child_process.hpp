// The one process supervisor: every process objgen forks to run the code under test (the
// exhaustive and random workers, evolve's test runner, the benchmark's cases) is a ChildProcess.
//
// What it guarantees, whatever the code under test does:
// - the child never returns into or unwinds through the parent's frames: its body runs under a
//   catch-all and the child ends with _exit;
// - no child outlives objgen: PR_SET_PDEATHSIG, a parent-liveness check at start, and a process
//   group per child that is killed with it, so processes the code under test forks die too
//   (they are also given PR_SET_PDEATHSIG by an atfork handler);
// - a process forked by the code under test never runs objgen's code: it exits at the first
//   check_after_call(), and the child that forked it ends itself with a note ("the call forked a
//   process"); likewise for a call that starts a thread (the thread may crash or spin later);
// - stdin is /dev/null, stdout and stderr go to a memory file the parent bounds and reads the
//   last line of (a failed assert or sanitizer report explains a crash); objgen's own output
//   is written only by the parent, through descriptors the child cannot reach;
// - kill() and signals never target a pid <= 0 or a group objgen did not create.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>

namespace objgen {

struct ChildOptions {
  bool capture_output = true;  // stdout and stderr to the bounded memory file (else inherited)
  size_t memory_limit_bytes = 0;  // RLIMIT_AS of the child; 0: none
  // The child runs the code under test: forks and threads it starts are watched
  // (check_after_call). Off for a child that runs objgen itself (a benchmark case).
  bool runs_code_under_test = true;
  // Such a child first loads the code under test (set_code_under_test_loader); off for a child
  // that execs a program which loads it itself.
  bool loads_code_under_test = true;
};

// What a child that runs code under test does first, once confined, before its body: load the
// harness (objgen's own process never does). The loader ends the child (abandon_child) or throws
// when it cannot.
void set_code_under_test_loader(void (*loader)());

// Exit codes a child uses for its own reasons (the code under test may exit with anything, so
// these come with a note in shared memory that says they are objgen's).
constexpr int kChildThrew = 0x70;      // an exception escaped to the child's entry
constexpr int kChildAbandoned = 0x71;  // the code under test forked or started a thread

class ChildProcess {
 public:
  ChildProcess();
  ~ChildProcess();  // kills a child still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Forks; the child runs body and ends with _exit(0). Throws std::runtime_error when fork fails.
  void start(const std::function<void()>& body, const ChildOptions& options = {});
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Non-blocking: true when the child has ended (its group is killed and it is reaped).
  bool ended();
  // Stops the child (SIGSTOP) and waits until it is stopped: false when it ended instead.
  bool freeze();
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
  void reap_after_kill();
  void finish(int status, const rusage& usage);
  pid_t pid_ = -1;
  int out_fd_ = -1;
  char* note_ = nullptr;  // a shared page: the child's reason for kChildThrew / kChildAbandoned
  int status_ = 0;
  rusage usage_{};
};

// In a supervised child, after each call of the code under test: a process the call forked exits
// here; a call that forked or started a thread ends the child with a note naming it.
void check_after_call();
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
// False in a copy of a child that the code under test forked: it must not touch shared memory.
bool is_original_child();
// In a program a supervised child exec'd (a worker built with AddressSanitizer): this process is
// that child, so check_after_call watches for forks and threads here too. The parent's seccomp
// confinement, process group and death signal carry over the exec by themselves.
void adopt_supervised_child();

}  // namespace objgen
