// Where a worker that runs the code under test may write: beneath its run's scratch directory
// (made by the supervisor, the worker's TMPDIR, removed when the supervisor ends), the devices
// every program writes (/dev/null, /dev/zero, /dev/full, /dev/random, /dev/urandom), the
// directories the sanitizers' log_path options name (objgen's own diagnostics), and the
// directories listed in OBJGEN_WORKER_WRITES (separated by ':'; for code under test that must
// write beside itself). Nowhere else: it cannot make, remove, rename or write any other file, so
// it cannot destroy or redirect objgen's outputs however it learns their paths (/proc/<objgen>/
// cmdline stays readable, and harmless). Reading stays open: the code under test reads what it
// needs.
//
// Landlock (Linux 5.13 and later; the write rights the kernel's version knows). Where the kernel
// has none the worker writes where its user may, as before.
#pragma once

#include <string>

namespace objgen {

// In a supervising process before it forks a worker (once per process; later calls do nothing):
// makes the scratch directory and lists the writable places.
void prepare_worker_filesystem();

// The scratch directory of this supervising process, "" when it could not be made.
const std::string& worker_scratch_directory();
// For the environment of a worker program the supervisor execs: "OBJGEN_WORKER_SCRATCH=<dir>"
// (that program's confine_worker_filesystem uses this directory), "" when there is none.
constexpr const char* kScratchVariable = "OBJGEN_WORKER_SCRATCH";
std::string worker_scratch_variable();

// In a confined worker once objgen has set it up, before the code under test is loaded: sets
// TMPDIR to the scratch directory and restricts writes as above. False when the kernel has
// Landlock but refused (the worker must not run); true where it has none.
bool confine_worker_filesystem();

// Whether this kernel has Landlock (the run's report may say writes were not confined).
bool worker_filesystem_confinable();

}  // namespace objgen
