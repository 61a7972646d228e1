// The time a command must end by: its --time-limit or --budget from the start of its search, plus
// one call's timeout and two seconds. objgen's own work after a search (minimizing, confirming,
// probing preconditions, checking contracts, recording oracles) starts no test past it, and a test
// worker still running then is cut, so a class whose calls hang ends its run on time; what was
// not done is said (a finding not replayed by then is listed as not confirmed, with that reason).
//
// Process-wide, like the interrupt flag (set_interrupt_flag): it is when the command stops, not
// what it tests, and every step that runs workers reads it. None by default.
#pragma once

#include <chrono>

namespace objgen {

using RunClock = std::chrono::steady_clock;

// A number of seconds as the clock's duration, to add to one of its time points.
inline RunClock::duration clock_seconds(double seconds) {
  return std::chrono::duration_cast<RunClock::duration>(std::chrono::duration<double>(seconds));
}

// The deadline for a search of `limit_seconds` starting now: the limit, one call's timeout, and
// two seconds for objgen's reports. limit_seconds <= 0: none.
RunClock::time_point run_deadline_after(double limit_seconds, double call_timeout_seconds);
// The same for a limit counted from `start` (a budget that covers building the harness too).
RunClock::time_point run_deadline_after(double limit_seconds, double call_timeout_seconds, RunClock::time_point start);
void set_run_deadline(RunClock::time_point at);  // {}: none
RunClock::time_point run_deadline();             // {} when none
bool run_deadline_passed();
// Seconds until the deadline (at least 0); a large number when there is none.
double seconds_before_run_deadline();

// The message of work the deadline stopped, for reports.
inline constexpr const char* kDeadlineStopped = "not run: objgen's time limit (--time-limit, --budget) ended first";

}  // namespace objgen
