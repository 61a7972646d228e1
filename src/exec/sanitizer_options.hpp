// The sanitizers' options for code under test, answered by objgen and objgen-asan-worker through
// the runtimes' __ubsan_default_options / __asan_default_options hooks (the runtimes read the
// environment the process started with, not setenv): one report, then abort, so the supervisor
// reads the worker's last lines; a user's UBSAN_OPTIONS / ASAN_OPTIONS come after and win.
#pragma once

namespace objgen {

constexpr const char* kUbsanOptions = "print_summary=0:print_stacktrace=0:halt_on_error=1:abort_on_error=1";
// A segfault stays a signal (the supervisor names it); leaks are not failures of a call.
constexpr const char* kAsanOptions =
    "abort_on_error=1:detect_leaks=0:allocator_may_return_null=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:"
    "handle_abort=0:print_summary=1:print_legend=0:symbolize=1";

}  // namespace objgen
