// The genetic algorithm of seed 000 (§4.3, Algorithm 1): boolean chromosomes over the candidate
// operations, an initial population of singletons, then per generation: keep the popSize
// fittest, single-point crossover popSize x cRate times, per-gene mutation with mRate. With
// replicas > 1, each generation evolves that many copies of the population independently and
// keeps the popSize / replicas fittest of each (the paper's multi-threaded variant); fitness
// evaluation is parallel in any case.
#pragma once

#include <functional>
#include <vector>

#include "gen/builders/fitness.hpp"

namespace objgen::builders {

struct GenerationRecord {
  int generation;
  double best_fitness;
  uint64_t best_field_extensions;
  std::vector<uint32_t> best;  // operations
  size_t evaluations;          // distinct chromosomes evaluated so far
  double seconds;
};

struct GeneticResult {
  std::vector<uint32_t> builders;
  double fitness = 0;
  std::vector<GenerationRecord> history;
  std::vector<SequenceFinding> findings;
  size_t evaluations = 0;
  double seconds = 0;
};

GeneticResult genetic_builders(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& candidates,
                               const std::function<void(const GenerationRecord&)>& on_generation = nullptr);

}  // namespace objgen::builders
