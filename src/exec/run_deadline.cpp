#include "exec/run_deadline.hpp"

#include <algorithm>
#include <atomic>

namespace objgen {

namespace {

// Nanoseconds of steady_clock's epoch; 0: none. Atomic: the interrupt handler's thread aside, the
// threads mode's workers read it.
std::atomic<int64_t> g_deadline_ns{0};

// Reports take a moment past the end of the work: the deadline leaves them half a second of the
// two seconds the budget adds.
constexpr double kReportSeconds = 0.5;
constexpr double kBeyondTimeout = 2.0 - kReportSeconds;

}  // namespace

RunClock::time_point run_deadline_after(double limit_seconds, double call_timeout_seconds) {
  return run_deadline_after(limit_seconds, call_timeout_seconds, RunClock::now());
}

RunClock::time_point run_deadline_after(double limit_seconds, double call_timeout_seconds, RunClock::time_point start) {
  if (limit_seconds <= 0) return {};
  return start + clock_seconds(limit_seconds + std::max(0.0, call_timeout_seconds) + kBeyondTimeout);
}

void set_run_deadline(RunClock::time_point at) { g_deadline_ns.store(at.time_since_epoch().count()); }

RunClock::time_point run_deadline() { return RunClock::time_point(RunClock::duration(g_deadline_ns.load())); }

bool run_deadline_passed() {
  int64_t at = g_deadline_ns.load(std::memory_order_relaxed);
  return at != 0 && RunClock::now().time_since_epoch().count() >= at;
}

double seconds_before_run_deadline() {
  RunClock::time_point at = run_deadline();
  if (at == RunClock::time_point{}) return 1e18;
  return std::max(0.0, std::chrono::duration<double>(at - RunClock::now()).count());
}

}  // namespace objgen
