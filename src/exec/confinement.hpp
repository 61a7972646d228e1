// What keeps a worker that runs the code under test away from objgen and from every other
// process: a system-call filter (libseccomp), no capabilities, and objgen's own process made
// unreadable (not dumpable) to its workers.
//
// The filter is two seccomp programs (and a third, lock_worker_settings), built once per supervising process and loaded by each
// worker (about 0.3 ms): libseccomp compares an argument once per rule and refuses a rule whose
// action is the default, so "trap unless the pid is the worker's own" needs a program whose
// default is to trap (an allow-list of every other system call, with the pid-directed ones allowed
// only for the worker's pid), beside one whose default is to allow (argument values that trap:
// fcntl F_SETOWN, ioctl FIOSETOWN, clone CLONE_PARENT; ioctls that change a terminal fail with
// ENOTTY). The worker's pid appears in the first program as a marker constant that the worker
// replaces with its own.
#pragma once

#include <sys/types.h>

namespace objgen {

// In a process that supervises workers, once (early in main, and again by each process that
// starts workers): not dumpable, so that a worker without CAP_SYS_PTRACE cannot open
// /proc/<objgen>/mem or use process_vm_writev on it, and a child subreaper, so that a process a
// worker's descendants orphan is reparented here (and killed) instead of to init.
void protect_supervisor();

// In the supervising process before it forks a confined worker: builds the filter programs (once
// per process; the first call costs a few milliseconds).
void prepare_confinement();

// In a new worker (single-threaded, before the code under test runs): drops every capability
// (the bounding set too, so an exec cannot regain them), sets no_new_privs, and loads the filter
// for the worker whose pid is `self`. False when the kernel refused (the worker must not run).
bool confine_worker(pid_t self);

// In a confined worker once objgen has set it up (its memory limit), before the code under test
// is loaded: from then on a call that sets a resource limit, stops being its processes' reaper or
// changes its parent-death signal traps (SIGSYS, a finding of that call). False when the kernel
// refused (the worker must not run). objgen-asan-worker and the reference worker call it
// themselves, after their runtimes' start.
bool lock_worker_settings();

// For a SIGSYS the filter raised: what the call tried, "the call tried to signal a process outside
// its worker (kill)"; a static string (safe in a signal handler).
const char* blocked_call_description(int syscall_number);

}  // namespace objgen
