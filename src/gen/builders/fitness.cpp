#include "gen/builders/fitness.hpp"

#include "gen/random/random_batch.hpp"
#include "model/rng.hpp"

namespace objgen::builders {
namespace {

double set_cost(const Api& api, const std::vector<uint32_t>& ops, const FitnessWeights& w) {
  double cost = 0;
  for (uint32_t op : ops) cost += parameter_cost(api.operations()[op], w);
  return cost;
}

uint64_t chromosome_seed(uint64_t seed, const Chromosome& c) {
  uint64_t h = seed ^ 0xf17e55ull;
  for (uint8_t g : c) {
    h = h * 0x100000001b3ull + g + 1;
    Rng::splitmix(h);
  }
  return Rng::splitmix(h);
}

}  // namespace

FitnessEvaluator::FitnessEvaluator(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t> genes)
    : api_(api), options_(options), genes_(std::move(genes)) {
  total_cost_ = set_cost(api, genes_, options.weights);
}

std::vector<uint32_t> FitnessEvaluator::operations_of(const Chromosome& c) const {
  std::vector<uint32_t> ops;
  for (size_t i = 0; i < c.size(); ++i)
    if (c[i]) ops.push_back(genes_[i]);
  return ops;
}

double FitnessEvaluator::simplicity(const Chromosome& c) const {
  const FitnessWeights& w = options_.weights;
  auto ops = operations_of(c);
  double fewer = 1.0 - static_cast<double>(ops.size()) / static_cast<double>(genes_.size());
  double simpler = total_cost_ > 0 ? 1.0 - set_cost(api_, ops, w) / total_cost_ : 1.0;
  return (w.fewer_methods * fewer + w.simpler_params * simpler) / (w.fewer_methods + w.simpler_params);
}

void FitnessEvaluator::evaluate(const std::vector<Chromosome>& batch) {
  std::vector<Chromosome> todo;
  std::vector<random::RandomOptions> runs;
  for (const auto& c : batch) {
    if (cache_.count(key(c)) || std::find(todo.begin(), todo.end(), c) != todo.end()) continue;
    todo.push_back(c);
    random::RandomOptions r;
    r.operations = operations_of(c);
    r.target = options_.target;
    r.scope = options_.fitness_scope;
    r.domain = search_domain(api_, options_, options_.fitness_scope);
    r.omit = options_.omit;
    r.seed = chromosome_seed(options_.seed, c);
    r.max_calls = options_.fitness_calls;
    r.field_extensions = true;
    r.history_calls = 0;  // many short runs: a crash keeps its own sequence, no history
    runs.push_back(std::move(r));
  }
  if (todo.empty()) return;
  auto results = random::run_random_batch(api_, std::move(runs), batch_options(options_));
  for (size_t i = 0; i < todo.size(); ++i) {
    extensions_[key(todo[i])] = results[i].field_extensions;
    double coverage = static_cast<double>(results[i].field_extensions);
    if (options_.measure == FitnessMeasure::FieldExtensionsAndStates) coverage += static_cast<double>(results[i].states);
    cache_[key(todo[i])] = coverage + simplicity(todo[i]);
    for (auto& f : results[i].findings)
      if (findings_.size() < 100) findings_.push_back(std::move(f));
  }
}

}  // namespace objgen::builders
