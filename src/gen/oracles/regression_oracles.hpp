// Regression oracles (Randoop's): what the code returns today, recorded so that a later change
// that alters it fails the emitted test. For each state (a call sequence building an object of
// the target class): the values the sequence's calls returned, and the values of the target's
// observers (const members taking nothing but the receiver, returning a value: size(), empty(),
// front(), toString()) on the state built.
//
// Only values that are the same in two runs in separate worker processes, the second with its
// heap shifted, are kept: a value derived from an address, the time or a counter of the process
// differs and is dropped as flaky. An observer that crashes or hangs on a state is a finding,
// never an assertion; one that throws gives no value.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "exec/executor.hpp"
#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::oracles {

// Two recorded values are the same value (model/literal_domain.hpp: NaN equals NaN).
using objgen::same_value;

// The observers of cls emitted code can call, in API order.
std::vector<uint32_t> observers_of(const Api& api, ClassId cls);

// The class's operator== taking two of its objects and returning bool (a member or a free
// function), or -1.
int equality_of(const Api& api, ClassId cls);

// The members of cls to call on its states: every emittable method taking the receiver and
// literals, observers aside.
std::vector<uint32_t> members_to_check(const Api& api, ClassId cls);

struct Observation {
  uint32_t op;  // the observer
  Literal value;
};

// A member called on a rebuilt state (the whole API, not only the builders): how it ended,
// what it returned and what the observers say after it.
struct MethodCheck {
  FlatCall call;        // on the state's value; literal arguments index into the domain
  bool throws = false;  // it threw, in both runs
  std::optional<Literal> returned;
  std::vector<Observation> after;  // the observers on the receiver after the call
};

struct ObservedState {
  std::vector<std::optional<Literal>> returned;  // per call of the state's sequence
  std::vector<Observation> observed;             // on the state built, in observer order
  std::vector<MethodCheck> checks;               // for the states sampled for them
  // operator==(state, a second build of the same sequence) was true in both runs
  bool equals_rebuilt = false;
};

struct ObserverFinding {
  size_t state;     // index into the sequences observed
  uint32_t op;      // the observer, or the member called on the state
  Outcome outcome;  // Crash or Timeout
  std::string message;
  std::string precondition;  // why it is likely a precondition violation (the CLI decides), or ""
};

// The sequence twice, the second copy's values renumbered after the first's: its state is value
// `seq.result_value`, the second build's is the returned number.
int append_rebuild(const Api& api, FlatSequence& seq);

struct OracleResult {
  std::vector<ObservedState> states;  // per sequence given
  std::vector<ObserverFinding> findings;
  uint64_t values = 0;  // kept
  uint64_t flaky = 0;   // dropped: the two runs disagreed
  uint64_t executions = 0;
  double seconds = 0;
  size_t observed_states = 0;  // the first this many states were probed (all, unless the probes' memory bound stopped it)
};

struct OracleOptions {
  // Members to call on states (each with one argument tuple per state, drawn from the domain in
  // turn), on an evenly spaced sample of at most `method_states` states; their literal
  // parameters only (a member taking another object is left out).
  std::vector<uint32_t> methods;
  size_t method_states = 0;
  // The values of the sequences' calls and the equality with a second build: only inline suites
  // assert them (a replay table shares its rows between states), so a table's run skips them.
  bool calls_and_equality = true;
  double call_timeout_seconds = 1.0;
  size_t worker_memory_limit_bytes = 0;
  const std::atomic<bool>* interrupted = nullptr;
  std::function<void(size_t done, size_t total)> progress;
};

// For each test case, the value its last call returned in two runs in separate worker processes
// (the second with its heap shifted) when both agree and emitted code can state it, else nullopt:
// the values a suite may assert on for test cases another strategy ran once (evolve's). Literal
// arguments index into the domain by kind (evolve's terminals), or by slot with `enumerations`.
std::vector<std::optional<Literal>> stable_last_values(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& tests,
                                                       const OracleOptions& options, bool enumerations);

// `states[i].result_value` must hold an object of `target`; the literals of the sequences index
// into `domain`.
OracleResult observe_states(const Api& api, const LiteralDomain& domain, ClassId target, const std::vector<FlatSequence>& states,
                            const OracleOptions& options);

}  // namespace objgen::oracles
