// objgen params: legal receivers and arguments for every method of a class (HeuriGenJ), found on
// a build with the standard library's assertions and UndefinedBehaviorSanitizer.
#include <fmt/format.h>
#include <unistd.h>

#include "cli/cli_common.hpp"
#include "cli/run_reports.hpp"
#include "cli/params_benchmarks.hpp"
#include "cli/run_args.hpp"
#include "cli/subject.hpp"
#include "emit/params_report.hpp"
#include "emit/suite_preamble.hpp"
#include "exec/confined_program.hpp"
#include "harness/harness_compiler.hpp"
#include "io/atomic_file.hpp"
#include "gen/params/parameter_search.hpp"
#include "gen/oracles/regression_oracles.hpp"
#include "gen/params/params_repository.hpp"

#include <filesystem>
#include <optional>

namespace objgen::cli {
namespace {

// --checks: what the class under test is built with (on is asan).
enum class Checks { Asan, Ubsan, Off };
const Choices<Checks> kChecks{{"asan", Checks::Asan}, {"ubsan", Checks::Ubsan}, {"off", Checks::Off}, {"on", Checks::Asan}};

struct ParamsArgs : RunArgs, OutputArgs {
  int tries = 16;
  int samples = 1;
  double time_limit = 0;
  Checks checks = Checks::Asan;
  std::string builders = "auto";
  bool baseline = false;
  bool verbose = false;
  std::string repository;  // "" : the default file; "none": no repository
  std::string emit_benchmark;
  std::vector<std::string> sweeps;
  bool run_benchmarks = false;
  bool show_repository = false;
};

void validate(const ParamsArgs& a) {
  if (a.tries < 1 || a.tries > 1000) throw UsageError("--tries must be 1 to 1000");
  if (a.samples < 1 || a.samples > 100) throw UsageError("--samples must be 1 to 100");
  if (!(a.time_limit >= 0)) throw UsageError("--time-limit must be >= 0 seconds");
  apply_run_args(a);
  require_writable_outputs(a);
  if (!a.emit_benchmark.empty()) {
    try {
      ensure_writable_directory(a.emit_benchmark);
    } catch (const std::exception& e) {
      throw UsageError(e.what());
    }
  }
  for (const std::string& s : a.sweeps) parse_sweep(s);
  if ((a.run_benchmarks || !a.sweeps.empty()) && a.emit_benchmark.empty())
    throw UsageError("--sweep and --run-benchmarks go with --emit-benchmark DIR");
  if (!a.subject.harness.empty() && a.checks != Checks::Off)
    throw UsageError(
        "a --harness library runs as it was compiled: add --checks off, or give --header/--class (or "
        "--example) for the checked build");
  if (!a.emit_benchmark.empty() && !a.subject.harness.empty())
    throw UsageError("--emit-benchmark needs --example or --header/--class (a --harness library does not say where its header is)");
}

// What each found input's call returned in two more runs (separate workers, the second with its
// heap shifted and junk-filled) when they agree: the smoke suite's regression oracles.
emit::ReturnedValues stable_results(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found, const ParamsArgs& a) {
  std::vector<FlatSequence> tests;
  for (const params::MethodParams& m : found.methods)
    if (m.ran()) {
      tests.push_back(m.attempts.back().sequence);
      for (const FlatSequence& s : m.samples) tests.push_back(s);
    }
  oracles::OracleOptions o;
  o.call_timeout_seconds = a.call_timeout;
  o.worker_memory_limit_bytes = a.worker_memory_limit_bytes();
  o.interrupted = &g_interrupted;
  std::vector<std::optional<Literal>> values = oracles::stable_last_values(api, domain, tests, o, false);
  emit::ReturnedValues out(found.methods.size());
  size_t k = 0;
  for (size_t i = 0; i < found.methods.size(); ++i)
    if (found.methods[i].ran())
      for (size_t n = 0; n <= found.methods[i].samples.size() && k < values.size(); ++n) out[i].push_back(values[k++]);
  return out;
}

// Every public member of the target (constructors, factories, methods), unless --methods says.
std::vector<uint32_t> methods_to_search(const Api& api, ClassId target, const std::string& spec) {
  std::vector<uint32_t> out;
  if (!spec.empty() && spec != "all") return select_methods(api, target, read_method_list(spec), false);
  for (uint32_t i = 0; i < api.operations().size(); ++i) {
    const Operation& o = api.operations()[i];
    bool member = o.owner == target || (o.result.is_object() && o.result.cls == target && o.kind != OpKind::Method);
    if (member && !o.through.derived() && !o.upcast && o.kind != OpKind::FreeFunction) out.push_back(i);
  }
  return out;
}

std::unique_ptr<params::ParamsRepository> open_repository(const ParamsArgs& a) {
  if (a.repository == "none") {
    if (a.show_repository) throw UsageError("--show-repository needs a repository (not --repository none)");
    return nullptr;
  }
  std::string path = a.repository.empty() ? params::default_repository_path() : a.repository;
  try {
    if (a.repository.empty()) std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    ensure_writable_file(path);
    return std::make_unique<params::ParamsRepository>(path);
  } catch (const std::exception& e) {
    throw UsageError(std::string("--repository: ") + e.what());
  }
}

// objgen-asan-worker, installed beside objgen ("" when missing).
std::string asan_worker_program() {
  std::error_code ec;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  std::filesystem::path worker = self.parent_path() / "objgen-asan-worker";
  return !ec && std::filesystem::is_regular_file(worker, ec) ? worker.string() : "";
}

// The worker loads the ASan build and registers the same API, or the run stops here, saying why
// (instead of every try failing as a crash of the worker). It runs the code under test's static
// initializers, so it runs as a worker does: a supervised, confined child (which execs it).
void check_asan_worker(const std::vector<std::string>& command) {
  std::vector<std::string> args(command.begin(), command.end() - 1);  // without --probe
  args.push_back("--check");
  ProgramRun run = run_confined_program(args, "", &g_interrupted, 120);
  if (run.interrupted) throw Interrupted("interrupted while starting objgen-asan-worker; nothing written");
  if (run.timed_out) throw UsageError("objgen-asan-worker did not load this class's ASan build within 120 s; try --checks ubsan");
  if (run.exited && run.exit_code == 0) return;
  throw UsageError("objgen-asan-worker cannot run this class's ASan build (" + (run.last_line.empty() ? run.death : run.last_line) +
                   "); try --checks ubsan");
}

// The test runner's options; with --checks asan, the ASan worker program checked to run.
RunnerOptions runner_options(const ParamsArgs& a, const Subject& subject, const Api& api, const ClassInfo& target) {
  RunnerOptions ro;
  ro.call_timeout_seconds = a.call_timeout;
  ro.probe = true;  // whether each call changed its receiver: benchmarks rebuild only those that did
  if (a.checks == Checks::Asan) {
    std::string worker = asan_worker_program();
    if (worker.empty()) {
      if (!a.quiet) std::fprintf(stderr, "objgen: no objgen-asan-worker beside objgen: checking with assertions and UBSan only\n");
    } else {
      ro.worker_command = {
          worker, "--harness", build_asan_harness(a.subject, subject, a.quiet), "--api", params::api_hash(api, target.id), "--probe"};
      check_asan_worker(ro.worker_command);
    }
  }
  ro.worker_memory_limit_bytes = a.worker_memory_limit_bytes();
  return ro;
}

// One runner per --threads (default 1); the first also measures the sweeps and the baseline,
// the others only search.
std::vector<std::unique_ptr<TestRunner>> make_runners(const ParamsArgs& a, const Subject& subject, const Api& api,
                                                      const LiteralDomain& domain, const ClassInfo& target) {
  const RunnerOptions ro = runner_options(a, subject, api, target);
  const int wanted = a.threads ? default_workers(a.threads, a.force) : 1;
  std::vector<std::unique_ptr<TestRunner>> runners;
  runners.reserve(static_cast<size_t>(wanted));
  for (int t = 0; t < wanted; ++t) runners.push_back(std::make_unique<TestRunner>(api, domain, ro));
  return runners;
}

// The target's builders when --builders asks for other than the harness's list.
std::map<ClassId, std::vector<uint32_t>> target_builders(const ParamsArgs& a, Api& api, const ClassInfo& target) {
  std::map<ClassId, std::vector<uint32_t>> builders;
  if (a.builders == "auto") {
    std::string unusable;
    if (auto cached = cached_builders(api, target, target.omit_fields, &unusable)) builders[target.id] = *cached;
    if (!unusable.empty()) std::fprintf(stderr, "objgen: ignoring unusable builders cache %s\n", unusable.c_str());
  } else if (a.builders != "harness") {
    BuildersRequest r =
        builders_request(a.builders == "identify" ? "auto" : a.builders, "", api, target.omit_fields, default_workers(0), true, a.quiet);
    r.check_contracts = false;     // params' exec'd workers check the API against the harness's own
    r.ruled_out_findings = false;  // params times the builders; it reports no generator's findings
    builders[target.id] = resolve_builders(api, target, r).operations;
  }
  return builders;
}

// What the repository knows: inputs and values that worked, builder history. A repository that
// cannot be read is as good as an empty one: warn and search.
void use_repository(const params::ParamsRepository& repo, const ParamsArgs& a, const Api& api, const LiteralDomain& domain,
                    const ClassInfo& target, params::ParamsOptions& po) {
  auto unreadable = [&a](const std::exception& e) {
    if (!a.quiet) std::fprintf(stderr, "objgen: warning: cannot read the repository (%s); searching\n", e.what());
  };
  po.stored_inputs = [&, unreadable](uint32_t op) -> std::optional<FlatSequence> {
    try {
      return repo.inputs(api, domain, target.name, op);
    } catch (const std::exception& e) {
      unreadable(e);
      return std::nullopt;
    }
  };
  po.stored_values = [&, unreadable](uint32_t op) -> std::vector<std::optional<uint32_t>> {
    try {
      return repo.parameter_values(api, domain, target.name, op);
    } catch (const std::exception& e) {
      unreadable(e);
      return {};
    }
  };
  po.fill_ran.assign(api.operations().size(), 0);
  po.fill_failed.assign(api.operations().size(), 0);
  try {
    repo.builder_history(api, target.name, po.fill_ran, po.fill_failed);
  } catch (const std::exception& e) {
    unreadable(e);
  }
}

// The smoke suite in --emit-gtest.
void write_params_suite(const ParamsArgs& a, const Subject& subject, const Api& api, const LiteralDomain& domain,
                        const params::ParamsResult& found) {
  const Example& ex = subject.example;
  std::string include = a.subject.example.empty() ? ex.header : require_example(a.subject.example).header;
  std::string name = a.subject.example.empty() ? short_class_name(ex.target) : a.subject.example;
  std::string path = a.emit_gtest + "/" + name + "_params_test.cpp";
  emit::ReturnedValues returned = stable_results(api, domain, found, a);
  write_file_atomically(path, emit::suite_build_comment(subject.suites, path) +
                                  emit::params_gtest_file(api, domain, found, include, name + "_params", &returned));
  if (!a.quiet) std::fprintf(stderr, "objgen: wrote %s\n", path.c_str());
}

// The benchmarks in --emit-benchmark, run with --run-benchmarks; the sweeps' plot ("" when none).
std::string write_params_benchmarks(const ParamsArgs& a, const Example& ex, const Api& api, const LiteralDomain& domain,
                                    const ClassInfo& target, const params::ParamsResult& found, const std::vector<SweepRequest>& sweeps,
                                    TestRunner& runner) {
  std::vector<emit::BenchmarkSweep> resolved = resolve_sweeps(api, target.id, found, sweeps, runner, domain);
  BenchmarkTarget t{a.emit_benchmark, a.subject.example.empty() ? short_class_name(ex.target) : a.subject.example,
                    a.subject.example.empty() ? ex.header : require_example(a.subject.example).header, subject_build_flags(a.subject)};
  std::string::size_type bad;
  while ((bad = t.name.find_first_of("<>:, *&")) != std::string::npos) t.name[bad] = '_';
  write_benchmarks(api, domain, found, resolved, t);
  if (!a.quiet) std::fprintf(stderr, "objgen: wrote %s/%s_bench.cpp and CMakeLists.txt\n", t.dir.c_str(), t.name.c_str());
  std::string plot;
  if (a.run_benchmarks) run_benchmarks(api, t, &g_interrupted, a.quiet, &plot);
  return plot;
}

// The search's options: the command line's, the builders, what the repository holds.
params::ParamsOptions search_options(const ParamsArgs& a, Api& api, const LiteralDomain& domain, const ClassInfo& target,
                                     params::ParamsRepository* repo) {
  params::ParamsOptions po;
  po.builders = target_builders(a, api, target);
  po.tries = static_cast<uint32_t>(a.tries);
  po.samples = static_cast<uint32_t>(a.samples);
  po.seed = a.seed;
  po.time_limit_seconds = a.time_limit;
  po.interrupted = &g_interrupted;
  if (repo) use_repository(*repo, a, api, domain, target, po);
  if (!a.quiet && isatty(STDERR_FILENO))
    po.progress = [](size_t done, size_t total) {
      std::fprintf(stderr, "\robjgen: %zu/%zu methods", done, total);
      if (done == total) std::fprintf(stderr, "\n");
    };
  return po;
}

// The search, and with --baseline the baseline's (uniform random values, no repair) after it.
struct ParamsSearch {
  params::ParamsResult found;
  std::optional<params::ParamsResult> baseline;
  uint32_t tries = 0;
};

ParamsSearch search(const ParamsArgs& a, Api& api, const std::vector<uint32_t>& methods, const LiteralDomain& domain,
                    const ClassInfo& target, const std::vector<std::unique_ptr<TestRunner>>& runners, params::ParamsRepository* repo) {
  std::vector<TestRunner*> searchers;
  searchers.reserve(runners.size());
  for (const auto& r : runners) searchers.push_back(r.get());
  params::ParamsOptions po = search_options(a, api, domain, target, repo);
  ParamsSearch out{.tries = po.tries};
  catch_interrupts(true);
  out.found = params::find_parameters(api, methods, domain, searchers, po);
  if (a.baseline && !g_interrupted.load()) {
    po.heuristics = false;
    po.stored_inputs = nullptr;
    po.stored_values = nullptr;
    if (!a.quiet) std::fprintf(stderr, "objgen: baseline (uniform random values, no repair)\n");
    out.baseline = params::find_parameters(api, methods, domain, searchers, po);
  }
  catch_interrupts(false);
  return out;
}

// The summary, the reports, the smoke suite, the repository updated, the benchmarks.
void write_outputs(const ParamsArgs& a, const Subject& subject, const Api& api, const LiteralDomain& domain, const ClassInfo& target,
                   const ParamsSearch& r, params::ParamsRepository* repo, const std::vector<SweepRequest>& sweeps, TestRunner& runner) {
  const params::ParamsResult* baseline = r.baseline ? &*r.baseline : nullptr;
  std::printf("%s", emit::params_summary_text(api, r.found, baseline, a.verbose).c_str());
  // Its failed tries are how it learns legal inputs (a precondition broken, then repaired): none is
  // a finding, so its SARIF log and JUnit file list no check.
  nlohmann::json report = emit::params_report_json(api, domain, r.found, baseline, a.seed, r.tries);
  emit::CheckResults results = emit::check_results(api, "params", target.id, "");
  results.checks.clear();
  write_run_reports(a, report, results);
  if (!a.emit_gtest.empty()) write_params_suite(a, subject, api, domain, r.found);
  if (repo && !g_interrupted.load()) {
    try {
      repo->store(api, domain, target.name, r.found, r.found.fill_ran, r.found.fill_failed);
    } catch (const std::exception& e) {
      throw UsageError(std::string("cannot update the repository (left as it was): ") + e.what());
    }
  }
  if (!a.emit_benchmark.empty() && !g_interrupted.load()) {
    std::string plot = write_params_benchmarks(a, subject.example, api, domain, target, r.found, sweeps, runner);
    if (!plot.empty()) write_html_report(a, report, results, {plot});  // the page again, now with the sweeps
  }
}

int run_params(ParamsArgs& a) {
  validate(a);
  std::unique_ptr<params::ParamsRepository> repo = open_repository(a);
  if (a.show_repository) {
    std::printf("%s", repo->describe().c_str());
    return kExitOk;
  }
  a.subject.checks = a.checks != Checks::Off;
  const Subject subject = resolve_subject(a.subject, a.quiet);
  Api api;
  const ClassInfo& target = register_example(subject.example, api);
  std::vector<uint32_t> methods = methods_to_search(api, target.id, a.methods);
  std::vector<SweepRequest> sweeps;
  for (const std::string& s : a.sweeps) sweeps.push_back(parse_sweep(s));
  require_sweep_methods(api, target.id, sweeps, methods);
  LiteralDomain domain = params::params_domain(api);
  std::vector<std::unique_ptr<TestRunner>> runners = make_runners(a, subject, api, domain, target);
  ParamsSearch r = search(a, api, methods, domain, target, runners, repo.get());
  write_outputs(a, subject, api, domain, target, r, repo.get(), sweeps, *runners.front());
  return g_interrupted.load() ? kExitInterrupted : kExitOk;
}

}  // namespace

void add_params_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ParamsArgs>();
  auto* cmd = app.add_subcommand("params",
                                 "Legal receivers and arguments for every method (HeuriGenJ): heuristic values, then "
                                 "repairs chosen by how each failing call failed (docs/PARAMS.md)");
  add_subject_options(cmd, args->subject);
  add_run_options(cmd, *args,
                  {.methods_names = "--method,--methods",
                   .methods = "Methods to search: a,b or @file or all (default: every constructor, factory and method of the class)",
                   .threads = "Methods searched at once, each in a worker of its own (default 1: each method's search learns "
                              "from all before it; with N, from the waves of N before it); the same seed and N give the same report",
                   .call_timeout = "A call running longer than this is a hang (s)",
                   .call_timeout_default = 1.0,
                   .worker_memory_limit = "Memory the code under test may add to the worker; past it std::bad_alloc (a size failure)",
                   .worker_memory_limit_default = "2G",
                   .seed = "Random seed: the same seed gives the same report",
                   .seed_default = 1});
  cmd->add_option("--tries", args->tries, "Tries per method (the first, then repairs)")->default_val(16);
  cmd->add_option("--samples", args->samples,
                  "Inputs that run to find per method: after the first, more drawn the way it was (at most --tries "
                  "draws each); the report and the smoke suite list them all")
      ->default_val(1);
  cmd->add_option("--time-limit", args->time_limit, "Stop starting methods after this many seconds (0: none)")->default_val(0);
  add_choice_option(cmd, "--checks", args->checks, kChecks,
                    "asan: run the class built with -D_GLIBCXX_ASSERTIONS, UndefinedBehaviorSanitizer and AddressSanitizer "
                    "(in objgen-asan-worker), so silent undefined behaviour fails visibly; ubsan: without ASan (in objgen's "
                    "own workers, with its checked heap); off: as compiled. Checked builds need the header (--example is "
                    "rebuilt from its)");
  cmd->add_option("--builders", args->builders,
                  "What makes receivers non-empty: auto (the builders `objgen builders` identified, when cached; else "
                  "the harness's list), identify (identify them now, as `objgen builders` does), harness, or a builders file")
      ->default_val("auto");
  cmd->add_flag("--baseline", args->baseline, "Also run the baseline: uniformly random values, no heuristics, no repair, the same tries");
  cmd->add_option("--repository", args->repository,
                  "The learning repository (SQLite): inputs that ran are tried first next time, builder calls that "
                  "failed are avoided (default: params.sqlite in objgen's cache directory; none: no repository)");
  cmd->add_flag("--show-repository", args->show_repository, "Print what the repository holds, and exit");
  add_output_options(cmd, *args, {.emit_gtest = "Write a smoke suite (every method that ran, with its inputs) into this directory"});
  cmd->add_option("--emit-benchmark", args->emit_benchmark,
                  "Write a Google Benchmark suite (every method that ran, with its inputs) and its CMakeLists.txt here");
  cmd->add_option("--sweep", args->sweeps,
                  "Also time METHOD against the size of its receiver: METHOD:n=LO..HI (factors of 10), fitting its "
                  "complexity; again for more")
      ->allow_extra_args(false);
  cmd->add_flag("--run-benchmarks", args->run_benchmarks,
                "Build the suite (CMake, -O2, no sanitizers), run it, and print ns per call and each sweep's complexity");
  cmd->add_flag("--verbose,-v", args->verbose, "One line per method, with the causes seen and the repairs made");
  add_quiet_option(cmd, *args);
  cmd->callback([args, &exit_code] { exit_code = run_params(*args); });
}

}  // namespace objgen::cli
