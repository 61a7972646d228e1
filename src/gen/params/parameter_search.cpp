// find_parameters: every method's search (method_search.hpp), after the inputs the repository
// kept, then the repeated-call measure, one method per runner at a time; and the domain the tries
// draw from.
#include "exec/run_deadline.hpp"
#include "gen/params/parameter_search.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <mutex>
#include <set>
#include <thread>

#include "gen/params/method_search.hpp"

namespace objgen::params {
namespace {

uint64_t mix(uint64_t seed, const std::string& text) {
  uint64_t h = seed ^ 0x9e3779b97f4a7c15ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// The repository's inputs for op, run once: they may no longer run (the code changed).
std::optional<Attempt> rerun_stored(const ParamsOptions& options, uint32_t op, TestRunner& runner, uint64_t& executions) {
  if (!options.stored_inputs) return std::nullopt;
  std::optional<FlatSequence> seq = options.stored_inputs(op);
  if (!seq) return std::nullopt;
  TestOutcome o = runner.run({*seq})[0];
  ++executions;
  if (o.stopped) return std::nullopt;
  Attempt a;
  a.sequence = std::move(*seq);
  a.outcome = o.outcome;
  a.message = o.message;
  a.in_setup = !o.feasible && o.failed_at != a.sequence.calls.size();
  a.cause = o.feasible && o.outcome == Outcome::Normal ? Cause::None : classify_failure(o.outcome, o.message);
  a.receiver_unchanged = (o.probed_mask & 1u) && !(o.changed_mask & 1u);  // used for members only
  return a;
}

// The found call repeated on its receiver until the test case is full: the worker stops at the
// first call that does not run normally, which says how many did.
// True when a repeated call failed and the worker lived on (an exception past a precondition):
// what it left behind should not reach the next method.
bool measure_repeats(MethodParams& m, TestRunner& runner, uint64_t& executions) {
  FlatSequence seq = m.attempts.back().sequence;
  size_t setup = seq.calls.size() - 1;
  if (setup + 2 > kMaxTestCalls) return false;
  FlatCall call = seq.calls.back();
  while (seq.calls.size() < kMaxTestCalls) seq.calls.push_back(call);
  TestOutcome o = runner.run({seq})[0];
  ++executions;
  if (o.stopped) return false;
  m.repeat_limit = static_cast<int>(seq.calls.size() - setup);
  if (o.feasible)
    m.repeatable = o.outcome == Outcome::Normal ? m.repeat_limit : m.repeat_limit - 1;
  else if (o.failed_at > setup)
    m.repeatable = static_cast<int>(o.failed_at - setup - 1);
  bool died = o.outcome == Outcome::Crash || o.outcome == Outcome::Timeout || o.outcome == Outcome::OutOfMemory;
  return !(o.feasible && o.outcome == Outcome::Normal) && !died;
}

}  // namespace

const char* status_name(Status s) {
  switch (s) {
    case Status::Normal:
      return "normal";
    case Status::Repaired:
      return "repaired";
    case Status::Reused:
      return "reused";
    case Status::GaveUp:
      return "gave up";
    case Status::Unbuildable:
      return "unbuildable";
    case Status::NotTried:
      return "not tried";
  }
  return "?";
}

size_t ParamsResult::ran() const {
  return static_cast<size_t>(std::count_if(methods.begin(), methods.end(), [](const MethodParams& m) { return m.ran(); }));
}

LiteralDomain params_domain(const Api& api) {
  std::set<int64_t> ints{-1000, -100, -10, -2, -1, 100, 127, 128, 255, 256, 500, 1000, 1024, 4096, 10000, 65536, 1 << 20, INT_MAX, INT_MIN};
  for (int64_t v = 0; v <= 64; ++v) ints.insert(v);
  for (const ClassInfo& info : api.classes())
    for (const auto& [name, value] : info.constants)
      for (int64_t d : {-1, 0, 1})
        if ((d < 0 && value > LLONG_MIN) || (d > 0 && value < LLONG_MAX) || d == 0) ints.insert(value + d);
  std::string spec;
  for (int64_t v : ints) spec += (spec.empty() ? "" : ",") + std::to_string(v);
  LiteralDomain d = LiteralDomain::defaults(1);
  d.set_ints(spec);
  d.set_doubles("-100,-1,0,0.5,1,2,3.25,100,1000000");
  d.set_chars("a,z,A,0");
  d.set_bools("false,true");
  d.set_strings("'',a,abc,hello world,0123456789");
  return d;
}

namespace {

// One method's search with its own runner and tally; `facts` is the searcher's copy.
struct MethodRun {
  MethodParams m;
  std::array<CauseTally, kCauseCount> causes{};
  uint64_t executions = 0;
};

MethodRun search_method(const Api& api, const LiteralDomain& domain, search::ApiFacts& facts, uint32_t op, TestRunner& runner,
                        const ParamsOptions& options, const std::function<bool()>& time_left) {
  MethodRun run;
  MethodParams& m = run.m;
  m.op = op;
  search::MethodSearch search(api, domain, facts, op, options.heuristics, mix(options.seed, api.operations()[op].signature()));
  if (!time_left()) {
    m.why = "the time limit came first";
  } else if (std::string why = search.unbuildable(); !why.empty()) {
    m.status = Status::Unbuildable;
    m.why = why;
  } else if (std::optional<Attempt> again = rerun_stored(options, op, runner, run.executions); again && again->cause == Cause::None) {
    m.status = Status::Reused;
    m.attempts.push_back(std::move(*again));
  } else if (options.interrupted && options.interrupted->load()) {
    m.why = "interrupted";
  } else {
    if (!again && options.stored_values) search.start_from(options.stored_values(op));  // nothing stored for this signature
    m = search.run(options.tries, runner, run.executions, options.interrupted);
    for (const Attempt& a : m.attempts)
      if (a.cause != Cause::None) {
        CauseTally& t = run.causes[static_cast<size_t>(a.cause)];
        ++t.seen;
        t.handled += m.ran();
      }
  }
  if (m.ran() && options.samples > 1 && options.heuristics)
    search.more_samples(m, options.samples - 1, options.tries, runner, run.executions, options.interrupted, time_left);
  if (m.ran() && api.operations()[op].kind == OpKind::Method && measure_repeats(m, runner, run.executions))
    runner.restart_worker();  // the repeats went past the method's preconditions: no damage carries over
  return run;
}

// The repository's callbacks reach one database connection: one searcher at a time.
ParamsOptions serialized_callbacks(const ParamsOptions& options, std::mutex& lock) {
  ParamsOptions o = options;
  if (options.stored_inputs)
    o.stored_inputs = [&lock, f = options.stored_inputs](uint32_t op) {
      std::lock_guard<std::mutex> hold(lock);
      return f(op);
    };
  if (options.stored_values)
    o.stored_values = [&lock, f = options.stored_values](uint32_t op) {
      std::lock_guard<std::mutex> hold(lock);
      return f(op);
    };
  return o;
}

// What a searcher learnt of the builder calls, added to what all of them share.
void add_fill_counts(search::ApiFacts& shared, const search::ApiFacts& before, const search::ApiFacts& after) {
  for (size_t k = 0; k < shared.fill_ran.size(); ++k) {
    shared.fill_ran[k] += after.fill_ran[k] - before.fill_ran[k];
    shared.fill_failed[k] += after.fill_failed[k] - before.fill_failed[k];
  }
}

}  // namespace

ParamsResult find_parameters(const Api& api, const std::vector<uint32_t>& methods, const LiteralDomain& domain, TestRunner& runner,
                             const ParamsOptions& options) {
  TestRunner* one[] = {&runner};
  return find_parameters(api, methods, domain, one, options);
}

ParamsResult find_parameters(const Api& api, const std::vector<uint32_t>& methods, const LiteralDomain& domain,
                             std::span<TestRunner* const> runners, const ParamsOptions& given) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::function<bool()> time_left = [&] { return given.time_limit_seconds <= 0 || elapsed() < given.time_limit_seconds; };
  // A try under way at the limit (a call that hangs, once per try) is cut there, not waited out.
  if (given.time_limit_seconds > 0)
    for (TestRunner* r : runners) r->set_deadline(start + clock_seconds(given.time_limit_seconds));
  std::mutex repository;
  const ParamsOptions options = runners.size() > 1 ? serialized_callbacks(given, repository) : given;
  search::ApiFacts facts = search::learn_api(api, domain, options.builders);
  if (options.fill_ran.size() == facts.fill_ran.size() && options.fill_failed.size() == facts.fill_failed.size()) {
    facts.fill_ran = options.fill_ran;
    facts.fill_failed = options.fill_failed;
  }
  ParamsResult result;
  // Methods are searched in waves of one per runner, each from the facts as the wave began, and
  // what they learnt is shared after it: the results depend on the seed and the runners' count,
  // not on which thread finished first. One runner is the plain sequence.
  for (size_t wave = 0; wave < methods.size(); wave += runners.size()) {
    size_t n = std::min(runners.size(), methods.size() - wave);
    std::vector<search::ApiFacts> own(n, facts);
    std::vector<MethodRun> runs(n);
    auto work = [&](size_t j) { runs[j] = search_method(api, domain, own[j], methods[wave + j], *runners[j], options, time_left); };
    std::vector<std::thread> threads;
    for (size_t j = 1; j < n; ++j) threads.emplace_back(work, j);
    work(0);
    for (std::thread& t : threads) t.join();
    const search::ApiFacts before = facts;
    for (size_t j = 0; j < n; ++j) {
      add_fill_counts(facts, before, own[j]);
      for (size_t c = 0; c < kCauseCount; ++c) {
        result.causes[c].seen += runs[j].causes[c].seen;
        result.causes[c].handled += runs[j].causes[c].handled;
      }
      result.executions += runs[j].executions;
      result.methods.push_back(std::move(runs[j].m));
      if (options.progress) options.progress(result.methods.size(), methods.size());
    }
  }
  result.seconds = elapsed();
  for (TestRunner* r : runners) r->set_deadline({});  // the runners go on (the sweeps, a baseline)
  result.fill_ran = std::move(facts.fill_ran);
  result.fill_failed = std::move(facts.fill_failed);
  return result;
}

}  // namespace objgen::params
