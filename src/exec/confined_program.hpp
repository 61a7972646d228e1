// Programs that run code under test outside objgen's workers (a benchmark objgen built, the
// AddressSanitizer worker's self-check) run as workers do: in a supervised, confined child
// (ChildProcess) that execs them, so they cannot reach objgen or outlive it either.
#pragma once

#include <atomic>
#include <string>
#include <vector>

namespace objgen {

struct ProgramRun {
  bool exited = false;  // ended by exit(), with exit_code
  int exit_code = 0;
  bool timed_out = false;
  bool interrupted = false;
  std::string death;      // how it ended, for people ("SIGSEGV (Segmentation fault)", ...)
  std::string last_line;  // without a log file: the last line it printed
};

// argv[0] is a path (no search). Output goes to log_path (appended), or with log_path "" to a
// bounded memory file whose last line comes back. Killed, with its whole group, when it runs
// longer than timeout_seconds (0: no limit) or *interrupted becomes true.
ProgramRun run_confined_program(const std::vector<std::string>& argv, const std::string& log_path, const std::atomic<bool>* interrupted,
                                double timeout_seconds);

}  // namespace objgen
