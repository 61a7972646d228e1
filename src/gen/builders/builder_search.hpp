// Builder identification (seed 000 and BEAPI §3.3): find a small set of operations that builds
// every state the whole API builds, so that generators combine only those.
//
//   classify_operations  observers leave the search (observers.hpp)
//   genetic_builders     GA on field-extension fitness (genetic.hpp)
//   climb_builders       hill climbing on exhaustive structure counts (hill_climbing.hpp)
//   verify_builders      proof of sufficiency and minimality at given scopes (verify.hpp)
#pragma once

#include "gen/random/random_batch.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <cstdint>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "gen/exhaustive/exhaustive.hpp"
#include "gen/random/random_generator.hpp"
#include "heap/found_states.hpp"
#include "objgen/api.hpp"

namespace objgen::builders {

// Weights of the tie-breaking term of the fitness (seed 000 §4.2).
struct FitnessWeights {
  double fewer_methods = 2;      // w1
  double simpler_params = 1;     // w2
  double object_param_cost = 2;  // w3: an object parameter costs this many primitive ones
};

// What the GA's fitness counts (besides the tie-breaking term). The paper counts field-extension
// values only; they cannot tell apart sets whose structures differ only in how known field
// values combine (a red-black tree's remove yields no field value add does not, at any small
// scope), so by default distinct states are counted too.
enum class FitnessMeasure { FieldExtensions, FieldExtensionsAndStates };

struct BuilderSearchOptions {
  ClassId target = 0;
  std::vector<uint32_t> operations;  // the API to choose from
  LiteralSpec literals;              // --ints, --strings, ...: every run's literal domain
  std::shared_ptr<const std::regex> omit;
  uint64_t seed = 0;
  int workers = 1;
  bool isolate = true;
  double call_timeout_seconds = 2.0;
  const std::atomic<bool>* interrupted = nullptr;
  // Observer detection: random calls per run, two runs.
  uint32_t observer_scope = 5;
  uint64_t observer_calls = 20000;
  // Genetic algorithm: fitness = field extensions of random generation at fitness_scope.
  uint32_t fitness_scope = 4;
  uint64_t fitness_calls = 10000;
  FitnessWeights weights;
  FitnessMeasure measure = FitnessMeasure::FieldExtensionsAndStates;
  int population = 30;
  int generations = 20;
  double crossover_rate = 0.35;
  double mutation_rate = 0.08;
  int replicas = 1;  // populations evolved side by side each generation, then merged
  // Hill climbing: structures found by exhaustive generation at this scope.
  uint32_t climb_scope = 5;
  // Each exhaustive run of climbing and verification stops after this long (0: never); a run
  // that stops proves nothing and says so.
  double run_time_limit_seconds = 0;
  // Every exhaustive run stops by this time too (a budget for a whole search); default: none.
  std::chrono::steady_clock::time_point deadline{};
  // objgen's own memory for each exhaustive run (past it the run stops: no proof), and what the
  // code under test may add to a worker (0: no limit).
  size_t memory_limit_bytes = 0;
  size_t worker_memory_limit_bytes = 0;
  // Contract checks on states of the target (the CLI binds src/gen/oracles); without them only
  // invariant findings show that a set of builders corrupts (ruling_out.hpp).
  std::function<std::vector<SequenceFinding>(const std::vector<FlatSequence>& states, const LiteralDomain& domain)> check_contracts;
  // Leave out of the set a builder whose states break checks a set without it does not break.
  bool rule_out_corrupting = true;
  // The target's states of a run grouped under its operator== (the CLI binds
  // src/gen/oracles/equal_states), within max_seconds: per state of found.target_states(), its
  // group; nullopt when not grouped. Proofs then compare states as the class does, as the runs
  // count them: an API state equal to one the builders build is not missing. Unset: canonical
  // forms are compared.
  std::function<std::optional<std::vector<uint32_t>>(const FoundStates& found, double max_seconds)> group_equal;
};

// The random-batch options these search options imply.
random::RandomBatchOptions batch_options(const BuilderSearchOptions& options);

// An exhaustive run with exactly these operations (no constructor added), for builder search.
exhaustive::ExhaustiveResult exhaustive_with(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t> operations,
                                             uint32_t scope);

// The literal domain of every run at this scope: defaults, enumerations, the user's options.
LiteralDomain search_domain(const Api& api, const BuilderSearchOptions& options, uint32_t scope);

// "insert(int) before remove(int)": fewer explicit parameters, primitive before object ones.
int parameter_cost(const Operation& op, const FitnessWeights& w);

}  // namespace objgen::builders
