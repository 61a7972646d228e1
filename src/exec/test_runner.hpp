// Runs batches of test cases (call sequences ending in the method under test) in one long-lived
// forked worker, and brings back per test case: feasibility, the call that ended it, the MUT's
// node hit counts and branch distances, and optionally whether the MUT call changed each of its
// object parameters (purity's dynamic check).
//
// A batch's test cases go to the worker through shared memory with one order over a socket, and
// each result comes back over the socket, so a batch costs no fork per test case. A worker that
// crashes or hangs (no call finished within the call time limit) is replaced; its test case is
// unfeasible at the call it was executing, and the crash or hang becomes a finding.
//
// Nothing the worker can write decides what objgen reads: it copies the batch before its first
// call, objgen keeps its own count of results (in order, each checked), and a test case's time is
// objgen's clock. A call that writes over the words the worker publishes ends its test case with
// the finding "the call wrote into objgen's shared memory".
#pragma once

#include <sys/types.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "exec/child_process.hpp"
#include "exec/executor.hpp"
#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"
#include "objgen/linearizer.hpp"

namespace objgen {

constexpr size_t kMaxTestCalls = 64;
constexpr size_t kMaxCallParams = 8;
constexpr size_t kMaxProbedFields = 32;
// Literal indices from here on name a batch's scratch values (TestRunner::run's `scratch`), not
// the domain's: a local search tries values nobody committed to the domain yet.
constexpr uint32_t kFirstScratchLiteral = 32000;
constexpr uint32_t kScratchLiterals = 760;  // at most, per batch
constexpr uint32_t kGrownLiterals = 4096;   // values a runner may add to its domain (commit)
// The hash of a field's name as receiver_fields holds it.
uint64_t field_name_hash(const std::string& name);

// A comparison site's operands at its evaluation nearest to equal (CoverageRuntime::site_operands).
struct SiteOperands {
  int64_t a = 0, b = 0;
  bool seen = false;
};

struct TestOutcome {
  bool feasible = false;   // ran to the end of the MUT call
  uint32_t failed_at = 0;  // unfeasible: 1-based index of the call that ended it
  uint32_t length = 0;
  Outcome outcome = Outcome::Normal;  // of that call, or of the MUT call when feasible
  bool has_result = false;            // the MUT returned a primitive
  Literal result;
  std::vector<uint32_t> hits;          // per node of the MUT's CFG
  std::vector<double> distances;       // per outcome of the MUT's comparison sites
  std::vector<SiteOperands> operands;  // per comparison site of the MUT's (scoped) CFG
  uint32_t changed_mask = 0;           // probe: object slots of the MUT call whose state changed
  uint32_t probed_mask = 0;            // probe: object slots whose state could be compared
  // probe, a member function's receiver: its own fields (hashes of their names, in order, at
  // most kMaxProbedFields) and which of them the call changed (a pointer field: its target's
  // number, or anything the receiver reaches, changed).
  std::vector<uint64_t> receiver_fields;
  uint32_t receiver_fields_changed = 0;
  std::string message;  // exception, signal or hang description
  // fingerprint_state: the canonical form's fingerprint of a member's receiver after the MUT call,
  // or of the object a constructor or factory made, when it returned normally (or was a const
  // member that threw: its receiver is as it was).
  bool has_state = false;
  Fingerprint state;
  // Not run, or cut before its end, because objgen's time limit came (run_deadline.hpp): says
  // nothing of the class.
  bool stopped = false;
};

// A function whose coverage a test case reports: its node hit counts and the distances of its
// comparison outcomes (in the bound coverage map).
struct CoveredRange {
  uint32_t function;
  uint32_t nodes;
  uint32_t outcome_begin, outcome_count;
  uint32_t site_begin = 0, site_count = 0;  // its comparison sites (their operands are reported)
};

struct RunnerOptions {
  // The functions whose coverage each test case reports, their nodes and outcomes one after the
  // other (a scoped CFG's parts); empty: no coverage.
  std::vector<CoveredRange> coverage;
  uint32_t mut_nodes = 0, mut_outcome_count = 0, mut_site_count = 0;  // totals over `coverage` (the runner sums them)
  double call_timeout_seconds = 1.0;
  bool probe = false;                    // fingerprint the MUT call's object parameters before and after
  size_t worker_memory_limit_bytes = 0;  // what the code under test may add to the worker (0: none)
  // Run the worker as this program instead of a fork of objgen (the AddressSanitizer worker, which
  // must start with its runtime): argv, to which the runner adds --shared-fd N --notify-fd N
  // --bytes N; the program ends in TestRunner::serve. No memory limit applies (ASan's shadow).
  std::vector<std::string> worker_command;
  // Blocks of each small size the worker allocates (and keeps) before the first test case, after
  // which it fills new blocks (junk_new_blocks) and, before each test case, the stack with junk:
  // a second run with a shift tells values derived from addresses or read from memory nobody
  // wrote (they differ) from real ones.
  size_t heap_shift_blocks = 0;
  // Literal arguments index into the domain's values for their slot (an enumeration's own values,
  // as exhaustive sequences do) instead of those of their kind (evolve, params).
  bool enumerations = false;
  // Report the state the MUT call left (TestOutcome::state): differential testing tells states
  // of the class and of a reference apart by it.
  bool fingerprint_state = false;
  // The fields that state leaves out (a Linearizer omit regex; "" none): a reading that crashes
  // is tried without the fields it may crash on (exec/initialising_call).
  std::string state_omit;
};

class TestRunner {
 public:
  TestRunner(const Api& api, const LiteralDomain& terminals, RunnerOptions options);
  ~TestRunner();
  TestRunner(const TestRunner&) = delete;
  TestRunner& operator=(const TestRunner&) = delete;

  // Sequences longer than kMaxTestCalls or with calls of more than kMaxCallParams parameters
  // are not run: they come back unfeasible at call 0, saying why.
  std::vector<TestOutcome> run(const std::vector<FlatSequence>& tests);
  // The same, with literal index kFirstScratchLiteral + j standing for scratch[j] (of the kind
  // of the parameter it is passed to; ints, doubles and chars only).
  std::vector<TestOutcome> run(const std::vector<FlatSequence>& tests, const std::vector<Literal>& scratch);
  // Lets commit() add values to the domain; `terminals` is the one the runner was built with,
  // mutable. Values added are sent to the worker (forked or running) before its next batch.
  void allow_growth(LiteralDomain& terminals);
  // The index of `value` in the domain's values of its kind: an equal value's, or a new one's
  // (allow_growth first). -1 when no room is left (kGrownLiterals added).
  int64_t commit(const Literal& value);
  uint32_t growth_room() const;  // 0 without allow_growth
  bool can_grow() const { return growable_ != nullptr; }
  // The worker's side in an exec'd program: attaches to the runner's shared memory (the fd and
  // size its command line gave) and runs test cases until told to quit. The API and terminals
  // must be the parent's (same registration, same domain).
  [[noreturn]] static void serve(const Api& api, const LiteralDomain& terminals, RunnerOptions options, int shared_fd, size_t bytes,
                                 int notify_fd);
  // The next batch starts in a fresh worker (after test cases that may have left damage behind).
  void restart_worker();
  // Test cases not finished by `at` (besides the run's deadline, exec/run_deadline.hpp) come back
  // stopped: a search's own budget ({}: none).
  void set_deadline(std::chrono::steady_clock::time_point at) { deadline_ = at; }
  // Each test case alone in a fresh worker of its own, up to `at_once` workers side by side: for
  // replays whose calls may hang, which side by side wait out their timeouts once, not once each.
  static std::vector<TestOutcome> run_each_apart(const Api& api, const LiteralDomain& terminals, const RunnerOptions& options,
                                                 const std::vector<FlatSequence>& tests, size_t at_once);
  uint64_t evaluations() const { return evaluations_; }
  const LiteralDomain& terminals() const { return terminals_; }
  uint64_t worker_restarts() const { return restarts_; }

 private:
  struct Shared;
  void start_worker();
  [[noreturn]] void exec_worker(int notify_fd);
  void stop_worker();
  [[noreturn]] void worker_main();
  void evaluate(uint32_t test, bool careful = false);
  void send_result(uint32_t request, uint32_t test);
  // objgen's side of a batch: the order (workers started as needed), the wait for its results.
  void order_batch(uint32_t first, bool careful = false);
  void wait_batch();
  void begin_wait();
  bool past_deadline() const;
  // One look at the worker (waiting up to poll_ms for its socket): its replies read, its death or
  // hang dealt with. True when the batch is done.
  bool wait_step(int poll_ms);
  std::vector<bool> start_batch(const std::vector<FlatSequence>& tests, size_t first, uint32_t n);
  void collect_batch(const std::vector<FlatSequence>& tests, size_t first, const std::vector<bool>& runnable,
                     std::vector<TestOutcome>& out) const;
  // Reads the worker's replies; false when one is not what objgen asked for.
  bool read_replies();
  void replace_worker(Outcome kind, const std::string& what);
  // Whether the worker's words at a death agree with the calls its results account for.
  bool death_words_agree() const;
  void record_death(Outcome kind, const std::string& what);
  TestOutcome read_result(uint32_t test, const FlatSequence& seq) const;
  std::vector<TestOutcome> run_batches(const std::vector<FlatSequence>& tests);
  void sync_literals(uint32_t grown, uint32_t scratch);
  void write_literals();
  const Literal* literal_at(const SlotType& param, uint32_t index) const;
  bool pack(uint32_t test, const FlatSequence& seq);
  size_t result_bytes() const;
  unsigned char* input(uint32_t test) { return packed_.data() + test * kPackedTestBytes; }
  const unsigned char* input(uint32_t test) const { return packed_.data() + test * kPackedTestBytes; }
  unsigned char* result(uint32_t test) { return results_.data() + test * result_bytes(); }
  const unsigned char* result(uint32_t test) const { return results_.data() + test * result_bytes(); }
  unsigned char* shared_inputs() const;

  const Api& api_;
  const LiteralDomain& terminals_;
  RunnerOptions opt_;
  struct Attach {
    int fd;
    size_t bytes;
  };
  TestRunner(const Api& api, const LiteralDomain& terminals, RunnerOptions options, Attach attach);
  LiteralDomain* growable_ = nullptr;        // parent: the domain commit() adds to
  std::array<uint32_t, 5> grown_from_{};     // domain sizes by kind when the runner was built
  std::array<uint32_t, 5> grown_of_kind_{};  // parent: values commit() added, by kind
  uint32_t grown_count_ = 0;
  // Worker: the values the parent added (by kind) and this batch's scratch values.
  std::array<std::vector<Literal>, 5> grown_;
  uint32_t grown_seen_ = 0;
  std::vector<Literal> scratch_;
  Shared* shared_ = nullptr;
  size_t shared_bytes_ = 0;
  int shared_fd_ = -1;  // the memory file behind shared_ (an exec'd worker maps it too)
  ChildProcess worker_;
  int notify_fd_ = -1;  // the socket between objgen and the worker (each holds its end)
  uint64_t evaluations_ = 0, restarts_ = 0;
  // Both sides' private copies: the batch's packed test cases and results.
  static const size_t kPackedTestBytes;
  std::vector<unsigned char> packed_, results_;
  // objgen's own record of the batch.
  uint32_t batch_count_ = 0, request_ = 0, order_first_ = 0;
  uint32_t next_test_ = 0;        // results come in order: the test case running
  uint32_t progress_looked_ = 0;  // the worker's progress word at the last look (wait_step)
  std::chrono::steady_clock::time_point progress_changed_at_{};
  uint32_t stopped_from_ = UINT32_MAX;
  std::chrono::steady_clock::time_point deadline_{};  // the batch's test cases from here on were not run (the run's deadline)
  std::vector<Literal> committed_, batch_scratch_;    // commit() order; this batch's scratch
  std::string inbox_;
  bool loaded_ = false;  // the worker said so
  uint32_t progress_at_order_ = 0;
  uint64_t calls_since_order_ = 0;      // calls the results since the order ran
  bool careful_ = false;                // the order's first test case says each call...
  uint32_t careful_call_ = UINT32_MAX;  // ...and this is the last it said
  std::chrono::steady_clock::time_point test_started_;
  uint32_t progress_seen_ = 0;  // worker: calls it started (its shared word must say the same)
  int deaths_without_claim_ = 0;
  // Parent: when the worker started, and its workers in a row that ended while loading the code
  // under test (a load past its time counts half): a harness that cannot load (WorkersCannotStart).
  std::chrono::steady_clock::time_point started_at_;
  FruitlessStarts fruitless_starts_;
};

}  // namespace objgen
