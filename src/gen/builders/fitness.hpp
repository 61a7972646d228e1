// The fitness of a set of operations (seed 000 §4.2): the number of global field-extension
// values that random generation with only those operations reaches within a small scope k
// (ints 0..k-1, at most k objects per class), by default plus the number of distinct states it
// reaches (see FitnessMeasure), plus a term in [0, 1] that prefers fewer operations and fewer,
// simpler parameters.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "gen/builders/builder_search.hpp"

namespace objgen::builders {

// A chromosome: gene i says whether genes[i] (an operation index) is in the set.
using Chromosome = std::vector<uint8_t>;

class FitnessEvaluator {
 public:
  FitnessEvaluator(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t> genes);

  // Evaluates the chromosomes not evaluated before, in parallel on the worker processes. The
  // fitness of a chromosome depends only on it and the seed, so results do not depend on the
  // number of workers or on the order of evaluation.
  void evaluate(const std::vector<Chromosome>& batch);
  double fitness(const Chromosome& c) const { return cache_.at(key(c)); }
  uint64_t field_extensions(const Chromosome& c) const { return extensions_.at(key(c)); }
  size_t evaluations() const { return cache_.size(); }
  const std::vector<uint32_t>& genes() const { return genes_; }
  std::vector<uint32_t> operations_of(const Chromosome& c) const;
  // The tie-breaking term (w1 (1 - #M/#MT) + w2 (1 - cost(M)/cost(MT))) / (w1 + w2).
  double simplicity(const Chromosome& c) const;
  const std::vector<SequenceFinding>& findings() const { return findings_; }

 private:
  const Api& api_;
  const BuilderSearchOptions& options_;
  std::vector<uint32_t> genes_;
  double total_cost_ = 0;
  static std::string key(const Chromosome& c) { return {c.begin(), c.end()}; }
  std::map<std::string, double> cache_;  // by key(chromosome)
  std::map<std::string, uint64_t> extensions_;
  std::vector<SequenceFinding> findings_;
};

}  // namespace objgen::builders
