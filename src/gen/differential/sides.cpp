#include "gen/differential/sides.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include "gen/minimize/delta_debugging.hpp"
#include "gen/oracles/regression_oracles.hpp"

namespace objgen::differential::detail {
namespace {

// How many representable doubles lie between a and b (both finite).
uint64_t ulps_between(double a, double b) {
  auto ordered = [](double d) {
    int64_t i;
    std::memcpy(&i, &d, sizeof i);
    return i < 0 ? std::numeric_limits<int64_t>::min() - i : i;
  };
  int64_t x = ordered(a), y = ordered(b);
  return x > y ? static_cast<uint64_t>(x) - static_cast<uint64_t>(y) : static_cast<uint64_t>(y) - static_cast<uint64_t>(x);
}

constexpr size_t kShiftBlocks = 3;  // the confirming run's heap shift (as the regression oracles')
constexpr size_t kMaxRuns = 2000;   // candidates per difference at most while minimizing

RunnerOptions runner_options(const DifferentialOptions& o, size_t shift, bool fingerprint) {
  RunnerOptions ro;
  ro.fingerprint_state = fingerprint;
  ro.call_timeout_seconds = o.call_timeout_seconds;
  ro.worker_memory_limit_bytes = o.worker_memory_limit_bytes;
  ro.enumerations = true;  // a found state's literals index into their slot's values
  ro.heap_shift_blocks = shift;
  return ro;
}

RunnerOptions reference_options(const DifferentialOptions& o, size_t shift, bool fingerprint) {
  RunnerOptions ro = runner_options(o, shift, fingerprint);
  ro.worker_command = o.reference_worker;  // empty: a fork of this process, where the reference is linked in (tests)
  if (!ro.worker_command.empty())
    ro.worker_command.insert(ro.worker_command.end(), {"--heap-shift", std::to_string(shift), "--fingerprint", fingerprint ? "1" : "0"});
  return ro;
}

// The same as an emitted check sees it: doubles within 4 ULPs (EXPECT_DOUBLE_EQ), and a value no
// test can state (NaN, an infinity) never a difference.
bool same_as_emitted_tests_see(const Literal& a, const Literal& b) {
  if (a.kind != LiteralKind::Double || b.kind != LiteralKind::Double) return oracles::same_value(a, b);
  if (!std::isfinite(b.d)) return true;
  if (!std::isfinite(a.d)) return false;
  return ulps_between(a.d, b.d) <= 4;
}

// The last call returned, or threw, in both outcomes alike.
bool same_ending(const TestOutcome& a, const TestOutcome& b) {
  if (a.outcome != b.outcome || a.feasible != b.feasible || a.has_result != b.has_result) return false;
  return !a.has_result || oracles::same_value(a.result, b.result);
}

// The first of the shortest candidates that still differs the same way, if any.
std::optional<FlatSequence> shortest_still_differing(Runners& runners, const Side& s, const Side& r, const OperationMatch& match,
                                                     const std::vector<FlatSequence>& candidates, bool threw) {
  PairedOutcomes out = run_both(runners, s, r, match, candidates);
  std::optional<FlatSequence> best;
  for (size_t i = 0; i < candidates.size() && i < out.subject.size(); ++i) {
    if (!out.reference[i]) continue;
    Comparison c = compare(out.subject[i], *out.reference[i]);
    if (c.verdict != Verdict::Differs || c.threw != threw) continue;
    if (!best || candidates[i].calls.size() < best->calls.size()) best = candidates[i];
  }
  return best;
}

// One call removed at a time (with the calls that used what it built) while the difference stays:
// at the end no single call can go.
void minimize_one(Runners& runners, const Side& s, const Side& r, const OperationMatch& match, Difference& d) {
  FlatSequence current = d.sequence;
  size_t runs = 0;
  for (;;) {
    std::vector<FlatSequence> candidates;
    for (size_t i = 0; i + 1 < current.calls.size(); ++i) {
      std::vector<bool> drop(current.calls.size(), false);
      drop[i] = true;
      std::optional<FlatSequence> c = minimize::without_calls(current, drop);
      if (c && !c->calls.empty() && c->calls.back().op == d.op && c->calls.size() < current.calls.size()) candidates.push_back(*c);
    }
    if (candidates.empty() || runs + candidates.size() > kMaxRuns) {
      d.one_minimal = candidates.empty();
      break;
    }
    runs += candidates.size();
    std::optional<FlatSequence> smaller = shortest_still_differing(runners, s, r, match, candidates, d.threw);
    if (!smaller) {
      d.one_minimal = true;
      break;
    }
    current = std::move(*smaller);
  }
  d.sequence = std::move(current);
}

// The minimized differences that fell into one bucket become one.
void merge_buckets(std::vector<Difference>& differences) {
  std::vector<Difference> out;
  std::map<uint32_t, size_t> index;
  for (Difference& d : differences) add_to_bucket(out, index, std::move(d));
  differences = std::move(out);
}

// Why a fresh replay does not confirm d ("" when it does); d takes the values it showed.
std::string confirm(const Side& s, const Side& r, const OperationMatch& match, const DifferentialOptions& options, Difference& d) {
  Runners plain(s, r, options, 0), shifted(s, r, options, kShiftBlocks);
  PairedOutcomes a = run_both(plain, s, r, match, {d.sequence});
  PairedOutcomes b = run_both(shifted, s, r, match, {d.sequence});
  if (a.subject.empty() || b.subject.empty() || !a.reference[0] || !b.reference[0]) return "the replay did not run";
  Comparison first = compare(a.subject[0], *a.reference[0]);
  if (first.verdict != Verdict::Differs || first.threw != d.threw)
    return "a replay in fresh processes showed no difference (it depended on calls run before it in the same worker)";
  if (!same_ending(a.subject[0], b.subject[0]))
    return "the class's result changes when its heap is shifted: it is read from an address or from memory nobody wrote";
  if (!same_ending(*a.reference[0], *b.reference[0]))
    return "the reference's result changes when its heap is shifted: it is read from an address or from memory nobody wrote";
  Difference shown = make_difference(s, d.sequence, a.subject[0], *a.reference[0], d.threw);
  shown.hits = d.hits, shown.original_calls = d.original_calls, shown.one_minimal = d.one_minimal;
  d = std::move(shown);
  return "";
}

}  // namespace

Runners::Runners(const Side& s, const Side& r, const DifferentialOptions& options, size_t shift, bool fingerprint)
    : subject(s.api, s.domain, runner_options(options, shift, fingerprint)),
      reference(r.api, r.domain, reference_options(options, shift, fingerprint)) {}

void add_to_bucket(std::vector<Difference>& found, std::map<uint32_t, size_t>& index, Difference d) {
  auto [it, fresh] = index.emplace(d.op, found.size());
  if (fresh) {
    found.push_back(std::move(d));
    return;
  }
  Difference& known = found[it->second];
  uint64_t hits = known.hits + d.hits;
  if (d.sequence.calls.size() < known.sequence.calls.size()) known = std::move(d);
  known.hits = hits;
}

Comparison compare(const TestOutcome& subject, const TestOutcome& reference) {
  // A last call that threw is feasible (it ran) with the exception as its outcome.
  if (!(reference.feasible && reference.outcome == Outcome::Normal)) return {Verdict::Refused, false};
  if (subject.feasible && subject.outcome == Outcome::Normal) {
    if (subject.has_result && reference.has_result && !same_as_emitted_tests_see(subject.result, reference.result))
      return {Verdict::Differs, false};
    return {Verdict::Same, false};
  }
  if (subject.feasible && (subject.outcome == Outcome::Failure || subject.outcome == Outcome::Misuse)) return {Verdict::Differs, true};
  return {Verdict::Skip, false};
}

PairedOutcomes run_both(Runners& runners, const Side& s, const Side& r, const OperationMatch& match,
                        const std::vector<FlatSequence>& tests) {
  PairedOutcomes out;
  out.subject = runners.subject.run(tests);
  out.reference.resize(tests.size());
  std::vector<FlatSequence> there;
  std::vector<size_t> where;
  for (size_t i = 0; i < tests.size(); ++i)
    if (std::optional<FlatSequence> t = translate(tests[i], s, r, match)) {
      there.push_back(std::move(*t));
      where.push_back(i);
    }
  std::vector<TestOutcome> got = there.empty() ? std::vector<TestOutcome>{} : runners.reference.run(there);
  for (size_t j = 0; j < got.size() && j < where.size(); ++j) out.reference[where[j]] = std::move(got[j]);
  return out;
}

Difference make_difference(const Side& s, const FlatSequence& seq, const TestOutcome& a, const TestOutcome& b, bool threw) {
  Difference d;
  d.sequence = seq;
  d.op = seq.calls.back().op;
  d.threw = threw;
  d.call = call_text(s, seq.calls.back());
  d.original_calls = seq.calls.size();
  if (b.has_result) d.expected = b.result;
  std::string expected = b.has_result ? cpp_literal(b.result) : "returned normally";
  if (threw) {
    d.thrown = a.message;
    d.message = d.call + ": threw (" + a.message + "), reference " + expected;
  } else {
    d.value = a.result;
    d.message = d.call + ": " + cpp_literal(a.result) + ", reference " + expected;
  }
  return d;
}

void minimize_and_confirm(const Side& s, const Side& r, const OperationMatch& match, const DifferentialOptions& options,
                          std::vector<Difference>& differences, std::vector<Difference>& unconfirmed) {
  auto interrupted = [&options] { return options.interrupted && options.interrupted->load(); };
  for (size_t i = options.max_minimized; i < differences.size(); ++i) {
    differences[i].unconfirmed = "not replayed: more than " + std::to_string(options.max_minimized) + " kinds of difference";
    unconfirmed.push_back(std::move(differences[i]));
  }
  if (differences.size() > options.max_minimized) differences.resize(options.max_minimized);
  if (options.minimize) {
    Runners runners(s, r, options, 0);
    for (Difference& d : differences)
      if (!interrupted()) minimize_one(runners, s, r, match, d);
    merge_buckets(differences);
  }
  std::vector<Difference> confirmed;
  for (Difference& d : differences) {
    d.unconfirmed = interrupted() ? "not replayed: objgen was interrupted" : confirm(s, r, match, options, d);
    (d.unconfirmed.empty() ? confirmed : unconfirmed).push_back(std::move(d));
  }
  differences = std::move(confirmed);
}

}  // namespace objgen::differential::detail
