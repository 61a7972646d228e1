// The processes below a supervisor: its workers, and what the code under test left behind.
//
// A supervisor is a child subreaper (protect_supervisor), and so is each worker: a process the
// code under test starts stays in its worker's subtree however it forks or setsid()s, while the
// worker lives; when the worker ends, what is left is reparented to the supervisor, which kills
// and reaps every child of its own that is not a worker (reap_orphans).
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <mutex>
#include <string>
#include <vector>

namespace objgen {

// The supervisor's workers (ChildProcess registers each while it runs): never orphans.
// A supervisor thread holds lock_worker_starts() from before its fork() to note_supervised_child,
// and reap_orphans holds it while it picks and kills: a worker another thread has just forked
// (runners in threads of their own: params --threads) is never taken for an orphan.
std::unique_lock<std::mutex> lock_worker_starts();
void note_supervised_child(pid_t pid);
void forget_supervised_child(pid_t pid);
bool is_supervised_child(pid_t pid);

// The children of process `pid` (all its threads'), from /proc.
std::vector<pid_t> children_of(pid_t pid);

// Kills (with the group each leads) and reaps every child of this process that is not a
// registered worker, until none is left (what a killed one leaves is reparented here too).
// objgen starts other children only through run_tool, which reaps them before anything that calls
// this runs. Returns how many it reaped.
int reap_orphans();

// Reaps `pid` (a child of this process that was sent SIGKILL) within `seconds`; false when it has
// not ended by then. status and usage are filled when given.
bool reap_within(pid_t pid, double seconds, int* status = nullptr, rusage* usage = nullptr);

// The state letter of process `pid` in /proc/<pid>/stat ('R', 'S', 'D', 'T', 'Z', ...), '?' when gone.
char process_state(pid_t pid);

// The command name of a child of `parent` that is still running (not a zombie), or "" when none.
std::string running_child_name(pid_t parent);

}  // namespace objgen
