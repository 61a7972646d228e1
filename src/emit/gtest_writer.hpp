// GoogleTest suites from the states and findings of a run (exhaustive, random).
//
// <name>_states_test.cpp rebuilds every state of the target class through its call sequence and
// checks the registered invariant and the regression oracles (what the calls and the observers
// returned when objgen ran them): one readable TEST per state for small sets, or a replay table
// (one row per state: operation, arguments, slot) with a TEST_P over every index for large ones.
// <name>_failures_test.cpp holds one TEST per finding; each fails while the fault is there
// (crashes and hangs run inside EXPECT_EXIT, so they fail the test without killing the binary).
#pragma once

#include <string>
#include <vector>

#include "emit/suite_preamble.hpp"
#include "exec/executor.hpp"
#include "exec/sequence.hpp"
#include "gen/oracles/regression_oracles.hpp"
#include "heap/found_states.hpp"
#include "model/literal_domain.hpp"

namespace objgen::emit {

struct GtestSuiteOptions {
  std::string include;          // header to #include for the classes under test: "x.hpp" or "<lib/x.hpp>"
  std::string name;             // file and suite name stem, e.g. "ncl"
  size_t inline_limit = 64;     // above this many states, use the replay table
  unsigned alarm_seconds = 10;  // a crash or hang test that runs longer than this fails
  // A states suite holds at most this many states (an even sample beyond; 0: all), so that a
  // large run does not write a file no compiler will take.
  size_t max_states = 100000;
  SuiteBuild build;  // what the subject was built with: the suite's compile line
};

// The first lines of an emitted suite: how to compile it, what it holds (`what`), its includes.
std::string suite_header(const GtestSuiteOptions& g, const std::string& what, const std::string& file);

// A failing sequence as a failures suite prints it.
struct SuiteFinding {
  Outcome kind;
  std::string message;
  uint32_t op;  // the call that failed: the sequence's last
  FlatSequence sequence;
  int slot = -1;         // invariant findings (not through a contract check): the slot that broke it
  bool in_copy = false;  // the failure is in copying that slot's object
  bool reproducible = true;
  uint64_t hits = 1;          // calls that found it (the sequence is the shortest)
  size_t original_calls = 0;  // before minimization (0: not minimized)
  // A likely precondition violation rather than a bug (exec/finding_blame.hpp): why, or empty.
  std::string precondition;
};

// <name>_states_test.cpp for the target states of `states` (what: the file's headline). `oracles`,
// when given, holds what was recorded on emitted_states(states, g.max_states) in order.
std::string write_states_suite(const Api& api, const FoundStates& states, const GtestSuiteOptions& g, const std::string& dir,
                               const oracles::OracleResult* oracles, const std::string& what);
// <name>_failures_test.cpp, one TEST per finding; removes a stale one and returns "" when there
// are none.
std::string write_failures_suite(const Api& api, const LiteralDomain& domain, const std::vector<SuiteFinding>& findings,
                                 const GtestSuiteOptions& g, const std::string& dir, size_t worker_memory_limit);

// The target states a suite with this cap holds: evenly spaced, in the order found, among those
// built by at most kMaxFlattenedCalls calls.
std::vector<uint32_t> emitted_states(const Api& api, const FoundStates& states, size_t max_states);

}  // namespace objgen::emit
