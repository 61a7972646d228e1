// A crash that its own sequence does not show alone, cut down from what its worker ran before it.
//
// A random worker runs thousands of calls in one process, so a call can die of what an earlier
// one left behind: a global table written past its end, a process-wide counter, a heap block
// damaged where the checked heap does not look. The worker's last calls (each with the calls that
// built its inputs, SequenceFinding::history) are replayed as separate test cases in one fresh
// worker before the finding's sequence, the way the worker ran them. When that shows the fault,
// delta debugging keeps only the test cases it needs, and what remains is joined into one
// sequence ending in the finding's call, minimized call by call like any finding: a test that
// shows the fault alone in a fresh process, as its emitted test runs it.
#pragma once

#include "gen/minimize/delta_debugging.hpp"

namespace objgen::minimize {

// The finding's history cut down and joined before its sequence, then minimized (minimize_finding).
// Minimized::history_calls says how many calls of history were replayed; reproduced is false
// (and `message` says why) when the whole history does not show the fault, or what it needs
// does not fit in one test case (kMaxTestCalls).
Minimized minimize_with_history(const Api& api, const SequenceFinding& finding, FindingOracle& oracle, const MinimizeOptions& options);

}  // namespace objgen::minimize
