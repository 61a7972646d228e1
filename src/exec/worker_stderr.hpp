// Where an isolated worker's stderr goes: a memfd rather than the user's terminal. Its last line
// explains a crash (a failed assert names file, line and expression).
#pragma once

#include <string>

namespace objgen {

// A memfd kept clear of fds 0..2 (objgen may run with stderr closed); -1 when unavailable
// (the worker then keeps objgen's stderr).
int open_worker_stderr();
// Empties it (for a new worker, or a new test case).
void clear_worker_stderr(int fd);
// A chatty worker must not fill memory: past 1 MiB its output is dropped (the file keeps its
// length as a hole, so later writes, and the tail, still land at the end).
void trim_worker_stderr(int fd);
// The last line written, an assert's "file:line: Assertion `x' failed." shortened to where and what.
std::string worker_stderr_tail(int fd);
// "SIGSEGV (Segmentation fault)", with a failed assert's message for SIGABRT (only there: other
// stderr may come from an earlier call, or hold pids that would split findings).
std::string worker_death_description(int wait_status, int stderr_fd);

}  // namespace objgen
