// objgen random: feedback-directed random generation over the whole API (Randoop's loop with
// state matching, src/gen/random), with the contracts checked on every new state, findings
// minimized, and a regression suite and an error-revealing suite written.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <chrono>

#include "cli/cli_common.hpp"
#include "cli/post_run.hpp"
#include "cli/reported_findings.hpp"
#include "cli/run_args.hpp"
#include "cli/subject.hpp"
#include "emit/gtest_writer.hpp"
#include "exec/run_deadline.hpp"
#include "gen/oracles/contracts.hpp"
#include "gen/random/random_batch.hpp"
#include "heap/found_states.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cli {

using random::merge_run_states;
using random::RandomBatchOptions;
using random::RandomOptions;
using random::RandomResult;
using random::run_random_batch;

namespace {

struct RandomArgs : RunArgs, OutputArgs, FindingArgs {
  int scope = 6;
  std::string builders;
  double time_limit = 0;
  uint64_t max_calls = 0;
  int runs = 8;
  ReferenceArgs reference;
};

uint64_t run_seed(uint64_t seed, int run) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ull * static_cast<uint64_t>(run + 1);  // splitmix64
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// The classes the operations take or make: each gets its contract checks.
std::vector<ClassId> classes_of(const Api& api, const std::vector<uint32_t>& operations) {
  std::vector<ClassId> out;
  auto add = [&](const SlotType& s) {
    if (s.is_object() && std::find(out.begin(), out.end(), s.cls) == out.end()) out.push_back(s.cls);
  };
  for (uint32_t i : operations) {
    for (const SlotType& p : api.operations()[i].params) add(p);
    add(api.operations()[i].result);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<RandomOptions> plan_runs(const RandomOptions& base, const RandomArgs& a, int workers) {
  std::vector<RandomOptions> runs(static_cast<size_t>(a.runs), base);
  for (int r = 0; r < a.runs; ++r) {
    RandomOptions& o = runs[static_cast<size_t>(r)];
    o.seed = run_seed(a.seed, r);
    o.max_calls = a.max_calls ? a.max_calls / a.runs + (static_cast<uint64_t>(r) < a.max_calls % a.runs ? 1 : 0) : 0;
    if (a.max_calls && o.max_calls == 0) o.max_calls = 1;
    // Runs go in waves of `workers`: each gets its share of the wall-clock limit.
    o.time_limit_seconds = a.time_limit > 0 ? a.time_limit * std::min(workers, a.runs) / a.runs : 0;
  }
  return runs;
}

// Findings of all runs, one per bucket (the first run's first, the shortest sequence kept). A
// crash whose call no restarted run reached again (a run stops after --max-crashes) has no
// operation or sequence: counted in *unplaced.
std::vector<ReportedFinding> merge_findings(const Api& api, const std::vector<RandomResult>& results, uint64_t* unplaced) {
  std::vector<ReportedFinding> out;
  std::map<std::string, size_t> index;
  *unplaced = 0;
  for (const RandomResult& r : results)
    for (const SequenceFinding& f : r.findings) {
      if (f.op >= api.operations().size()) {
        *unplaced += f.hits;
        continue;
      }
      std::string bucket = finding_bucket(f);
      auto [it, fresh] = index.emplace(bucket, out.size());
      if (fresh) {
        out.push_back({f, std::nullopt});
        continue;
      }
      SequenceFinding& known = out[it->second].finding;
      known.hits += f.hits;
      if (!f.sequence.calls.empty() && (known.sequence.calls.empty() || f.sequence.calls.size() < known.sequence.calls.size())) {
        known.sequence = f.sequence;
        known.history = f.history;  // what ran before that sequence
      }
    }
  return out;
}

void validate(const RandomArgs& a) {
  if (a.scope < 1 || a.scope > 64) throw UsageError(fmt::format("bad scope {}: use 1..64", a.scope));
  if (a.runs < 1 || a.runs > 4096) throw UsageError(fmt::format("bad --runs {}: use 1..4096", a.runs));
  apply_run_args(a);
  require_non_negative(a.time_limit, "--time-limit");
  require_writable_outputs(a);
  check_reference_args(a.subject, a.reference, a.quiet);
}

// The runs' common options: the subject's operations, its contract checks, the scope; with
// --builders auto, what the operations it ruled out broke goes into ruled_out_findings.
RandomOptions base_options(const RandomArgs& a, const contracts::ContractSet& enabled, Api& api, const ClassInfo& target, int workers,
                           std::vector<SequenceFinding>& ruled_out_findings) {
  const std::string& omit_fields = a.omit_fields_of(target);
  RandomOptions base;
  base.scope = static_cast<uint32_t>(a.scope);
  base.domain = literal_domain(a.scope, api, a.literals);
  base.omit = build_omit(omit_fields);
  base.target = target.id;
  if (!a.builders.empty()) {
    BuildersRequest request = builders_request(a.builders, a.methods, api, omit_fields, workers, a.isolate(), a.quiet);
    request.keep_representations = a.keep_representations;
    ResolvedBuilders resolved = resolve_builders(api, target, request);
    base.operations = std::move(resolved.operations);
    ruled_out_findings = std::move(resolved.ruled_out_findings);
  } else {
    base.operations = select_methods(api, target.id, a.methods.empty() ? std::vector<std::string>{"all"} : read_method_list(a.methods));
  }
  require_constructible(api, target.id, base.operations);
  for (ClassId cls : classes_of(api, base.operations))
    for (uint32_t check : contracts::add_contract_operations(api, cls, {enabled, base.omit, 8, base.operations}))
      base.contract_checks.push_back(check);
  base.report_failures = enabled.has(contracts::Contract::Failures);
  base.check_invariant = enabled.has(contracts::Contract::Invariant);
  base.keep_states = true;
  base.max_states = 400000;
  return base;
}

// The command's setting once the subject is loaded.
struct RandomRun {
  Example ex;  // copies: the Subject load_run resolved ends with it
  emit::SuiteBuild suites;
  const ClassInfo& target;
  contracts::ContractSet enabled;
  int workers = 1;
  size_t worker_memory_limit = 0;
  RandomOptions base;
  std::vector<std::string> methods;                 // signatures
  std::vector<SequenceFinding> ruled_out_findings;  // see ResolvedBuilders
};

// Runs the batch, a progress line per finished run unless quiet; seconds: the batch's wall time.
std::vector<RandomResult> run_batch(const Api& api, const RandomArgs& a, const RandomRun& run, double& seconds) {
  RandomBatchOptions bo;
  bo.workers = run.workers;
  bo.isolate = a.isolate();
  bo.call_timeout_seconds = a.call_timeout;
  bo.interrupted = &g_interrupted;
  bo.worker_memory_limit_bytes = run.worker_memory_limit;
  bo.result_bytes = 64u << 20;
  uint64_t done_calls = 0, done_states = 0, done_findings = 0;
  size_t done_runs = 0;
  double busy_seconds = 0;
  if (!a.quiet)
    bo.on_result = [&](size_t, const RandomResult& r) {
      ++done_runs;
      done_calls += r.calls;
      done_states += r.target_states;
      done_findings += r.findings.size();
      busy_seconds += r.seconds;
      std::fprintf(stderr, "%s  runs %zu/%d  calls %llu  (%.0f calls/s per worker)  states %llu  findings %llu%s",
                   isatty(STDERR_FILENO) ? "\r" : "", done_runs, a.runs, static_cast<unsigned long long>(done_calls),
                   busy_seconds > 0 ? done_calls / busy_seconds : 0.0, static_cast<unsigned long long>(done_states),
                   static_cast<unsigned long long>(done_findings), isatty(STDERR_FILENO) ? "" : "\n");
    };
  catch_interrupts(true);
  auto start = std::chrono::steady_clock::now();
  if (a.time_limit > 0) set_run_deadline(run_deadline_after(a.time_limit, a.call_timeout));  // the whole command's
  std::vector<RandomResult> results = run_random_batch(api, plan_runs(run.base, a, run.workers), bo);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!a.quiet && isatty(STDERR_FILENO)) std::fprintf(stderr, "\n");
  return results;
}

// What the runs found together: their states in one store, their calls and seconds summed.
struct MergedRuns {
  StateStore store;
  uint64_t calls = 0;
  double run_seconds = 0;
  double seconds = 0;  // the batch's wall time
  double calls_per_second() const { return run_seconds > 0 ? calls / run_seconds : 0.0; }
};

void merge_runs(const Api& api, const std::vector<RandomResult>& results, MergedRuns& m) {
  for (const RandomResult& r : results) {
    merge_run_states(api, r, m.store);
    m.calls += r.calls;
    m.run_seconds += r.seconds;
  }
}

// The run's report; the pipeline adds the findings, oracles and preconditions.
nlohmann::json random_report(const RandomArgs& a, const RandomRun& run, const MergedRuns& m) {
  nlohmann::json report = {
      {"strategy", "random"},
      {"subject", run.ex.name},
      {"target", run.target.name},
      {"seed", a.seed},
      {"runs", a.runs},
      {"scope", a.scope},
      {"methods", run.methods},
      {"contracts", run.enabled.names()},
      {"calls", m.calls},
      {"states", m.store.state_count()},
      {"target_states", m.store.states_of(run.base.target).size()},
      {"timing", {{"seconds", m.seconds}, {"workers", run.workers}, {"calls_per_second_per_worker", m.calls_per_second()}}}};
  if (a.time_limit > 0)
    report["time_limit"] = a.time_limit;
  else
    report["max_calls"] = a.max_calls;
  return report;
}

// The pipeline's settings: the suites' names; the contracts were checked while running.
PostRunSettings post_run_settings(const RandomArgs& a, const RandomRun& run, const MergedRuns& m) {
  PostRunSettings s{.command = "random", .outputs = a, .findings = a};
  s.call_timeout = a.call_timeout;
  s.worker_memory_limit = run.worker_memory_limit;
  s.quiet = a.quiet;
  s.include = run.ex.header;
  s.suite_build = run.suites;
  s.suite_name = (a.suite_name.empty() ? run.ex.name : a.suite_name) + "_random";
  s.states_what = fmt::format("states of {} found by random generation (seed {}, {} calls)", run.target.name, a.seed, m.calls);
  s.findings_key = "findings";
  if (a.reference.given()) s.reference.emplace(PostRunSettings::Reference{a.reference, a.subject, a.scope, a.literals});
  return s;
}

// The run's setting once the subject is loaded, and its first line on stderr unless quiet.
RandomRun load_run(RandomArgs& a, Api& api) {
  contracts::ContractSet enabled = a.enabled_contracts();
  size_t worker_memory_limit = a.worker_memory_limit_bytes();
  int workers = default_workers(a.threads, a.force);
  const Subject subject = resolve_subject(a.subject, a.quiet);
  const Example* ex = &subject.example;
  const ClassInfo* target = &register_example(*ex, api);
  apply_misuse_options(a, api);
  std::vector<SequenceFinding> ruled_out;
  RandomRun run{
      *ex, subject.suites,      *target, enabled, workers, worker_memory_limit, base_options(a, enabled, api, *target, workers, ruled_out),
      {},  std::move(ruled_out)};
  for (uint32_t i : run.base.operations) run.methods.push_back(api.operations()[i].signature());
  if (!a.quiet)
    std::fprintf(stderr, "objgen: random on %s, seed %llu, %d runs on %d %s, %s, scope %d, heap check %s, contracts: %s\n  methods: %s\n",
                 ex->name.c_str(), static_cast<unsigned long long>(a.seed), a.runs, workers, a.isolate() ? "worker processes" : "threads",
                 a.max_calls ? fmt::format("{} calls", a.max_calls).c_str() : fmt::format("{:g} s", a.time_limit).c_str(), a.scope,
                 heap_check_mode(), enabled.names().c_str(), fmt::format("{}", fmt::join(run.methods, ", ")).c_str());
  return run;
}

int run_random_command(RandomArgs a) {
  validate(a);
  if (a.time_limit == 0 && a.max_calls == 0) a.time_limit = 10;
  Api api;
  const RandomRun run = load_run(a, api);

  MergedRuns m;
  std::vector<RandomResult> results = run_batch(api, a, run, m.seconds);
  merge_runs(api, results, m);
  uint64_t unplaced = 0;
  std::vector<ReportedFinding> findings = merge_findings(api, results, &unplaced);
  if (unplaced)
    std::fprintf(
        stderr,
        "objgen: %llu more crashes or hangs at calls no restarted run reached again (a run stops after 100 crashes; not reported)\n",
        static_cast<unsigned long long>(unplaced));
  nlohmann::json report = random_report(a, run, m);
  FoundStates found{m.store, run.base.domain, run.base.target, run.base.operations};
  oracles::EqualStates groups;
  size_t target_states = merge_equal_states(api, {a.keep_representations, a.call_timeout, run.worker_memory_limit, a.isolate(), a.quiet},
                                            found, groups, report);
  report["target_states"] = target_states;
  std::fprintf(stdout, "calls %llu  states %zu (%s: %zu)  findings %zu  %.2f s  (%.0f calls/s per worker)\n",
               static_cast<unsigned long long>(m.calls), m.store.state_count(), run.ex.name.c_str(), target_states, findings.size(),
               m.seconds, m.calls_per_second());
  run_post_run(api, post_run_settings(a, run, m), {found, std::move(findings), true, run.ruled_out_findings}, report);
  return g_interrupted.load() ? kExitInterrupted : kExitOk;
}

}  // namespace

void add_random_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RandomArgs>();
  auto* cmd = app.add_subcommand("random",
                                 "Feedback-directed random generation over the whole API (Randoop's loop with state "
                                 "matching), contracts checked on every new state, failing sequences minimized");
  add_subject_options(cmd, args->subject);
  cmd->add_option("--time-limit", args->time_limit,
                  "Seconds of generation (default 10 when --max-calls is not given); results depend on the machine's speed")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-calls", args->max_calls,
                  "Calls in all (split over the runs): the same seed then gives the same report for any --threads");
  cmd->add_option("--runs", args->runs,
                  "Independent runs (seeds derived from --seed) the work is split into; fixed, so that --threads does not "
                  "change the result")
      ->default_val(8);
  cmd->add_option("--scope", args->scope, "Objects per class above which a state is dropped; default int range 0..N-1")->default_val(6);
  add_run_options(
      cmd, *args,
      {.methods =
           "Methods to call: a,b,c or @file or all (default: all); -name leaves one out (all,-name); beside --builders only exclusions",
       .omit_fields = "Regex of fields left out of state matching and contract comparisons; default: the example's",
       .literals = true,
       .threads = "Workers (default: all cores)",
       .isolation = true,
       .misuse = true,
       .validation_errors = true,
       .seed = "Random seed"});
  cmd->add_option("--builders", args->builders, "auto: only the identified builders (cached per API), or a builders file");
  add_representations_option(cmd, *args);
  add_finding_options(cmd, *args);
  add_output_options(cmd, *args,
                     {.emit_gtest = "Write <name>_random_states_test.cpp (regression suite) and <name>_random_failures_test.cpp "
                                    "(error-revealing, minimized) into this directory",
                      .gtest_max_states = "The regression suite holds at most this many states, evenly sampled (0: all)",
                      .gtest_max_states_default = 1000});
  add_reference_options(cmd, args->reference);
  add_quiet_option(cmd, *args);
  cmd->callback([args, &exit_code] { exit_code = run_random_command(*args); });
}

}  // namespace objgen::cli
