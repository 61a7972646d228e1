#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <thread>

#include "cli/cli_common.hpp"
#include "cli/post_run.hpp"
#include "cli/reported_findings.hpp"
#include "cli/run_args.hpp"
#include "cli/subject.hpp"
#include "io/atomic_file.hpp"
#include "emit/gtest_writer.hpp"
#include "emit/report_json.hpp"
#include "exec/run_deadline.hpp"
#include "gen/exhaustive/checkpoint.hpp"
#include "gen/exhaustive/exhaustive.hpp"
#include "gen/oracles/contract_runner.hpp"
#include "gen/oracles/contracts.hpp"
#include "gen/oracles/regression_oracles.hpp"
#include "model/selection.hpp"
#include "objgen/example.hpp"

namespace objgen::cli {

using exhaustive::ExhaustiveOptions;
using exhaustive::ExhaustiveResult;

namespace {

struct ExhaustiveArgs : RunArgs, OutputArgs, FindingArgs {
  int scope = 3;
  std::string builders;
  double time_limit = 0;
  int max_iterations = 0;
  size_t contract_states = 2000;
  std::string checkpoint;
  ReferenceArgs reference;
};

// Bad checkpoints and runs that cannot be split are the user's input, not objgen's failure.
ExhaustiveResult run_generator(exhaustive::ExhaustiveGenerator& gen) {
  try {
    return gen.run();
  } catch (const exhaustive::CheckpointError& e) {
    throw UsageError(e.what());
  } catch (const exhaustive::TooSmallToSplit& e) {
    throw UsageError(e.what());
  }
}

// Every rank's peak resident memory, on rank 0 (empty when alone).
std::vector<size_t> peak_rss_of_ranks() {
  if (!g_cluster) return {};
  std::vector<uint64_t> peaks(static_cast<size_t>(g_cluster->size()), 0);
  peaks[static_cast<size_t>(g_cluster->rank())] = emit::peak_rss_bytes();
  g_cluster->max(peaks);
  return {peaks.begin(), peaks.end()};
}

// The options checked before the subject is loaded, in the order their errors are reported.
struct CheckedArgs {
  size_t memory_limit = 0;
  size_t worker_memory_limit = 0;
  int workers = 1;
  contracts::ContractSet enabled;
};

CheckedArgs check_args(const ExhaustiveArgs& a) {
  if (a.scope < 1 || a.scope > 64) throw UsageError(fmt::format("bad scope {}: use 1..64", a.scope));
  apply_run_args(a);
  require_non_negative(a.time_limit, "--time-limit");
  CheckedArgs c;
  c.memory_limit = a.memory_limit_bytes();
  c.worker_memory_limit = a.worker_memory_limit_bytes();
  c.workers = default_workers(a.threads, a.force);
  require_writable_outputs(a);
  check_reference_args(a.subject, a.reference, a.quiet);
  if (!a.checkpoint.empty()) {
    try {
      ensure_writable_directory(a.checkpoint);
    } catch (const std::exception& e) {
      throw UsageError(std::string("--checkpoint: ") + e.what());
    }
  }
  c.enabled = a.enabled_contracts();
  return c;
}

// The generator's options for the loaded subject (misuse and validation settings go into api);
// with --builders auto, what the operations it ruled out broke goes into ruled_out_findings.
ExhaustiveOptions generator_options(const ExhaustiveArgs& a, const CheckedArgs& c, Api& api, const ClassInfo& target,
                                    std::vector<SequenceFinding>& ruled_out_findings) {
  ExhaustiveOptions opt;
  opt.scope = static_cast<uint32_t>(a.scope);
  opt.domain = literal_domain(a.scope, api, a.literals);
  opt.omit_pattern = a.omit_fields_of(target);
  opt.omit = build_omit(opt.omit_pattern);
  opt.target = target.id;
  opt.workers = c.workers;
  apply_misuse_options(a, api);
  catch_interrupts(true);
  if (!a.builders.empty()) {
    BuildersRequest request = builders_request(a.builders, a.methods, api, opt.omit_pattern, opt.workers, a.isolate(), a.quiet);
    request.keep_representations = a.keep_representations;
    ResolvedBuilders resolved = resolve_builders(api, target, request);
    opt.operations = std::move(resolved.operations);
    ruled_out_findings = std::move(resolved.ruled_out_findings);
  } else {
    std::vector<std::string> names = a.methods.empty() ? target.builders : read_method_list(a.methods);
    if (names.empty()) names = {"all"};
    opt.operations = select_methods(api, target.id, names);
  }
  require_constructible(api, target.id, opt.operations);
  opt.isolate = a.isolate();
  opt.call_timeout_seconds = a.call_timeout;
  opt.time_limit_seconds = a.time_limit;
  opt.max_iterations = a.max_iterations;
  opt.memory_limit_bytes = c.memory_limit;
  opt.worker_memory_limit_bytes = c.worker_memory_limit;
  opt.interrupted = &g_interrupted;
  opt.cluster = g_cluster;
  opt.checkpoint_dir = a.checkpoint;
  return opt;
}

// Runs the generator, saying what it runs and how it progresses unless quiet.
ExhaustiveResult generate(const Api& api, const ExhaustiveOptions& opt, const emit::RunDescription& run, bool quiet) {
  if (!quiet)
    std::fprintf(stderr, "objgen: %s, scope %u, %s%d %s, heap check %s, methods: %s\n", run.example.c_str(), opt.scope,
                 g_cluster ? fmt::format("{} ranks x ", g_cluster->size()).c_str() : "", opt.workers,
                 opt.isolate ? "worker processes" : "threads", heap_check_mode(), fmt::format("{}", fmt::join(run.methods, ", ")).c_str());

  catch_interrupts(true);
  // The whole command's end: the search's limit, then what the steps after it may take.
  if (opt.time_limit_seconds > 0) set_run_deadline(run_deadline_after(opt.time_limit_seconds, opt.call_timeout_seconds));
  exhaustive::ExhaustiveGenerator gen(api, opt);
  if (!quiet)
    gen.on_progress([](const exhaustive::ExhaustiveProgress& p) {
      std::fprintf(stderr, "  iteration %d  frontier %zu  states %zu  explored %llu  %.1f s  (%.0f/s)\n", p.iteration, p.frontier, p.states,
                   static_cast<unsigned long long>(p.explored), p.seconds, p.seconds > 0 ? p.explored / p.seconds : 0.0);
    });
  ExhaustiveResult result = run_generator(gen);
  catch_interrupts(false);
  return result;
}

nlohmann::json distributed_report(const ExhaustiveResult& result, const std::vector<size_t>& rank_peaks, uint64_t sent) {
  return {{"ranks", g_cluster->size()},
          {"peak_rss_bytes_per_rank", rank_peaks},
          {"rounds", result.rounds},
          {"records_split", result.records_split},
          {"rank0_exchange_seconds", result.exchange_seconds},
          {"rank0_merge_seconds", result.merge_seconds},
          {"bytes_exchanged", sent},
          {"bytes_exchanged_per_state", result.store.state_count() ? double(sent) / result.store.state_count() : 0.0},
          {"bytes_exchanged_per_candidate", result.explored ? double(sent) / result.explored : 0.0}};
}

// The result line on stdout (the pipeline prints the findings); a stop at the memory limit on stderr.
void print_result(const ExhaustiveArgs& a, size_t structures, const ExhaustiveResult& result) {
  std::fprintf(stdout, "structures %zu  explored %llu  iterations %d  %.2f s  failures %zu%s\n", structures,
               static_cast<unsigned long long>(result.explored), result.iterations, result.seconds, result.findings.size(),
               result.complete ? "" : ("  (partial: " + std::string(exhaustive::stop_reason_name(result.stopped_by)) + ")").c_str());
  if (result.stopped_by == exhaustive::StopReason::MemoryLimit)
    std::fprintf(stderr, "objgen: stopped at --memory-limit %s: the results written are partial and consistent\n",
                 a.memory_limit.empty() ? "(its default, half the machine's memory)" : a.memory_limit.c_str());
  // Calls ran, none failed, and nothing is a state: every object was left out without a word.
  if (structures == 0 && result.explored > 0 && result.findings.empty())
    std::fprintf(stderr,
                 "objgen: no state: each of the %llu objects the calls built was left out (beyond --scope %d, refused as misuse, "
                 "or its fields could not be read); try a larger --scope, or --state fields or --state value\n",
                 static_cast<unsigned long long>(result.explored), a.scope);
}

// The engine's findings as stand-alone sequences (the failing call after the sequences of its
// arguments), kept as found: the pipeline does not minimize them.
std::vector<ReportedFinding> engine_findings(const Api& api, const LiteralDomain& domain, const ExhaustiveResult& result) {
  Replayer replayer(api, result.store, domain);
  std::vector<ReportedFinding> out;
  for (const exhaustive::Finding& f : result.findings) {
    ReportedFinding r{{f.kind, f.op, f.message, replayer.flatten_call(f.op, f.args), domain, f.hits}, std::nullopt};
    r.slot = f.slot;
    r.in_copy = f.in_copy;
    r.reproducible = f.reproducible;
    out.push_back(std::move(r));
  }
  return out;
}

// The pipeline's settings: the suites' names, the contracts checked on the states.
PostRunSettings post_run_settings(const ExhaustiveArgs& a, const CheckedArgs& c, const Subject& subject, const ExhaustiveOptions& opt) {
  const Example& ex = subject.example;
  PostRunSettings s{.command = "exhaustive", .outputs = a, .findings = a};
  s.suite_build = subject.suites;
  s.call_timeout = a.call_timeout;
  s.worker_memory_limit = opt.worker_memory_limit_bytes;
  s.quiet = a.quiet;
  s.include = ex.header;
  s.suite_name = a.suite_name.empty() ? ex.name : a.suite_name;
  s.states_what = "every state of " + class_vtable(opt.target).name + " within scope " + std::to_string(opt.scope);
  s.contracts = ContractsAfterRun{c.enabled, a.contract_states, opt.omit};
  if (a.reference.given()) s.reference.emplace(PostRunSettings::Reference{a.reference, a.subject, a.scope, a.literals});
  return s;
}

// The report of the run (rank 0): the engine's, the ranks', the states suite's size.
nlohmann::json run_report(const Api& api, const ExhaustiveOptions& opt, const emit::RunDescription& run, const ExhaustiveResult& result,
                          const std::vector<size_t>& rank_peaks, uint64_t sent) {
  nlohmann::json report = emit::exhaustive_report(api, opt, run, result);
  if (g_cluster) report["distributed"] = distributed_report(result, rank_peaks, sent);
  return report;
}

// The run's states, one per group of states the class's operator== calls equal unless
// --keep-representations ("structures" counts the groups, "representations" the canonical forms).
size_t merge_states(const Api& api, const ExhaustiveArgs& a, const ExhaustiveOptions& opt, FoundStates& found, oracles::EqualStates& groups,
                    nlohmann::json& report) {
  size_t structures = merge_equal_states(api, {a.keep_representations, a.call_timeout, opt.worker_memory_limit_bytes, opt.isolate, a.quiet},
                                         found, groups, report);
  report["structures"] = structures;
  if (found.chosen) report["representations"] = found.store.states_of(opt.target).size();
  if (!a.emit_gtest.empty())
    report["gtest"] = {
        {"states", emit::emitted_states(api, found, a.gtest_max_states).size()}, {"of", structures}, {"max_states", a.gtest_max_states}};
  return structures;
}

int run_exhaustive(ExhaustiveArgs& a) {
  CheckedArgs c = check_args(a);
  const Subject subject = resolve_subject(a.subject, a.quiet);
  const Example* ex = &subject.example;
  Api api;
  const ClassInfo* target = &register_example(*ex, api);
  std::vector<SequenceFinding> ruled_out;
  ExhaustiveOptions opt = generator_options(a, c, api, *target, ruled_out);

  emit::RunDescription run{ex->name, ex->target, opt.scope, opt.workers, opt.isolate, {}};
  for (uint32_t i : opt.operations) run.methods.push_back(api.operations()[i].signature());
  ExhaustiveResult result = generate(api, opt, run, a.quiet || !is_main_rank());
  int exit_code = result.stopped_by == exhaustive::StopReason::Interrupted ? kExitInterrupted : kExitOk;
  std::vector<size_t> rank_peaks = peak_rss_of_ranks();
  uint64_t sent[1] = {result.sent_bytes};
  if (g_cluster) g_cluster->sum(sent);
  if (!is_main_rank()) return exit_code;  // rank 0 writes
  exhaustive::bucket_findings(result.findings);
  nlohmann::json report = run_report(api, opt, run, result, rank_peaks, sent[0]);
  if (result.resumed_after > 0 && !a.quiet)
    std::fprintf(stderr, "objgen: resumed from the checkpoint of iteration %d in %s\n", result.resumed_after, a.checkpoint.c_str());
  FoundStates found = exhaustive::found_states(opt, result);
  oracles::EqualStates groups;
  print_result(a, merge_states(api, a, opt, found, groups, report), result);
  run_post_run(api, post_run_settings(a, c, subject, opt),
               {found, engine_findings(api, opt.domain, result), /*minimize=*/false, std::move(ruled_out)}, report);
  return exit_code;
}

}  // namespace

void add_exhaustive_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExhaustiveArgs>();
  auto* cmd = app.add_subcommand("exhaustive",
                                 "Bounded-exhaustive generation: every distinct state reachable "
                                 "through the API with at most N objects per class");
  add_subject_options(cmd, args->subject);
  cmd->add_option("--scope", args->scope, "Max objects per class, container length, and default int range 0..N-1")->default_val(3);
  add_run_options(cmd, *args,
                  {.methods = "Methods to combine: a,b,c or @file or all (default: the example's builders); -name leaves one out "
                              "(all,-name); beside --builders only exclusions, which auto never chooses",
                   .omit_fields = "Regex of fields left out of state matching (field or Class.field); default: the example's",
                   .literals = true,
                   .threads = "Workers (default: all cores); results are identical for any count",
                   .isolation = true,
                   .memory_limit = "Stop with a partial result when objgen's own memory passes this (2G, 512M; default half "
                                   "the machine's memory); when given, also the default --worker-memory-limit",
                   .misuse = true,
                   .validation_errors = true,
                   .seed = "Accepted for uniformity; exhaustive generation is deterministic",
                   .seed_default = std::nullopt});
  cmd->add_option("--builders", args->builders, "auto: identified builders (cached per API; see `objgen builders`), or a builders file");
  cmd->add_option("--time-limit", args->time_limit, "Stop after this many seconds with a partial result (0: none)");
  cmd->add_option("--max-iterations", args->max_iterations,
                  "Stop after this many iterations, marking the result partial (default 3 x scope, as BEAPI)")
      ->check(CLI::Range(0, 65000));
  cmd->add_option("--checkpoint", args->checkpoint,
                  "Save the run's state here after every iteration, and resume from it when it holds one of this "
                  "run (same options): a killed run goes on from its last finished iteration with the same results")
      ->type_name("DIR");
  add_output_options(cmd, *args,
                     {.emit_gtest = "Write GoogleTest files into this directory",
                      .gtest_max_states = "A states suite holds at most this many states, evenly sampled beyond (0: all)",
                      .gtest_max_states_default = 100000});
  add_representations_option(cmd, *args);
  add_finding_options(cmd, *args);
  cmd->add_option("--contract-states", args->contract_states,
                  "Check the contracts on at most this many states (after generation), evenly sampled (0: all)")
      ->default_val(2000);
  add_reference_options(cmd, args->reference);
  add_quiet_option(cmd, *args);
  cmd->callback([args, &exit_code] { exit_code = run_exhaustive(*args); });
}

}  // namespace objgen::cli
