#include "gen/evolve/evolve.hpp"

#include <algorithm>
#include <chrono>

namespace objgen::evolve {

NodeWeights::NodeWeights(const cover::CoveredFunction& f, double w_init, double alpha)
    : successors_(f.nodes.size()), weights_(f.nodes.size(), w_init), w_init_(w_init), alpha_(alpha) {
  for (uint32_t n = 0; n < f.nodes.size(); ++n) {
    if (!f.nodes[n].target) continue;
    targets_.push_back(n);
    for (uint32_t s : f.nodes[n].successors)
      if (f.nodes[s].target) successors_[n].push_back(s);
  }
}

// Eq. 1: W = (alpha W) (hitC / |T| + 1) (sum of successor weights / (|succ| W_init / 2)), from the
// previous weights (a node without successors keeps a path factor of 1); Eq. 2: scaled so the
// heaviest node weighs W_init.
void NodeWeights::update(const std::vector<uint32_t>& tests_hitting, size_t tests) {
  std::vector<double> next = weights_;
  double heaviest = 0;
  for (uint32_t n : targets_) {
    double hit = static_cast<double>(tests_hitting[n]) / static_cast<double>(std::max<size_t>(tests, 1)) + 1.0;
    double path = 1.0;
    if (!successors_[n].empty()) {
      double sum = 0;
      for (uint32_t s : successors_[n]) sum += weights_[s];
      path = sum / (static_cast<double>(successors_[n].size()) * w_init_ / 2.0);
    }
    next[n] = alpha_ * weights_[n] * hit * path;
    heaviest = std::max(heaviest, next[n]);
  }
  if (heaviest > 0)
    for (uint32_t n : targets_) next[n] = next[n] * w_init_ / heaviest;
  weights_ = std::move(next);
}

// Eq. 3: the mean weight of the nodes the test case hit.
double NodeWeights::feasible_fitness(const std::vector<uint32_t>& hits) const {
  double sum = 0;
  uint32_t n = 0;
  for (uint32_t t : targets_)
    if (hits[t]) {
      sum += weights_[t];
      ++n;
    }
  return n ? sum / n : w_init_;
}

// Eq. 4: beta plus how early the sequence broke off (failed_at is 1-based).
double NodeWeights::unfeasible_fitness(double beta, uint32_t length, uint32_t failed_at) {
  if (length == 0) return beta + 100;
  return beta + (static_cast<double>(length) - failed_at) * 100.0 / length;
}

namespace {

class Search {
 public:
  Search(const TreeFactory& trees, const cover::CoveredFunction& cfg, const std::vector<OutcomeTarget>& outcomes,
         TestRunner& runner, const EvolveOptions& opt)
      : trees_(trees), cfg_(cfg), outcomes_(outcomes), runner_(runner), opt_(opt), rng_(opt.seed), weights_(cfg, opt.w_init, opt.alpha),
        covered_(cfg.nodes.size(), false) {
    result_.targets = static_cast<uint32_t>(weights_.targets().size());
  }

  EvolveResult run() {
    auto start = std::chrono::steady_clock::now();
    std::vector<GpTree> population;
    while (population.size() < static_cast<size_t>(opt_.population)) population.push_back(trees_.random_tree_within_limits(rng_));
    for (int gen = 1; gen <= opt_.generations; ++gen) {
      evaluate(population, gen);
      result_.generations = gen;
      if (remaining() == 0) {
        result_.full_coverage = true;
        break;
      }
      if (gen < opt_.generations) population = breed(population);
    }
    for (uint32_t t : weights_.targets())
      if (!covered_[t]) result_.uncovered.push_back(t);
    result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(result_);
  }

 private:
  uint32_t remaining() const {
    uint32_t n = 0;
    for (uint32_t t : weights_.targets()) n += !covered_[t];
    return n;
  }

  void evaluate(const std::vector<GpTree>& population, int gen) {
    std::vector<FlatSequence> seqs;
    for (const GpTree& t : population) seqs.push_back(trees_.linearize(t));
    std::vector<TestOutcome> outcomes = runner_.run(seqs);
    result_.evaluations += outcomes.size();
    std::vector<uint32_t> tests_hitting(cfg_.nodes.size(), 0);
    uint32_t feasible = 0;
    for (size_t i = 0; i < outcomes.size(); ++i) {
      const TestOutcome& o = outcomes[i];
      note_finding(o, seqs[i]);
      if (!o.feasible) continue;
      ++feasible;
      CoveringTest covering{seqs[i], gen, {}, o};
      for (uint32_t t : weights_.targets()) {
        if (!o.hits[t]) continue;
        ++tests_hitting[t];
        if (!covered_[t]) {
          covered_[t] = true;
          covering.new_nodes.push_back(t);
        }
      }
      if (!covering.new_nodes.empty()) result_.test_set.push_back(std::move(covering));
    }
    weights_.update(tests_hitting, outcomes.size());
    fitness_.clear();
    for (size_t i = 0; i < outcomes.size(); ++i) {
      const TestOutcome& o = outcomes[i];
      fitness_.push_back(o.feasible ? weights_.feasible_fitness(o.hits) + opt_.distance_weight * nearest_miss(o)
                                    : NodeWeights::unfeasible_fitness(opt_.beta, o.length, o.failed_at));
    }
    double best = *std::min_element(fitness_.begin(), fitness_.end());
    uint32_t covered = static_cast<uint32_t>(result_.targets - remaining());
    result_.per_generation.push_back({gen, covered, result_.targets - covered, feasible, best});
  }

  // The smallest normalised distance of an outcome leading to a node not yet covered.
  double nearest_miss(const TestOutcome& o) const {
    double best = 1.0;
    for (const OutcomeTarget& t : outcomes_)
      if (!covered_[t.node] && t.outcome < o.distances.size() && o.distances[t.outcome] < best)
        best = o.distances[t.outcome];
    return best;
  }

  void note_finding(const TestOutcome& o, const FlatSequence& seq) {
    bool crash = o.outcome == Outcome::Crash || o.outcome == Outcome::Timeout;
    bool failure = o.outcome == Outcome::Failure || o.outcome == Outcome::OutOfMemory;
    if (!crash && !failure) return;
    uint32_t op = seq.calls[o.feasible ? seq.calls.size() - 1 : o.failed_at - 1].op;
    for (const SequenceFinding& f : result_.findings)
      if (f.op == op && f.kind == o.outcome && f.message == o.message) return;
    result_.findings.push_back({o.outcome, op, o.message, seq, runner_.terminals()});
  }

  const GpTree& tournament(const std::vector<GpTree>& population) {
    size_t best = rng_.below(population.size());
    for (int k = 1; k < opt_.tournament; ++k) {
      size_t c = rng_.below(population.size());
      if (fitness_[c] < fitness_[best]) best = c;
    }
    return population[best];
  }

  std::vector<GpTree> breed(const std::vector<GpTree>& population) {
    std::vector<GpTree> next;
    while (next.size() < population.size()) {
      double r = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53;
      if (r < opt_.p_reproduction) {
        next.push_back(tournament(population));
      } else if (r < opt_.p_reproduction + opt_.p_crossover) {
        GpTree a = tournament(population), b = tournament(population);
        GpTree a0 = a, b0 = b;
        if (trees_.crossover(a, b, rng_)) {
          next.push_back(trees_.within_limits(a) ? std::move(a) : std::move(a0));
          if (next.size() < population.size()) next.push_back(trees_.within_limits(b) ? std::move(b) : std::move(b0));
        } else {  // no node of a's chosen type in b: both parents go on unchanged
          next.push_back(std::move(a0));
          if (next.size() < population.size()) next.push_back(std::move(b0));
        }
      } else {
        GpTree t = tournament(population);
        GpTree parent = t;
        trees_.mutate(t, rng_);
        next.push_back(trees_.within_limits(t) ? std::move(t) : std::move(parent));
      }
    }
    return next;
  }

  const TreeFactory& trees_;
  const cover::CoveredFunction& cfg_;
  const std::vector<OutcomeTarget>& outcomes_;
  TestRunner& runner_;
  const EvolveOptions& opt_;
  Rng rng_;
  NodeWeights weights_;
  std::vector<bool> covered_;
  std::vector<double> fitness_;
  EvolveResult result_;
};

}  // namespace

std::vector<OutcomeTarget> outcome_targets(const cover::CoverageMap& map, const cover::CoveredFunction& f,
                                           uint32_t outcome_begin) {
  std::vector<OutcomeTarget> out;
  for (uint32_t id : f.sites) {
    const cover::CmpSite& s = map.sites[id];
    for (uint32_t k = 0; k < s.outcome_nodes.size(); ++k)
      if (s.outcome_nodes[k] >= 0 && f.nodes[s.outcome_nodes[k]].target)
        out.push_back({s.outcome_begin + k - outcome_begin, static_cast<uint32_t>(s.outcome_nodes[k])});
  }
  return out;
}

EvolveResult evolve_method(const TreeFactory& trees, const cover::CoveredFunction& mut_cfg,
                           const std::vector<OutcomeTarget>& outcomes, TestRunner& runner, const EvolveOptions& options) {
  return Search(trees, mut_cfg, outcomes, runner, options).run();
}

}  // namespace objgen::evolve
