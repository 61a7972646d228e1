// What the differential check's files share: a test worker per side, and how the two outcomes
// of one test case compare.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "exec/test_runner.hpp"
#include "gen/differential/differential.hpp"

namespace objgen::differential::detail {

// The class's runner (a fork of objgen, which loads the class's harness) and the reference's
// (the reference worker program, which loads its own); `shift` > 0 shifts both heaps.
struct Runners {
  TestRunner subject, reference;
  // fingerprint: both report the state each test case's last call left (TestOutcome::state).
  Runners(const Side& s, const Side& r, const DifferentialOptions& options, size_t shift, bool fingerprint = false);
};

enum class Verdict {
  Same,     // both returned, the same value or neither a value
  Differs,  // the class's last call returned another value, or threw where the reference's returned
  Refused,  // the reference did not run the sequence to a value (it threw, crashed or hung)
  Skip,     // the class did not reach its last call, or crashed or hung in it (the strategy's finding)
};

struct Comparison {
  Verdict verdict = Verdict::Skip;
  bool threw = false;  // Differs: the class threw
};

Comparison compare(const TestOutcome& subject, const TestOutcome& reference);

// The test cases on both sides (those the reference cannot run count as refused, nullopt there).
struct PairedOutcomes {
  std::vector<TestOutcome> subject;
  std::vector<std::optional<TestOutcome>> reference;
};
PairedOutcomes run_both(Runners& runners, const Side& s, const Side& r, const OperationMatch& match,
                        const std::vector<FlatSequence>& tests);

// The difference a compared pair shows, its call spelled and both values in its message.
Difference make_difference(const Side& s, const FlatSequence& seq, const TestOutcome& a, const TestOutcome& b, bool threw);

// One bucket per member that differs (its value and its throwing are one fault seen twice): d
// joins the bucket of its operation in `found` (`index`: operation -> position), the shortest
// sequence kept, the hits summed.
void add_to_bucket(std::vector<Difference>& found, std::map<uint32_t, size_t>& index, Difference d);

// Minimizes each difference (1-minimal over calls, the differing call kept last), then replays it
// in fresh processes, the class twice (once with a shifted heap): differences that do not show
// again go to `unconfirmed` with the reason.
void minimize_and_confirm(const Side& s, const Side& r, const OperationMatch& match, const DifferentialOptions& options,
                          std::vector<Difference>& differences, std::vector<Difference>& unconfirmed);

}  // namespace objgen::differential::detail
