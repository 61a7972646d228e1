#include "gen/evolve/evolve.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <unordered_set>

#include <xxhash.h>

#include "gen/evolve/local_search.hpp"

namespace objgen::evolve {

constexpr size_t kGenerationRecords = 1024;

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

// Post-dominator sets of a small CFG (a bit per node) with a virtual exit after every node
// without successors; iterated to the fixpoint.
std::vector<std::vector<bool>> post_dominators(const cover::CoveredFunction& f) {
  size_t n = f.nodes.size();
  std::vector<std::vector<bool>> pdom(n, std::vector<bool>(n, true));
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t v = n; v-- > 0;) {
      std::vector<bool> next(n, !f.nodes[v].successors.empty());
      for (uint32_t s : f.nodes[v].successors)
        for (size_t k = 0; k < n; ++k) next[k] = next[k] && pdom[s][k];
      next[v] = true;
      if (next != pdom[v]) {
        pdom[v] = std::move(next);
        changed = true;
      }
    }
  }
  return pdom;
}

}  // namespace

BranchDistanceFitness::BranchDistanceFitness(const cover::CoveredFunction& f, const std::vector<OutcomeTarget>& outcomes)
    : cd_(f.nodes.size()), outcomes_(outcomes) {
  std::vector<std::vector<bool>> pdom = post_dominators(f);
  for (uint32_t b = 0; b < f.nodes.size(); ++b) {
    if (f.nodes[b].successors.size() < 2) continue;
    for (uint32_t s : f.nodes[b].successors)
      for (uint32_t t = 0; t < f.nodes.size(); ++t)
        if (pdom[s][t] && !(t != b && pdom[b][t])) cd_[t].push_back({b, s});
  }
  for (uint32_t t = 0; t < f.nodes.size(); ++t)
    if (f.nodes[t].target) targets_.push_back(t);
  levels_ = static_cast<uint32_t>(f.nodes.size()) + 1;
}

double BranchDistanceFitness::approach(uint32_t target, const TestOutcome& o) const {
  std::vector<std::pair<uint32_t, uint32_t>> level = cd_[target];
  std::vector<bool> seen(cd_.size(), false);
  for (uint32_t depth = 0; !level.empty() && depth < levels_; ++depth) {
    double best = 2;
    for (auto [from, to] : level) {
      if (!o.hits[from]) continue;
      double d = 1;  // reached, but no traced comparison decides the edge
      for (const OutcomeTarget& ot : outcomes_)
        if (ot.from == from && ot.node == to && ot.outcome < o.distances.size()) d = std::min<double>(d, o.distances[ot.outcome]);
      best = std::min(best, d);
    }
    if (best <= 1) return depth + best;
    std::vector<std::pair<uint32_t, uint32_t>> up;
    for (auto [from, to] : level)
      if (!seen[from]) {
        seen[from] = true;
        up.insert(up.end(), cd_[from].begin(), cd_[from].end());
      }
    level = std::move(up);
  }
  return levels_;
}

double BranchDistanceFitness::feasible(const TestOutcome& o, const std::vector<bool>& covered) const {
  double best = levels_;
  for (uint32_t t : targets_)
    if (!covered[t]) best = std::min(best, approach(t, o));
  return best;
}

double BranchDistanceFitness::unfeasible(uint32_t length, uint32_t failed_at) const {
  double unfinished = length ? static_cast<double>(length - failed_at) / length : 1.0;
  return levels_ + 1.0 + unfinished;
}

namespace {

class Search {
 public:
  Search(TreeFactory& trees, const cover::CoveredFunction& cfg, const std::vector<OutcomeTarget>& outcomes, TestRunner& runner,
         const EvolveOptions& opt)
      : trees_(trees),
        cfg_(cfg),
        outcomes_(outcomes),
        runner_(runner),
        opt_(opt),
        rng_(opt.seed),
        weights_(cfg, opt.w_init, opt.alpha),
        covered_(cfg.nodes.size(), false),
        start_(std::chrono::steady_clock::now()) {
    result_.targets = static_cast<uint32_t>(weights_.targets().size());
    for (uint32_t t : weights_.targets()) result_.targets_progress.push_back({t});
    if (opt.fitness == EvolveOptions::Fitness::Branch) branch_.emplace(cfg, outcomes);
    static_bias_ = trees.constant_bias();
  }

  EvolveResult run() {
    std::vector<GpTree> population;
    while (population.size() < static_cast<size_t>(opt_.population)) population.push_back(trees_.random_tree_within_limits(rng_));
    bool budgeted = opt_.deadline != std::chrono::steady_clock::time_point{};
    for (int gen = 1; gen <= opt_.generations; ++gen) {
      evaluate(population, gen);
      learn_constants();
      if (opt_.local_search && remaining() > 0) improve_locally(population, gen);
      result_.generations = gen;
      if (remaining() == 0) {
        result_.full_coverage = true;
        break;
      }
      if (budgeted && std::chrono::steady_clock::now() >= opt_.deadline) {
        result_.stopped_by_budget = true;
        break;
      }
      if (gen < opt_.generations) {
        population = breed(population);
        seed(population);
      }
    }
    for (uint32_t t : weights_.targets())
      if (!covered_[t]) result_.uncovered.push_back(t);
    trees_.set_constant_bias(static_bias_);
    result_.seconds = elapsed();
    return std::move(result_);
  }

 private:
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

  TargetProgress& progress_of(uint32_t node) {
    for (TargetProgress& p : result_.targets_progress)
      if (p.node == node) return p;
    throw std::logic_error("not a target node");
  }

  // EvoObj: a template for a random uncovered node replaces a random offspring.
  void seed(std::vector<GpTree>& population) {
    if (!opt_.seed_template || static_cast<double>(rng_.next() >> 11) * 0x1.0p-53 >= opt_.p_app) return;
    std::vector<uint32_t> open;
    for (uint32_t t : weights_.targets())
      if (!covered_[t]) open.push_back(t);
    if (open.empty()) return;
    uint32_t node = open[rng_.below(open.size())];
    GpTree tree;
    if (!opt_.seed_template(node, rng_, tree)) return;
    population[rng_.below(population.size())] = std::move(tree);
    ++progress_of(node).templates;
    ++result_.templates;
  }

  uint32_t remaining() const {
    uint32_t n = 0;
    for (uint32_t t : weights_.targets()) n += !covered_[t];
    return n;
  }

  void evaluate(const std::vector<GpTree>& population, int gen) {
    std::vector<FlatSequence> seqs;
    seqs.reserve(population.size());
    for (const GpTree& t : population) seqs.push_back(trees_.linearize(t));
    std::vector<TestOutcome> outcomes = runner_.run(seqs);
    result_.evaluations += outcomes.size();
    std::vector<uint32_t> tests_hitting(cfg_.nodes.size(), 0);
    uint32_t feasible = 0;
    for (size_t i = 0; i < outcomes.size(); ++i) {
      const TestOutcome& o = outcomes[i];
      if (o.feasible) {
        ++feasible;
        for (uint32_t t : weights_.targets()) tests_hitting[t] += o.hits[t] != 0;
      }
      absorb(
          o, seqs[i], [&] { return seqs[i]; }, gen);
    }
    weights_.update(tests_hitting, outcomes.size());
    fitness_.clear();
    bool by_branch = opt_.fitness == EvolveOptions::Fitness::Branch;
    for (size_t i = 0; i < outcomes.size(); ++i) {
      const TestOutcome& o = outcomes[i];
      if (by_branch)
        fitness_.push_back(o.feasible ? branch_->feasible(o, covered_) : branch_->unfeasible(o.length, o.failed_at));
      else
        fitness_.push_back(o.feasible ? weights_.feasible_fitness(o.hits) + opt_.distance_weight * nearest_miss(o)
                                      : NodeWeights::unfeasible_fitness(opt_.beta, o.length, o.failed_at));
    }
    double best = *std::min_element(fitness_.begin(), fitness_.end());
    uint32_t covered = static_cast<uint32_t>(result_.targets - remaining());
    record({gen, covered, result_.targets - covered, feasible, best, elapsed()});
    last_outcomes_ = std::move(outcomes);
  }

  // What a test case covered first, or a failure not met before, is kept with its calls;
  // `sequence` gives them (a local search's probe commits its scratch values only then; an empty
  // sequence: the domain had no room, and the test case is not kept). `raw` is the test case as
  // run: the calls are the same.
  void absorb(const TestOutcome& o, const FlatSequence& raw, const std::function<FlatSequence()>& sequence, int gen) {
    bool failed = new_failure(o, raw);
    std::vector<uint32_t> fresh;
    if (o.feasible)
      for (uint32_t t : weights_.targets())
        if (o.hits[t] && !covered_[t]) fresh.push_back(t);
    if (!failed && fresh.empty()) return;
    FlatSequence seq = sequence();
    if (seq.calls.empty()) return;
    if (failed) note_finding(o, seq);
    if (fresh.empty()) return;
    for (uint32_t t : fresh) {
      covered_[t] = true;
      TargetProgress& p = progress_of(t);
      p.covered_generation = gen;
      p.covered_seconds = elapsed();
    }
    result_.test_set.push_back({std::move(seq), gen, std::move(fresh), o});
  }

  // EvoSuite's dynamic constant pool: what the comparisons deciding uncovered nodes compared,
  // both sides (the input's side and what it must meet), into the domain and the pool.
  void learn_constants() {
    if (learned_.size() >= opt_.dynamic_pool || !runner_.can_grow()) return;
    for (const OutcomeTarget& ot : outcomes_) {
      if (covered_[ot.node]) continue;
      for (const TestOutcome& o : last_outcomes_) {
        if (ot.site >= o.operands.size() || !o.operands[ot.site].seen) continue;
        for (int64_t v : {o.operands[ot.site].a, o.operands[ot.site].b}) {
          if (v <= -(int64_t{1} << 32) || v >= (int64_t{1} << 32) || !learned_.insert(v).second) continue;
          int64_t index = runner_.commit(Literal{LiteralKind::Int, v, 0, {}});
          if (index < 0) return;
          trees_.add_to_pool(LiteralKind::Int, static_cast<uint32_t>(index));
          ++result_.dynamic_constants;
          if (learned_.size() >= opt_.dynamic_pool) return;
        }
      }
    }
  }

  // The alternating variable method on the test case nearest to an outcome of an uncovered node
  // that no local search started from yet, while local searches have cost no more evaluations
  // than the generations (a branch they cannot help with costs half the budget at most).
  void improve_locally(std::vector<GpTree>& population, int gen) {
    if (result_.local_evaluations > result_.evaluations - result_.local_evaluations) return;
    if (runner_.growth_room() < 64) return;  // a search commits its variables and the probes kept
    int best_target = -1;
    size_t best_test = 0;
    double best = 1.0;
    std::vector<uint64_t> keys(last_outcomes_.size(), 0);
    for (size_t k = 0; k < outcomes_.size(); ++k) {
      const OutcomeTarget& ot = outcomes_[k];
      if (covered_[ot.node]) continue;
      for (size_t i = 0; i < last_outcomes_.size(); ++i) {
        double d = local_objective(last_outcomes_[i], {ot.outcome, ot.node, ot.from});
        if (!(d > 0 && d < best)) continue;
        if (keys[i] == 0) keys[i] = sequence_key(trees_.linearize(population[i]));
        if (searched_.count(keys[i] ^ k)) continue;
        best = d;
        best_target = static_cast<int>(k);
        best_test = i;
      }
    }
    if (best_target < 0) return;
    searched_.insert(keys[best_test] ^ static_cast<uint64_t>(best_target));
    const OutcomeTarget& ot = outcomes_[best_target];
    LocalSearchOptions lo;
    lo.max_evaluations = opt_.local_search_evaluations;
    lo.seed = rng_.next();
    lo.deadline = opt_.deadline;
    LocalSearchResult r = local_search(trees_, runner_, population[best_test], best, {ot.outcome, ot.node, ot.from}, lo,
                                       [&](const TestOutcome& o, const FlatSequence& raw, const std::function<FlatSequence()>& committed) {
                                         absorb(o, raw, committed, gen);
                                       });
    ++result_.local_searches;
    result_.local_evaluations += r.evaluations;
    result_.evaluations += r.evaluations;
    // What it found joins the pool: fresh leaves draw on it for the rest of the run (mutation
    // rebuilding a part keeps a found value within reach).
    for (auto [kind, index] : r.committed) trees_.add_to_pool(kind, index);
    if (!r.improved) return;
    ++result_.local_improvements;
    population[best_test] = std::move(r.tree);
  }

  // Which calls with which values: a test case's identity for the local searches started.
  static uint64_t sequence_key(const FlatSequence& seq) {
    std::vector<int64_t> words;
    for (const FlatCall& c : seq.calls) {
      words.push_back(c.op);
      words.insert(words.end(), c.args.begin(), c.args.end());
      words.push_back(-1000000);
    }
    return XXH3_64bits(words.data(), words.size() * sizeof(int64_t)) | 1;
  }

  // Budgeted runs go on for hundreds of thousands of generations: every `stride_`-th one is
  // kept, the stride doubling whenever kGenerationRecords are held, and the last one always.
  void record(const GenerationStats& g) {
    std::vector<GenerationStats>& kept = result_.per_generation;
    if (!kept.empty() && (kept.back().generation - 1) % stride_ != 0) kept.pop_back();  // kept only as the last
    if (kept.size() >= kGenerationRecords) {
      stride_ *= 2;
      std::erase_if(kept, [this](const GenerationStats& x) { return (x.generation - 1) % stride_ != 0; });
    }
    kept.push_back(g);
  }

  // The smallest normalised distance of an outcome leading to a node not yet covered.
  double nearest_miss(const TestOutcome& o) const {
    double best = 1.0;
    for (const OutcomeTarget& t : outcomes_)
      if (!covered_[t.node] && t.outcome < o.distances.size() && o.distances[t.outcome] < best) best = o.distances[t.outcome];
    return best;
  }

  // A crash, hang or failure whose call, kind and message no finding has yet.
  bool new_failure(const TestOutcome& o, const FlatSequence& seq) const {
    bool crash = o.outcome == Outcome::Crash || o.outcome == Outcome::Timeout;
    bool failure = o.outcome == Outcome::Failure || o.outcome == Outcome::OutOfMemory;
    if (!crash && !failure) return false;
    size_t ended = o.feasible ? seq.calls.size() : o.failed_at;
    uint32_t op = seq.calls[ended - 1].op;
    for (const SequenceFinding& f : result_.findings)
      if (f.op == op && f.kind == o.outcome && f.message == o.message) return false;
    return true;
  }

  void note_finding(const TestOutcome& o, const FlatSequence& seq) {
    size_t ended = o.feasible ? seq.calls.size() : o.failed_at;
    uint32_t op = seq.calls[ended - 1].op;
    // The test up to the call that failed: a finding's sequence ends with it (what the labelling
    // of findings probes, and what its test replays).
    FlatSequence upto = seq;
    upto.calls.resize(ended);
    result_.findings.push_back({o.outcome, op, o.message, std::move(upto), runner_.terminals()});
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

  TreeFactory& trees_;
  ConstantBias static_bias_;             // the factory's pool before the run (restored after it)
  std::unordered_set<int64_t> learned_;  // values the dynamic pool took
  const cover::CoveredFunction& cfg_;
  const std::vector<OutcomeTarget>& outcomes_;
  TestRunner& runner_;
  const EvolveOptions& opt_;
  Rng rng_;
  NodeWeights weights_;
  std::optional<BranchDistanceFitness> branch_;  // --fitness branch only: post-dominators cost O(n^3)
  std::vector<bool> covered_;
  std::vector<double> fitness_;
  std::vector<TestOutcome> last_outcomes_;  // of the generation evaluated last, by test case
  std::unordered_set<uint64_t> searched_;   // sequence_key ^ outcome target: local searches started
  EvolveResult result_;
  int stride_ = 1;  // of the generations kept in result_.per_generation
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

std::vector<OutcomeTarget> outcome_targets(const cover::CoverageMap& map, const cover::ScopedCfg& scoped) {
  std::vector<OutcomeTarget> out;
  for (const cover::ScopedPart& part : scoped.parts) {
    const cover::CoveredFunction& f = map.functions[part.function];
    for (uint32_t id : f.sites) {
      const cover::CmpSite& s = map.sites[id];
      for (uint32_t k = 0; k < s.outcome_nodes.size(); ++k)
        if (s.outcome_nodes[k] >= 0 && f.nodes[s.outcome_nodes[k]].target)
          out.push_back({part.outcome_begin + s.outcome_begin + k - part.map_outcome_begin,
                         part.node_begin + static_cast<uint32_t>(s.outcome_nodes[k]), part.node_begin + s.node,
                         part.site_begin + id - part.map_site_begin});
    }
  }
  return out;
}

EvolveResult evolve_method(TreeFactory& trees, const cover::CoveredFunction& mut_cfg, const std::vector<OutcomeTarget>& outcomes,
                           TestRunner& runner, const EvolveOptions& options) {
  if (options.local_search && !runner.can_grow()) throw std::logic_error("local search: the runner's domain may not grow");
  return Search(trees, mut_cfg, outcomes, runner, options).run();
}

}  // namespace objgen::evolve
