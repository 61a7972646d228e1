// objgen_bench_builders: builder identification on every bundled example, given its whole API.
//
// Part 1: hill climbing and the genetic algorithm, their times against our targets (HC <= 10 s,
// GA <= 60 s per example), and the proof (--verify) of each result at the proof scopes.
// Part 2 (seed 000, Table 3 shape): Randoop-style random generation for the same time budget
// with the whole API and with the builders: distinct objects and the largest object built.
// See bench/README.md for a measured run.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gen/builders/identify.hpp"
#include "gen/builders/verify.hpp"
#include "gen/random/random_batch.hpp"
#include "model/selection.hpp"
#include "objgen/example.hpp"

namespace {

using namespace objgen;

struct Case {
  std::string example;
  uint32_t climb_scope;
  std::vector<uint32_t> proof_scopes;
};

// fibheap: meld makes the whole API's state space at scope 5 too large to enumerate (over 42,000
// states and still growing after 5 minutes, with a quadratic number of meld pairs), so its
// climbing and proofs use scopes up to 4.
std::vector<Case> cases(bool quick) {
  std::vector<uint32_t> proof = quick ? std::vector<uint32_t>{4} : std::vector<uint32_t>{4, 5};
  std::vector<Case> out;
  for (const char* e : {"ncl", "sll", "dll", "bintree", "avl", "rbt", "binheap", "stdset"}) out.push_back({e, 5, proof});
  out.push_back({"fibheap", 4, quick ? std::vector<uint32_t>{4} : std::vector<uint32_t>{3, 4}});
  return out;
}

struct Subject {
  Api api;
  builders::BuilderSearchOptions options;
};

std::unique_ptr<Subject> load(const Case& c, uint64_t seed, int workers) {
  auto s = std::make_unique<Subject>();
  const Example* ex = find_example(c.example);
  ex->register_api(s->api);
  const ClassInfo* target = s->api.find_class(ex->target);
  s->options.target = target->id;
  s->options.operations = select_operations(s->api, target->id, {"all"});
  if (!target->omit_fields.empty()) s->options.omit = std::make_shared<const std::regex>(target->omit_fields);
  s->options.seed = seed;
  s->options.workers = workers;
  s->options.climb_scope = c.climb_scope;
  return s;
}

std::string short_names(const Api& api, const std::vector<uint32_t>& ops) {
  std::vector<std::string> out;
  for (uint32_t op : ops) out.push_back(api.operations()[op].name);
  return fmt::format("{}", fmt::join(out, ","));
}

std::string proof_text(const builders::Verification& v) {
  std::string s;
  for (const auto& p : v.scopes)
    s += fmt::format("{}{}:{}{}", s.empty() ? "" : " ", p.scope, p.sufficient ? "S" : "s!", p.minimal ? "M" : "m!");
  return s;
}

struct RandomFigures {
  uint64_t objects = 0;
  uint32_t largest = 0;
  uint64_t calls = 0;
};

RandomFigures random_run(const Subject& s, const std::vector<uint32_t>& ops, double budget, uint64_t seed) {
  random::RandomOptions r;
  r.operations = ops;
  r.target = s.options.target;
  r.scope = 1u << 20;  // no bound: Randoop builds objects as large as it can
  r.domain = LiteralDomain::defaults(100);
  r.omit = s.options.omit;
  r.seed = seed;
  r.max_calls = 0;
  r.time_limit_seconds = budget;
  auto res = random::run_random_batch(s.api, {r}, {1, true, 5.0});
  return {res[0].target_states, res[0].largest_object, res[0].calls};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"objgen_bench_builders: builder identification and random generation with builders vs the whole API"};
  bool quick = false;
  double budget = 5;
  uint64_t seed = 0;
  int workers = 2;
  std::string only;
  app.add_flag("--quick", quick, "Proofs at scope 4 only and a 0.5 s random budget (CI smoke test)");
  app.add_option("--budget", budget, "Seconds of random generation per configuration")->default_val(5);
  app.add_option("--seed", seed, "Random seed")->default_val(0);
  app.add_option("--threads", workers, "Workers")->default_val(2);
  app.add_option("--example", only, "Only this example");
  CLI11_PARSE(app, argc, argv);
  if (quick) budget = 0.5;

  int failures = 0;
  std::printf("Builder identification from the whole API (seed %llu, %d workers)\n", static_cast<unsigned long long>(seed), workers);
  std::printf("%-8s %4s %4s  %-28s %6s %-4s  %-28s %6s %-4s  %-13s %-13s\n", "example", "API", "obs", "hill climbing", "s", "<=10",
              "genetic algorithm", "s", "<=60", "proof hc", "proof ga");
  struct Row {
    std::string example;
    std::unique_ptr<Subject> subject;
    std::vector<uint32_t> builders;
  };
  std::vector<Row> rows;
  for (const Case& c : cases(quick)) {
    if (!only.empty() && c.example != only) continue;
    auto s = load(c, seed, workers);
    builders::Identification hc = builders::identify_builders(s->api, s->options, builders::BuilderAlgorithm::HillClimbing);
    builders::Identification ga = builders::identify_builders(s->api, s->options, builders::BuilderAlgorithm::Genetic);
    builders::Verification vh = builders::verify_builders(s->api, s->options, hc.builders, s->options.operations, c.proof_scopes);
    builders::Verification vg = builders::verify_builders(s->api, s->options, ga.builders, s->options.operations, c.proof_scopes);
    bool ok = vh.sufficient() && vh.minimal() && vg.sufficient() && vg.minimal();
    failures += ok ? 0 : 1;
    std::printf("%-8s %4zu %4zu  %-28s %6.2f %-4s  %-28s %6.2f %-4s  %-13s %-13s\n", c.example.c_str(), s->options.operations.size(),
                hc.classification.observers().size(), short_names(s->api, hc.builders).c_str(), hc.seconds,
                hc.seconds <= 10 ? "ok" : "MISS", short_names(s->api, ga.builders).c_str(), ga.seconds, ga.seconds <= 60 ? "ok" : "MISS",
                proof_text(vh).c_str(), proof_text(vg).c_str());
    std::fflush(stdout);
    rows.push_back({c.example, std::move(s), hc.builders});
  }
  std::printf("(proof: scope:S sufficient, M minimal; s!/m! disproved)\n\n");

  std::printf("Random generation, %.1f s each: whole API (API) vs hill-climbing builders (BLD), ints 0..99, no scope\n", budget);
  std::printf("%-8s %12s %8s %12s %8s   %-7s %-7s\n", "example", "API objects", "largest", "BLD objects", "largest", "more", "larger");
  for (const auto& row : rows) {
    const Subject& s = *row.subject;
    RandomFigures api = random_run(s, s.options.operations, budget, seed);
    RandomFigures bld = random_run(s, row.builders, budget, seed);
    bool more = bld.objects > api.objects, larger = bld.largest > api.largest;
    std::printf("%-8s %12llu %8u %12llu %8u   %-7s %-7s\n", row.example.c_str(), static_cast<unsigned long long>(api.objects), api.largest,
                static_cast<unsigned long long>(bld.objects), bld.largest, more ? "yes" : "NO", larger ? "yes" : "NO");
    std::fflush(stdout);
  }
  if (failures) std::printf("\n%d example(s) with a result that is not proven sufficient and minimal\n", failures);
  return failures ? 1 : 0;
}
