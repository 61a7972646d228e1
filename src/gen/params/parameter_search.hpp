// Legal receivers and arguments for every method of an API (HeuriGenJ, seed 003): heuristic
// values first (the class's constants, indices within the receiver's size, the simplest way to
// build each object, receivers made non-empty by their builders), then, when a call fails, a
// repair chosen by the cause of the failure (failure_cause.hpp) and another try, up to a bound.
// Every call runs in a supervised worker (TestRunner): crashes and hangs are causes,
// never the end of the run.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "exec/test_runner.hpp"
#include "gen/params/failure_cause.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::params {

// One try: the calls that built the inputs and called the method, and how it ended.
struct Attempt {
  FlatSequence sequence;
  Outcome outcome = Outcome::Normal;
  bool in_setup = false;  // an input could not be built (the method never ran)
  Cause cause = Cause::None;
  std::string message;
  std::string repair;            // what the next try changed, for people ("indices in [0, 4)")
  std::vector<uint32_t> blamed;  // the method's parameters the failure pointed at (slots; none: all)
  // A member's call left its receiver's state as it was (probed: the canonical state before and
  // after); a non-const find() can then be timed on one receiver, without rebuilding it.
  bool receiver_unchanged = false;
  bool stopped = false;  // cut by the time limit: says nothing of the method (not counted)
};

enum class Status : uint8_t {
  Normal,       // the first try ran normally
  Repaired,     // a later try did, after repairs
  Reused,       // the inputs the repository had for it ran again
  GaveUp,       // no try did
  Unbuildable,  // an object parameter has no constructor or factory in the API
  NotTried,     // the time limit came first
};
const char* status_name(Status s);

struct MethodParams {
  uint32_t op = 0;
  Status status = Status::NotTried;
  std::vector<Attempt> attempts;  // when it ran: the last one is the call that did
  std::string why;                // GaveUp, Unbuildable, NotTried
  // Repeated-call mode (paper §8), for a member that ran: how many consecutive calls with the same
  // arguments on the same receiver still run normally (pop() on three elements: 3), up to
  // `repeat_limit`; -1 when not measured.
  int repeatable = -1;
  int repeat_limit = 0;
  // --samples: further inputs that ran, each a different test case (the found one not included).
  std::vector<FlatSequence> samples;
  bool ran() const { return status == Status::Normal || status == Status::Repaired || status == Status::Reused; }
};

struct CauseTally {
  uint32_t seen = 0;     // failed tries with this cause
  uint32_t handled = 0;  // ...of methods that ran after them
};

struct ParamsResult {
  std::vector<MethodParams> methods;
  std::array<CauseTally, kCauseCount> causes{};
  uint64_t executions = 0;                      // test cases run (probes of sizes included)
  std::vector<uint32_t> fill_ran, fill_failed;  // per operation, as a builder call (the history included)
  double seconds = 0;
  size_t ran() const;
};

struct ParamsOptions {
  uint32_t tries = 16;   // per method
  uint32_t samples = 1;  // working inputs to find per method (the first included)
  uint64_t seed = 1;
  double time_limit_seconds = 0;  // 0: none; methods not reached are NotTried
  // false: the baseline the heuristics are measured against: every value uniformly from the
  // domain, receivers from the simplest creator as they come, no repair, the same tries.
  bool heuristics = true;
  std::function<void(size_t done, size_t total)> progress;
  // Builder calls that make objects of a class non-empty (identified builders, `objgen
  // builders`), replacing the harness's list for that class; constructors in it are ignored.
  std::map<ClassId, std::vector<uint32_t>> builders;
  // A learning repository's part: inputs that ran before (tried once before any search), and how
  // often each builder call ran and failed (per operation; empty: none).
  std::function<std::optional<FlatSequence>(uint32_t op)> stored_inputs;
  // Per parameter of op, a stored value (domain index) that ran for a parameter of the same name
  // and type: the first try gives it, when no stored inputs ran (the signature changed).
  std::function<std::vector<std::optional<uint32_t>>(uint32_t op)> stored_values;
  std::vector<uint32_t> fill_ran, fill_failed;
  const std::atomic<bool>* interrupted = nullptr;  // set (Ctrl-C): no further method or try starts
};

// The class's const size() or length() returning an integer (the first registered), or -1: what
// makes it a container for the index heuristics and the sweeps.
int size_observer(const Api& api, ClassId cls);

// The values tries draw from: small non-negative integers (every index up to 64), powers of two
// and a few larger sizes, negatives, the constants every class declares (and their neighbours);
// a handful of doubles, chars and strings. Literal arguments travel as indices into it.
LiteralDomain params_domain(const Api& api);

// Searches every method in `methods` (operation indices; constructors and factories count as
// methods), in API order. The runner must have been made with `domain` as its terminals.
ParamsResult find_parameters(const Api& api, const std::vector<uint32_t>& methods, const LiteralDomain& domain, TestRunner& runner,
                             const ParamsOptions& options);
// The same with one worker per runner (each made with `domain`): methods are searched one per
// runner at a time, and what they learnt of the builder calls is shared after each such wave, so
// the result depends on the seed and the number of runners only.
ParamsResult find_parameters(const Api& api, const std::vector<uint32_t>& methods, const LiteralDomain& domain,
                             std::span<TestRunner* const> runners, const ParamsOptions& options);

}  // namespace objgen::params
