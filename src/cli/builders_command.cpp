// objgen builders: which operations build every state (observers, hill climbing or the genetic
// algorithm, and a proof of sufficiency and minimality with --verify).
#include <fmt/format.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <optional>

#include <fmt/ranges.h>

#include "cli/builder_checks.hpp"
#include "cli/builders_printing.hpp"
#include "cli/choice_option.hpp"
#include "cli/cli_common.hpp"
#include "cli/run_reports.hpp"
#include "cli/run_args.hpp"
#include "cli/subject.hpp"
#include "io/atomic_file.hpp"
#include "emit/builders_report.hpp"
#include "exec/run_deadline.hpp"
#include "gen/builders/builders_file.hpp"
#include "gen/builders/identify.hpp"
#include "gen/builders/verify.hpp"
#include "model/selection.hpp"

namespace objgen::cli {

using builders::BuilderAlgorithm;
using builders::BuilderSearchOptions;
using builders::BuildersFile;
using builders::Identification;
using builders::Verification;

namespace {

const Choices<BuilderAlgorithm> kAlgorithms{{"hc", BuilderAlgorithm::HillClimbing}, {"ga", BuilderAlgorithm::Genetic}};

struct BuildersArgs : RunArgs, OutputArgs {
  std::string subject_name;
  BuilderAlgorithm algo = BuilderAlgorithm::HillClimbing;
  std::string given;
  std::string scope = "auto";
  double budget = 60;
  int fitness_scope = 4;
  builders::FitnessMeasure fitness = builders::FitnessMeasure::FieldExtensionsAndStates;
  double run_time_limit = 600;
  uint64_t fitness_calls = 10000;
  uint64_t observer_calls = 20000;
  int population = 30, generations = 20, replicas = 1;
  double crossover = 0.35, mutation = 0.08;
  bool verify = false;
  std::string verify_scopes = "auto";
  std::string output;
};

std::vector<std::string> nonempty_list(const std::string& spec, const char* option) {
  std::vector<std::string> names = read_method_list(spec);
  if (names.empty()) throw UsageError(std::string(option) + " names no method");
  return names;
}

std::vector<uint32_t> parse_scopes(const std::string& spec, const char* option = "--verify-scopes") {
  std::vector<uint32_t> out;
  for (const auto& s : split_list(spec)) {
    try {
      size_t used = 0;
      int v = std::stoi(s, &used);
      if (used != s.size() || v < 1 || v > 64) throw std::invalid_argument(s);
      out.push_back(static_cast<uint32_t>(v));
    } catch (const std::exception&) {
      throw UsageError(std::string("bad ") + option + " '" + spec + "': use scopes 1..64 separated by commas");
    }
  }
  if (out.empty()) throw UsageError(std::string(option) + " is empty");
  return out;
}

constexpr uint32_t kFirstScope = 3, kTopScope = 5;  // --scope auto: search at 3, prove up to 5

uint32_t climb_scope_of(const std::string& spec) {
  if (spec == "auto") return kFirstScope;
  std::vector<uint32_t> s = parse_scopes(spec, "--scope");
  if (s.size() != 1) throw UsageError("bad --scope '" + spec + "': use auto or one scope 1..64");
  return s[0];
}

BuilderSearchOptions search_options(const BuildersArgs& a, const Api& api, const ClassInfo& target, std::vector<uint32_t> ops) {
  if (a.fitness_scope < 1 || a.fitness_scope > 64) throw UsageError("scopes must be 1..64");
  if (!(a.budget > 0)) throw UsageError("--budget must be > 0 seconds");
  if (a.population < 1 || a.generations < 0 || a.replicas < 1) throw UsageError("bad GA parameters");
  if (a.fitness_calls == 0 || a.observer_calls == 0) throw UsageError("--fitness-calls and --observer-calls must be > 0");
  require_non_negative(a.run_time_limit, "--run-time-limit");
  if (a.crossover < 0 || a.crossover > 1 || a.mutation < 0 || a.mutation > 1)
    throw UsageError("--crossover and --mutation are rates in 0..1");
  BuilderSearchOptions o;
  o.target = target.id;
  o.operations = std::move(ops);
  o.omit = build_omit(a.omit_fields_of(target));
  o.seed = a.seed;
  o.workers = default_workers(a.threads, a.force);
  o.memory_limit_bytes = a.memory_limit_bytes();
  o.worker_memory_limit_bytes = a.worker_memory_limit_bytes();
  o.isolate = a.isolate();
  o.call_timeout_seconds = a.call_timeout;
  o.interrupted = &g_interrupted;
  o.observer_calls = a.observer_calls;
  o.fitness_scope = static_cast<uint32_t>(a.fitness_scope);
  o.fitness_calls = a.fitness_calls;
  o.measure = a.fitness;
  o.run_time_limit_seconds = a.run_time_limit;
  o.population = a.population;
  o.generations = a.generations;
  o.crossover_rate = a.crossover;
  o.mutation_rate = a.mutation;
  o.replicas = a.replicas;
  o.climb_scope = climb_scope_of(a.scope);
  o.literals = a.literals;
  if (!a.keep_representations) o.group_equal = builder_state_grouping(api, target.id, o);
  return o;
}

void write_outputs(const BuildersArgs& a, const Api& api, const ClassInfo& target, const BuilderSearchOptions& o, const Identification& id,
                   const std::optional<Verification>& v) {
  BuildersFile f = builders::builders_file_of(api, target, id, builders::api_hash(api, target.id, o.operations, a.omit_fields_of(target)),
                                              a.given.empty() ? builders::algorithm_name(id.algorithm) : "given", v);
  if (!a.output.empty()) builders::write_builders_file(a.output, f);
  emit::BuildersRunDescription run{a.subject_name, target.name, a.seed, o.operations, a.given.empty()};
  nlohmann::json report = emit::builders_report(api, run, id, v);
  write_run_reports(a, report, emit::builders_results(api, target.id, id));
}

// What writing the builders cache came to ("" error: written): a failure is a warning even with --quiet.
void say_cache_write(const std::string& path, const std::string& error, bool quiet) {
  if (!error.empty())
    std::fprintf(stderr, "objgen: warning: cannot cache builders (%s)\n", error.c_str());
  else if (!quiet)
    std::fprintf(stderr, "objgen: builders cached in %s\n", path.c_str());
}

// A finished search, not disproved, is what `--builders auto` would find from the same operations.
void cache_identified(const BuildersArgs& a, const Api& api, const ClassInfo& target, const BuilderSearchOptions& o,
                      const Identification& id, const std::optional<Verification>& v) {
  if (!a.given.empty() || !id.complete || g_interrupted.load() ||
      !a.literals.empty())  // `--builders auto` identifies with the default literals
    return;
  if (v && std::string(v->verdict()) == "disproved") return;
  builders::BuildersCacheKey key =
      builders::builders_cache_key(api, target, o.operations, a.omit_fields_of(target), a.keep_representations);
  BuildersFile f = builders::builders_file_of(api, target, id, key.hash, builders::algorithm_name(id.algorithm), v);
  say_cache_write(key.path, builders::write_builders_cache(key, f), a.quiet);
}

// Proofs at exactly these scopes; those the ladder already finished are reused.
Verification prove_at(const Api& api, const BuilderSearchOptions& o, const std::vector<uint32_t>& builders,
                      const std::vector<uint32_t>& scopes, const Verification& done) {
  std::vector<uint32_t> compared = builders::comparison_operations(api, o.operations, builders, o.target);
  Verification v;
  for (uint32_t s : scopes) {
    auto it = std::find_if(done.scopes.begin(), done.scopes.end(), [s](const builders::ScopeProof& p) { return p.scope == s; });
    if (it != done.scopes.end())
      v.scopes.push_back(*it);
    else
      v.scopes.push_back(builders::verify_builders(api, o, builders, compared, {s}).scopes.front());
  }
  return v;
}

// Search (or take the given builders), then the proofs: the ladder's within the budget for
// --verify-scopes auto, else exactly the scopes asked for.
struct SearchOutcome {
  Identification id;
  std::optional<Verification> proofs;
  std::string stopped;
};

SearchOutcome search_and_prove(const BuildersArgs& a, const Api& api, const BuilderSearchOptions& o, const std::vector<uint32_t>& given,
                               const std::vector<uint32_t>& scopes, double budget_left) {
  builders::IdentifyProgress progress = a.quiet ? builders::IdentifyProgress{} : progress_printer(api);
  bool auto_scope = a.scope == "auto", auto_proof = a.verify_scopes == "auto";
  SearchOutcome out;
  if (auto_scope || (a.verify && auto_proof)) {
    builders::LadderOptions lo;
    lo.budget_seconds = std::max(1.0, budget_left);
    lo.refine = auto_scope;
    lo.given = given;
    lo.top_scope = scopes.empty() ? std::max(kTopScope, o.climb_scope) : *std::max_element(scopes.begin(), scopes.end());
    if (!a.verify && !auto_scope) lo.top_scope = o.climb_scope;
    builders::LadderResult lr = builders::identify_by_ladder(api, o, a.algo, lo, progress);
    out.id = std::move(lr.id);
    out.stopped = std::move(lr.stopped);
    if (a.verify && auto_proof)
      out.proofs = std::move(lr.proofs);
    else if (a.verify) {
      BuilderSearchOptions narrowed = o;
      for (const builders::RuledOut& r : out.id.ruled_out) std::erase(narrowed.operations, r.op);
      out.proofs = prove_at(api, narrowed, out.id.builders, scopes, lr.proofs);
    }
  } else {
    if (given.empty())
      out.id = builders::identify_builders(api, o, a.algo, progress);
    else
      out.id.builders = given;
    BuilderSearchOptions narrowed = o;  // proofs compare against the API without what was ruled out
    for (const builders::RuledOut& r : out.id.ruled_out) std::erase(narrowed.operations, r.op);
    if (a.verify) out.proofs = prove_at(api, narrowed, out.id.builders, scopes, {});
  }
  return out;
}

void print_search(const BuildersArgs& a, const Api& api, const BuilderSearchOptions& o, const Identification& id) {
  print_classification(api, id.classification);
  if (!id.pruned.empty())
    std::printf("dropped from the GA's best set (no structure lost at the climbing scope): %s\n", signatures_of(api, id.pruned).c_str());
  for (const builders::RuledOut& r : id.ruled_out)
    std::printf("ruled out: %s: %s\n", api.operations()[r.op].signature().c_str(), r.evidence.c_str());
  std::printf("builders (%s, %.2f s)%s: %s\n", kAlgorithms.name(a.algo), id.seconds,
              id.complete ? "" : " (search stopped early: the best found so far)", signatures_of(api, id.builders).c_str());
  print_findings(api, o, id);
}

// The proofs, on stdout, with what they compared against and the verdict.
void print_proofs(const Api& api, const ClassInfo& target, const BuilderSearchOptions& o, const SearchOutcome& r) {
  bool narrowed = !builders::uses_implementation_members(api, r.id.builders, target.id) &&
                  builders::own_interface(api, o.operations, target.id).size() < o.operations.size();
  print_verification(api, *r.proofs, narrowed ? "the class's own interface (implementation members left out)" : "the whole API");
  if (!r.stopped.empty()) std::printf("not proven beyond: %s\n", r.stopped.c_str());
  std::printf("verdict: %s\n", r.proofs->verdict());
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The arguments checked before the harness is built (it may take minutes).
std::vector<uint32_t> checked_arguments(const BuildersArgs& a) {
  apply_run_args(a);
  require_writable_outputs(a);
  require_writable_file(a.output);
  std::vector<uint32_t> scopes = a.verify && a.verify_scopes != "auto" ? parse_scopes(a.verify_scopes) : std::vector<uint32_t>{};
  climb_scope_of(a.scope);
  literal_domain(1, Api{}, a.literals);
  return scopes;
}

int run_builders(BuildersArgs& a) {
  auto start = std::chrono::steady_clock::now();  // the budget covers building the harness too
  std::vector<uint32_t> scopes = checked_arguments(a);
  const Subject subject = resolve_subject(a.subject, a.quiet);
  a.subject_name = subject.example.name;
  Api api;
  const ClassInfo& target = register_example(subject.example, api);
  apply_misuse_options(a, api);
  BuilderSearchOptions o = search_options(a, api, target, select_methods(api, target.id, nonempty_list(a.methods, "--methods")));
  require_constructible(api, target.id, o.operations);
  std::vector<uint32_t> given;
  if (!a.given.empty()) given = select_methods(api, target.id, nonempty_list(a.given, "--builders"), false);
  if (given.empty())
    o.check_contracts = builder_contract_checks(api, target.id, o.omit, o.call_timeout_seconds, o.worker_memory_limit_bytes);
  catch_interrupts(true);
  // The budget bounds the search and proofs (--scope or --verify-scopes auto), and the command with them.
  if (a.scope == "auto" || (a.verify && a.verify_scopes == "auto"))
    set_run_deadline(run_deadline_after(a.budget, o.call_timeout_seconds, start));
  if (!a.quiet && given.empty())
    std::fprintf(stderr, "objgen: builders of %s by %s from %zu operations, %d workers, scope %s, budget %.0f s\n", target.name.c_str(),
                 kAlgorithms.name(a.algo), o.operations.size(), o.workers, a.scope.c_str(), a.budget);
  SearchOutcome r = search_and_prove(a, api, o, given, scopes, a.budget - seconds_since(start));
  if (given.empty()) {
    confirm_identification_findings(api, o, r.id);
    print_search(a, api, o, r.id);
  }
  if (r.proofs && !g_interrupted.load()) print_proofs(api, target, o, r);
  catch_interrupts(false);
  write_outputs(a, api, target, o, r.id, r.proofs);
  cache_identified(a, api, target, o, r.id, r.proofs);
  if (g_interrupted.load()) return kExitInterrupted;
  return r.proofs && std::string(r.proofs->verdict()) == "disproved" ? kExitDisproved : kExitOk;
}

}  // namespace

namespace {

// The search's checks on states, bound from gen/oracles (cli/builder_checks.hpp).
void bind_builder_checks(Api& api, BuilderSearchOptions& o, bool group_equal, bool check_contracts) {
  if (group_equal) o.group_equal = builder_state_grouping(api, o.target, o);
  if (check_contracts)
    o.check_contracts = builder_contract_checks(api, o.target, o.omit, o.call_timeout_seconds, o.worker_memory_limit_bytes);
}

}  // namespace

BuildersRequest builders_request(const std::string& spec, const std::string& methods, const Api& api, const std::string& omit_fields,
                                 int workers, bool isolate, bool quiet) {
  BuildersRequest r;
  r.spec = spec;
  r.omit_fields = omit_fields;
  r.workers = workers;
  r.isolate = isolate;
  r.quiet = quiet;
  r.interrupted = &g_interrupted;
  if (!quiet) r.progress = progress_printer(api);
  r.bind_checks = bind_builder_checks;
  if (methods.empty()) return r;
  std::vector<std::string> names = read_method_list(methods);
  MethodList list = split_exclusions(names);
  if (list.included.size() != 1 || list.included[0] != "all")
    throw UsageError(
        "give --methods or --builders, not both (beside --builders, --methods may only leave "
        "operations out: --methods=-name or all,-name)");
  try {
    r.excluded = excluded_operations(api, names);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return r;
}

ResolvedBuilders resolve_builders(Api& api, const ClassInfo& target, const BuildersRequest& r) {
  build_omit(r.omit_fields);  // a malformed pattern is a usage error here, before gen/builders compiles it
  std::string unusable;
  std::optional<ResolvedBuilders> known;
  try {
    known = builders::known_builders(api, target, r, &unusable);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());  // the builders file given
  }
  if (!unusable.empty()) std::fprintf(stderr, "objgen: ignoring unusable builders cache %s\n", unusable.c_str());
  if (known && known->from == ResolvedBuilders::From::Cache) {
    if (!r.quiet) {
      print_ruled_out(known->file);
      std::fprintf(stderr, "objgen: builders reused from %s, %s\n", known->cache_path.c_str(), verdict_line(known->file).c_str());
    }
    builders::find_ruled_out_again(api, target, r, *known);
  }
  if (known) return std::move(*known);
  if (!r.quiet) std::fprintf(stderr, "objgen: identifying builders of %s (hill climbing)\n", target.name.c_str());
  ResolvedBuilders found = builders::identify_builders_for_run(api, target, r);
  if (g_interrupted.load()) throw Interrupted("interrupted while identifying builders; nothing written");
  if (found.operations.empty()) throw UsageError("no operation of " + target.name + " builds it: no builders");
  if (!r.quiet) {
    print_ruled_out(found.file);
    if (!found.complete || found.file.verdict == "disproved")
      std::fprintf(
          stderr, "objgen: builders %s, not cached\n",
          found.complete ? ("of a search the proofs disproved (" + verdict_line(found.file) + ")").c_str() : "from an incomplete search");
    else
      std::fprintf(stderr, "objgen: builders identified in %.1f s, %s%s\n", found.file.seconds, verdict_line(found.file).c_str(),
                   found.stopped.empty() ? "" : (" (" + found.stopped + ")").c_str());
  }
  if (found.cached || !found.cache_error.empty()) say_cache_write(found.cache_path, found.cache_error, r.quiet);
  return found;
}

void add_builders_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BuildersArgs>();
  auto* cmd = app.add_subcommand("builders",
                                 "Identify a sufficient and minimal set of builder methods (observers, "
                                 "hill climbing or a genetic algorithm), and prove it with --verify");
  add_subject_options(cmd, a->subject);
  add_choice_option(cmd, "--algo", a->algo, kAlgorithms,
                    "hc: hill climbing on exhaustive counts; ga: genetic algorithm on field extensions");
  cmd->add_option("--builders", a->given, "Skip the search and verify these builders (a,b,c or @file)");
  cmd->add_option("--scope", a->scope,
                  "Hill climbing: scope of the exhaustive runs; auto: climb at 3, then prove the builders at 4 and 5 "
                  "within --budget, climbing on at a scope where a state is missing")
      ->default_val("auto");
  add_run_options(cmd, *a,
                  {.methods = "The API to choose from: a,b,c or @file or all; -name leaves one out (all,-name)",
                   .methods_default = "all",
                   .omit_fields = "Regex of fields left out of state matching",
                   .literals = true,
                   .threads = "Workers (default: all cores); results do not depend on it",
                   .isolation = true,
                   .memory_limit = "objgen's own memory per exhaustive run (past it the run stops: no proof; default half the "
                                   "machine's memory); when given, also the default --worker-memory-limit",
                   .misuse = true,
                   .validation_errors = true,
                   .seed = "Random seed (results are deterministic for a seed)"});
  cmd->add_option("--budget", a->budget, "Seconds for search and proofs when --scope or --verify-scopes is auto")->default_val(60);
  cmd->add_option("--fitness-scope", a->fitness_scope, "GA: scope k of the field-extension fitness")->default_val(4);
  static const Choices<builders::FitnessMeasure> kMeasures{{"fields", builders::FitnessMeasure::FieldExtensions},
                                                           {"fields+states", builders::FitnessMeasure::FieldExtensionsAndStates}};
  add_choice_option(cmd, "--fitness", a->fitness, kMeasures,
                    "GA: what the fitness counts: fields (field-extension values, as the paper) or "
                    "fields+states (also distinct states)");
  cmd->add_option("--run-time-limit", a->run_time_limit,
                  "Each exhaustive run of climbing or --verify stops after this many seconds (then: no proof)")
      ->default_val(600);
  cmd->add_option("--fitness-calls", a->fitness_calls, "GA: random calls per fitness evaluation")->default_val(10000);
  cmd->add_option("--observer-calls", a->observer_calls, "Random calls per observer-detection run (two runs)")->default_val(20000);
  cmd->add_option("--population", a->population, "GA: population size")->default_val(30);
  cmd->add_option("--generations", a->generations, "GA: generations")->default_val(20);
  cmd->add_option("--crossover", a->crossover, "GA: crossover rate")->default_val(0.35);
  cmd->add_option("--mutation", a->mutation, "GA: per-gene mutation rate")->default_val(0.08);
  cmd->add_option("--replicas", a->replicas, "GA: populations evolved side by side per generation")->default_val(1);
  cmd->add_flag("--verify", a->verify, "Prove sufficiency and minimality by exhaustive generation");
  cmd->add_option("--verify-scopes", a->verify_scopes,
                  "Scopes of the proof; auto: from the climbing scope up to 5, each while --budget allows")
      ->default_val("auto");
  cmd->add_option("-o,--output", a->output, "Write the builders file here (for exhaustive --builders FILE)");
  cmd->add_flag("--keep-representations", a->keep_representations,
                "Prove the builders on canonical forms: states the class's operator== calls equal stay apart (by default "
                "a state the builders build equal to one the API builds is no state missing, as exhaustive counts them)");
  add_output_options(cmd, *a, {});
  add_quiet_option(cmd, *a);
  cmd->callback([a, &exit_code] { exit_code = run_builders(*a); });
}

}  // namespace objgen::cli
