#include "cli/evolve_search.hpp"

#include <cstdio>
#include <filesystem>
#include <utility>

#include "cli/cli_common.hpp"
#include "gen/evolve/evolve.hpp"
#include "gen/evolve/mut_coverage.hpp"
#include "gen/evolve/terminals.hpp"
#include "exec/test_runner.hpp"

namespace objgen::cli {

namespace {

std::chrono::steady_clock::time_point run_deadline(const Session& s) {
  if (s.budget <= 0) return {};
  auto start = std::chrono::steady_clock::now();
  if (*s.first_run_start != std::chrono::steady_clock::time_point{}) start = std::exchange(*s.first_run_start, {});
  return start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s.budget));
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

EvolvedMethod evolve_one(const Session& s, uint32_t op, bool purity) {
  EvolvedMethod m{op, s.api.operations()[op].signature(), purity};
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
  ro.worker_memory_limit_bytes = parse_size(s.a.worker_memory_limit, "--worker-memory-limit");
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
    eo.deadline = run_deadline(s);
    m.runs.push_back(evolve::evolve_method(trees, cfg, outcomes, runner, eo));
    if (r == 0 && s.seeding) m.seeded = s.seeding->stats();
  }
  return m;
}

}  // namespace objgen::cli
