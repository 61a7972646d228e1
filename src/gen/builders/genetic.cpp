#include "gen/builders/genetic.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "model/rng.hpp"

namespace objgen::builders {
namespace {

using Population = std::vector<Chromosome>;

size_t gene_count(const Chromosome& c) { return static_cast<size_t>(std::count(c.begin(), c.end(), 1)); }

// Fittest first; equal fitness: fewer genes, then the chromosome itself (a total order, so
// selection is deterministic).
void sort_by_fitness(Population& pop, const FitnessEvaluator& eval) {
  std::sort(pop.begin(), pop.end(), [&](const Chromosome& a, const Chromosome& b) {
    double fa = eval.fitness(a), fb = eval.fitness(b);
    if (fa != fb) return fa > fb;
    if (gene_count(a) != gene_count(b)) return gene_count(a) < gene_count(b);
    return a < b;
  });
}

// The distinct chromosomes of pop, fittest first, at most n.
Population fittest(Population pop, const FitnessEvaluator& eval, size_t n) {
  sort_by_fitness(pop, eval);
  pop.erase(std::unique(pop.begin(), pop.end()), pop.end());
  if (pop.size() > n) pop.resize(n);
  return pop;
}

// One generation's offspring of one population replica.
Population breed(const Population& pop, const BuilderSearchOptions& opt, Rng& rng) {
  Population born;
  size_t genes = pop.front().size();
  int crossovers = static_cast<int>(std::lround(opt.population * opt.crossover_rate));
  for (int i = 0; i < crossovers && pop.size() > 1 && genes > 1; ++i) {
    const Chromosome& a = pop[rng.below(pop.size())];
    const Chromosome& b = pop[rng.below(pop.size())];
    size_t cut = 1 + rng.below(genes - 1);
    Chromosome x(a.begin(), a.begin() + cut), y(b.begin(), b.begin() + cut);
    x.insert(x.end(), b.begin() + cut, b.end());
    y.insert(y.end(), a.begin() + cut, a.end());
    born.push_back(std::move(x));
    born.push_back(std::move(y));
  }
  Population parents = pop;
  parents.insert(parents.end(), born.begin(), born.end());
  for (const Chromosome& c : parents) {
    Chromosome m = c;
    bool changed = false;
    for (auto& g : m)
      if (rng.chance(opt.mutation_rate)) {
        g ^= 1;
        changed = true;
      }
    if (changed) born.push_back(std::move(m));
  }
  return born;
}

}  // namespace

GeneticResult genetic_builders(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& candidates,
                               const std::function<void(const GenerationRecord&)>& on_generation) {
  auto start = std::chrono::steady_clock::now();
  GeneticResult out;
  if (candidates.empty()) return out;
  FitnessEvaluator eval(api, options, candidates);
  Population pop;
  for (size_t i = 0; i < candidates.size(); ++i) {
    Chromosome c(candidates.size(), 0);
    c[i] = 1;
    pop.push_back(std::move(c));
  }
  eval.evaluate(pop);
  int replicas = std::max(1, options.replicas);
  size_t keep = static_cast<size_t>(std::max(1, options.population));
  for (int gen = 1; gen <= options.generations; ++gen) {
    if (options.interrupted && options.interrupted->load()) break;
    pop = fittest(std::move(pop), eval, keep);
    std::vector<Population> offspring;
    for (int r = 0; r < replicas; ++r) {
      Rng rng(options.seed ^ (static_cast<uint64_t>(gen) << 20) ^ (static_cast<uint64_t>(r) << 40));
      offspring.push_back(breed(pop, options, rng));
    }
    Population all_new;
    for (const auto& o : offspring) all_new.insert(all_new.end(), o.begin(), o.end());
    eval.evaluate(all_new);
    Population next;
    for (const auto& o : offspring) {
      Population replica = pop;
      replica.insert(replica.end(), o.begin(), o.end());
      replica = fittest(std::move(replica), eval, std::max<size_t>(1, keep / static_cast<size_t>(replicas)));
      next.insert(next.end(), replica.begin(), replica.end());
    }
    if (replicas > 1) {
      pop = std::move(next);
    } else {
      pop.insert(pop.end(), all_new.begin(), all_new.end());
    }
    sort_by_fitness(pop, eval);
    GenerationRecord rec{gen,
                         eval.fitness(pop.front()),
                         eval.field_extensions(pop.front()),
                         eval.operations_of(pop.front()),
                         eval.evaluations(),
                         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
    if (on_generation) on_generation(rec);
    out.history.push_back(std::move(rec));
  }
  pop = fittest(std::move(pop), eval, 1);
  out.builders = eval.operations_of(pop.front());
  out.fitness = eval.fitness(pop.front());
  out.findings = eval.findings();
  out.evaluations = eval.evaluations();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace objgen::builders
