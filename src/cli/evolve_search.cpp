#include "exec/run_deadline.hpp"
#include "cli/evolve_search.hpp"

#include <cstdio>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <thread>
#include <utility>

#include "cli/cli_common.hpp"
#include "gen/evolve/evolve.hpp"
#include "gen/evolve/mut_coverage.hpp"
#include "gen/evolve/terminals.hpp"
#include "exec/sequence.hpp"
#include "exec/test_runner.hpp"

namespace objgen::cli {

namespace {

// When a run of the search ends: --budget from its start (the first run's: the command's).
std::chrono::steady_clock::time_point budget_end(const Session& s) {
  if (s.budget <= 0) return {};
  auto start = std::chrono::steady_clock::now();
  if (*s.first_run_start != std::chrono::steady_clock::time_point{}) start = std::exchange(*s.first_run_start, {});
  return start + clock_seconds(s.budget);
}

// The GP search's options (eCrash's parameters).
void add_search_options(CLI::App* cmd, const std::shared_ptr<EvolveArgs>& args) {
  add_choice_option(cmd, "--purity", args->purity, kPurityModes, "Purity reduction of the function set: on, off, or both (compare)");
  cmd->add_option("--generations", args->generations, "Generation limit per run (default 100; unlimited with --budget)")
      ->default_val(100)
      ->each([args](const std::string&) { args->generations_given = true; });
  cmd->add_option("--population", args->population, "Test cases per generation")->default_val(10);
  cmd->add_option("--runs", args->runs, "Independent runs per method (seeds seed, seed+1, ...)")->default_val(1);
  cmd->add_option("--reproduction", args->p_reproduction, "Breeding probability of reproduction")->default_val(0.33);
  cmd->add_option("--crossover", args->p_crossover, "Breeding probability of subtree crossover")->default_val(0.33);
  cmd->add_option("--mutation", args->p_mutation, "Breeding probability of point mutation")->default_val(0.34);
  cmd->add_option("--distance-weight", args->distance_weight,
                  "Add this times the nearest branch distance to an uncovered node to the fitness (0: the paper's)")
      ->default_val(0);
}

// Seeding, constant pools, local search and the limits of a run.
void add_seeding_options(CLI::App* cmd, const std::shared_ptr<EvolveArgs>& args) {
  add_choice_option(cmd, "--seeding", args->seeding, kSeedingModes,
                    "evoobj: insert test templates built from each uncovered branch's object construction graph "
                    "(docs/SEEDING.md); off: eCrash alone");
  add_choice_option(cmd, "--fitness", args->fitness, kFitnessKinds,
                    "nodes: eCrash's CFG node weights (the paper's); branch: approach level + branch distance to the "
                    "nearest uncovered node (EvoSuite's)");
  cmd->add_option("--p-app", args->p_app, "Seeding: probability per generation of inserting a template")->default_val(0.3);
  cmd->add_option("--p-constant", args->p_constant,
                  "Probability that a new primitive value comes from the method's constant pool (what it and "
                  "its callees compare with: ints of any size, doubles, strings) instead of all terminals")
      ->default_val(0.5);
  add_choice_option(cmd, "--coverage-scope", args->coverage_scope, kCoverageScopes,
                    "What a method's coverage counts: class (its own body, eCrash's), header (also the functions it "
                    "calls, transitively, written in the header's directory), library (also any it calls but the "
                    "standard library's)");
  cmd->add_option("--dynamic-pool", args->dynamic_pool,
                  "Values seen at run time on either side of a comparison that decides an uncovered branch join "
                  "the constant pool, up to this many per run (EvoSuite's dynamic pool; 0: off)")
      ->default_val(256);
  add_choice_option(cmd, "--local-search", args->local_search, kLocalSearchModes,
                    "on: move the numbers of the test case nearest to an uncovered branch towards it (alternating "
                    "variable method, by branch distance); auto: on with --fitness branch or --seeding evoobj");
  cmd->add_option("--seed-depth", args->seed_depth, "Seeding: nested calls the graph analysis follows")->default_val(5);
  cmd->add_option("--max-test-length", args->max_test_length, "Calls per test case (tree size limit)")->default_val(40);
  cmd->add_option("--max-depth", args->max_depth,
                  "Tree depth limit (eCrash: 8); objects built layer by layer (a CV with six awards in a supervisor "
                  "of a student) need more, with or without seeding")
      ->default_val(8);
  cmd->add_option("--budget", args->budget,
                  "Wall-clock seconds per run, analysis and templates included (the first run's also counts the "
                  "harness build); generations are then unlimited unless given; minimizing what the search found "
                  "takes one such budget at most (the rest is reported as found)");
  cmd->add_option("--show-graph", args->show_graph,
                  "Print the object construction graph (DOT), the writers and a template (C++) for the nodes of "
                  "METHOD starting at LINE, e.g. isWorthy:72, and exit");
}

}  // namespace

std::string scope_directory(const SubjectArgs& s) {
  if (s.header.empty() || s.header.front() == '<') return "";
  return std::filesystem::absolute(s.header).parent_path().lexically_normal().string();
}

bool uses_local_search(const EvolveArgs& a) {
  return a.local_search == LocalSearchMode::On ||
         (a.local_search == LocalSearchMode::Auto &&
          (a.fitness == evolve::EvolveOptions::Fitness::Branch || a.seeding == SeedingMode::EvoObj));
}

evolve::TreeLimits tree_limits(const EvolveArgs& a) {
  evolve::TreeLimits limits;
  limits.max_calls = static_cast<size_t>(a.max_test_length);
  limits.max_depth = a.max_depth;
  limits.small_steps = a.seeding == SeedingMode::EvoObj;
  return limits;
}

emit::EvolvedMethod evolve_one(const Session& s, uint32_t op, bool purity) {
  emit::EvolvedMethod m{op, s.api.operations()[op].signature(), purity};
  int fn = evolve::find_operation_function(s.map, s.api.operations()[op]);
  if (fn < 0) {
    std::fprintf(stderr, "objgen: %s has no instrumented body (defined outside the class?); skipped\n", m.signature.c_str());
    return m;
  }
  const cover::ScopedCfg scoped = cover::scoped_cfg(s.map, static_cast<uint32_t>(fn), s.scope, s.scope_directory);
  const cover::CoveredFunction& cfg = scoped.cfg;
  for (const auto& n : cfg.nodes) {
    m.targets += n.target;
    m.target_lines.push_back(n.line);
  }
  for (const cover::ScopedPart& part : scoped.parts) m.scope_functions.push_back(s.map.functions[part.function].name);
  RunnerOptions ro;
  for (const cover::ScopedPart& part : scoped.parts)
    ro.coverage.push_back({part.function, static_cast<uint32_t>(s.map.functions[part.function].nodes.size()), part.map_outcome_begin,
                           part.outcome_count, part.map_site_begin, part.site_count});
  std::vector<evolve::OutcomeTarget> outcomes = evolve::outcome_targets(s.map, scoped);
  ro.call_timeout_seconds = s.a.call_timeout;
  ro.worker_memory_limit_bytes = s.a.worker_memory_limit_bytes();
  TestRunner runner(s.api, s.terminals, ro);
  evolve::TreeFactory trees(s.api, *s.domains[purity], s.terminals, op, tree_limits(s.a));
  auto pool = s.pools->find(op);  // none: the dynamic pool may still fill it
  trees.set_constant_bias(
      evolve::constant_bias(s.terminals, pool != s.pools->end() ? pool->second : analysis::ConstantPool{}, s.a.p_constant));
  if (!trees.can_build()) {
    std::fprintf(stderr, "objgen: no function set entry builds the inputs of %s; skipped\n", m.signature.c_str());
    return m;
  }
  evolve::EvolveOptions eo;
  eo.population = s.a.population;
  eo.generations = s.a.generations;
  eo.p_reproduction = s.a.p_reproduction;
  eo.p_crossover = s.a.p_crossover;
  eo.p_mutation = s.a.p_mutation;
  eo.distance_weight = s.a.distance_weight;
  eo.limits = tree_limits(s.a);
  eo.fitness = s.a.fitness;
  eo.p_app = s.a.p_app;
  eo.local_search = uses_local_search(s.a);
  eo.dynamic_pool = static_cast<uint32_t>(s.a.dynamic_pool);
  runner.allow_growth(s.terminals);
  m.seeding = kSeedingModes.name(s.a.seeding);
  if (s.seeding) s.seeding->attach(s.map.functions[fn], *s.domains[purity], trees, eo.limits.max_calls, eo);
  for (int r = 0; r < s.a.runs && !g_interrupted.load(); ++r) {
    eo.seed = s.a.seed + static_cast<uint64_t>(r);
    eo.deadline = budget_end(s);
    // An evaluation under way at the deadline is cut one call's timeout later (hanging calls).
    if (eo.deadline != std::chrono::steady_clock::time_point{}) runner.set_deadline(eo.deadline + clock_seconds(s.a.call_timeout));
    m.runs.push_back(evolve::evolve_method(trees, cfg, outcomes, runner, eo));
    if (r == 0 && s.seeding) m.seeded = s.seeding->stats();
  }
  return m;
}

namespace {

// The values `grown` holds past those of `before` join `into`, those it lacks, in order.
void merge_grown(const LiteralDomain& before, const LiteralDomain& grown, LiteralDomain& into) {
  for (LiteralKind kind : {LiteralKind::Int, LiteralKind::Double, LiteralKind::Char, LiteralKind::Bool, LiteralKind::String}) {
    const std::vector<Literal>& values = grown.of(kind);
    for (size_t i = before.of(kind).size(); i < values.size(); ++i)
      if (!index_of_value(into.of(kind), values[i])) into.add(values[i]);
  }
}

// A search's sequences, numbered in its own terminals (`from`; a finding's in the domain it
// carries), renumbered into `to`, which holds all their values.
void renumber(const Api& api, emit::EvolvedMethod& m, const LiteralDomain& from, const LiteralDomain& to) {
  auto move = [&](FlatSequence& seq, const LiteralDomain& numbered_in) {
    std::optional<FlatSequence> there = with_domain(api, seq, numbered_in, to);
    if (!there) throw std::logic_error("evolve --threads: a value a search kept is missing from the merged terminals");
    seq = std::move(*there);
  };
  for (evolve::EvolveResult& r : m.runs) {
    for (evolve::CoveringTest& t : r.test_set) move(t.sequence, from);
    for (SequenceFinding& f : r.findings) {
      for (FlatSequence& h : f.history) move(h, f.domain);
      move(f.sequence, f.domain);
      f.domain = to;
    }
  }
}

// One wave: the searches side by side, each in a thread with a copy of the terminals; then their
// values merged and their sequences renumbered, in order.
std::vector<emit::EvolvedMethod> run_wave(Session& s, const MethodSearch* searches, size_t n, bool first_wave) {
  std::vector<LiteralDomain> domains(n, s.terminals);
  std::vector<std::chrono::steady_clock::time_point> starts(n);  // none: each run's budget counts from its start
  if (first_wave) starts[0] = *s.first_run_start;
  std::vector<emit::EvolvedMethod> results(n);
  std::vector<std::exception_ptr> errors(n);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      Session own{s.a,      s.api,      s.map,   domains[i],       {s.domains[0], s.domains[1]}, nullptr, s.pools,
                  s.budget, &starts[i], s.scope, s.scope_directory};
      try {
        results[i] = evolve_one(own, searches[i].op, searches[i].purity);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  for (std::thread& t : threads) t.join();
  if (first_wave) *s.first_run_start = {};
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  const LiteralDomain before = s.terminals;
  for (size_t i = 0; i < n; ++i) merge_grown(before, domains[i], s.terminals);
  for (size_t i = 0; i < n; ++i) renumber(s.api, results[i], domains[i], s.terminals);
  return results;
}

}  // namespace

void evolve_methods(Session& s, const std::vector<MethodSearch>& searches, int threads,
                    const std::function<void(emit::EvolvedMethod)>& done) {
  const size_t wave = s.seeding ? 1 : static_cast<size_t>(std::max(1, threads));
  for (size_t at = 0; at < searches.size() && !g_interrupted.load(); at += wave) {
    if (wave == 1) {
      done(evolve_one(s, searches[at].op, searches[at].purity));
      continue;
    }
    for (emit::EvolvedMethod& m : run_wave(s, &searches[at], std::min(wave, searches.size() - at), at == 0)) done(std::move(m));
  }
}

void add_evolve_options(CLI::App* cmd, const std::shared_ptr<EvolveArgs>& args) {
  add_run_options(cmd, *args,
                  {.methods_names = "--method,--methods",
                   .methods = "Methods under test: a,b or @file or all (default: every public method of the class)",
                   .threads = "Methods searched at once, each with a test runner of its own (default 1: each method's search "
                              "starts from the terminals the ones before it kept, eCrash's loop; N: in waves of N, each from "
                              "the terminals as its wave began; the same seed and N give the same results)",
                   .call_timeout_default = 1.0,
                   .validation_errors = true,
                   .seed = "Random seed: the same seed gives the same runs"});
  add_search_options(cmd, args);
  add_output_options(cmd, *args,
                     {.emit_gtest = "Write the covering test sets as a GoogleTest file into this directory (and the broken contracts, "
                                    "minimized, as <name>_evolve_failures_test.cpp)"});
  cmd->add_option("--plot", args->plot, "Write an SVG plot of CFG nodes remaining per generation (mean of the runs)");
  add_finding_options(cmd, *args);
  cmd->add_flag("--show-domain", args->show_domain, "Print the function sets with and without purity");
  add_seeding_options(cmd, args);
  add_quiet_option(cmd, *args);
}

}  // namespace objgen::cli
