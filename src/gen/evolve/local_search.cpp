#include "gen/evolve/local_search.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

namespace objgen::evolve {

double local_objective(const TestOutcome& o, const LocalTarget& target) {
  if (!o.feasible) return 3;
  if (target.node < o.hits.size() && o.hits[target.node]) return 0;
  if (target.from >= o.hits.size() || !o.hits[target.from]) return 2;
  if (target.outcome >= o.distances.size()) return 1;
  return std::min(1.0, static_cast<double>(o.distances[target.outcome]));
}

namespace {

constexpr double kSmallestDoubleStep = 1e-3;
constexpr int kDoublings = 40;

bool is_numeric(LiteralKind k) { return k == LiteralKind::Int || k == LiteralKind::Double || k == LiteralKind::Char; }

// The numeric leaves of a tree, depth first.
void numeric_leaves(GpNode& n, std::vector<GpNode*>& out) {
  for (GpNode& c : n.children) {
    if (!c.type.literal)
      numeric_leaves(c, out);
    else if (is_numeric(static_cast<LiteralKind>(c.type.id)))
      out.push_back(&c);
  }
}

struct Variable {
  GpNode* leaf;
  Literal value;  // current
  bool changed = false;
  double step = 1;  // doubles shrink it when no move of it helps
};

struct Probe {
  uint32_t var;
  Literal value;
};

// value + direction * step * 2^k, saturated (ints), within 0..255 (chars).
Literal moved(const Variable& v, int direction, int k) {
  Literal out = v.value;
  if (v.value.kind == LiteralKind::Double) {
    out.d = v.value.d + direction * v.step * std::ldexp(1.0, k);
    return out;
  }
  int64_t delta = k >= 62 ? INT64_MAX : (int64_t{1} << k);
  if (__builtin_add_overflow(v.value.i, direction * delta, &out.i)) out.i = direction > 0 ? INT64_MAX : INT64_MIN;
  if (v.value.kind == LiteralKind::Char) out.i = std::clamp<int64_t>(out.i, 0, 255);
  return out;
}

bool same(const Literal& a, const Literal& b) { return a.kind == LiteralKind::Double ? a.d == b.d : a.i == b.i; }

class Avm {
 public:
  Avm(const TreeFactory& trees, TestRunner& runner, const GpTree& start, const LocalTarget& target, const LocalSearchOptions& options,
      const ProbeSink& sink)
      : trees_(trees), runner_(runner), tree_(start), target_(target), opt_(options), sink_(sink) {
    std::vector<GpNode*> leaves;
    numeric_leaves(tree_.root, leaves);
    Rng rng(options.seed);
    for (size_t i = leaves.size(); i > 1; --i) std::swap(leaves[i - 1], leaves[rng.below(i)]);  // a random few when many
    leaves.resize(std::min<size_t>(leaves.size(), options.max_variables));
    for (GpNode* leaf : leaves) {
      auto kind = static_cast<LiteralKind>(leaf->type.id);
      const std::vector<Literal>& values = runner.terminals().of(kind);
      if (leaf->literal < values.size()) vars_.push_back({leaf, values[leaf->literal]});
    }
  }

  LocalSearchResult run(double start_objective) {
    best_ = start_objective;
    while (best_ > 0 && evaluations_ < opt_.max_evaluations && !past_deadline()) {
      std::vector<Probe> probes;
      for (uint32_t j = 0; j < vars_.size(); ++j)
        for (int direction : {-1, 1})
          if (Literal v = moved(vars_[j], direction, 0); !same(v, vars_[j].value)) probes.push_back({j, v});
      auto [at, direction] = try_probes(probes);
      if (at < 0) {
        if (!shrink_double_steps()) break;
        continue;
      }
      if (best_ == 0 || evaluations_ >= opt_.max_evaluations) break;
      Variable& v = vars_[at];
      probes.clear();
      for (int k = 1; k <= kDoublings; ++k)
        if (Literal x = moved(v, direction, k); !same(x, v.value)) probes.push_back({static_cast<uint32_t>(at), x});
      try_probes(probes);
    }
    return finish(start_objective);
  }

 private:
  bool past_deadline() const {
    return opt_.deadline != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() >= opt_.deadline;
  }

  bool shrink_double_steps() {
    bool any = false;
    for (Variable& v : vars_)
      if (v.value.kind == LiteralKind::Double && v.step > kSmallestDoubleStep) {
        v.step /= 10;
        any = true;
      }
    return any;
  }

  // Runs the probes (each the tree with one variable moved); the best one that beats the current
  // objective becomes the current point. Its variable and direction, or -1.
  std::pair<int, int> try_probes(const std::vector<Probe>& probes) {
    if (probes.empty()) return {-1, 0};
    std::vector<Literal> scratch;
    for (Variable& v : vars_)
      if (v.changed) {
        v.leaf->literal = kFirstScratchLiteral + static_cast<uint32_t>(scratch.size());
        scratch.push_back(v.value);
      }
    std::vector<FlatSequence> seqs;
    for (const Probe& p : probes) {
      uint32_t kept = vars_[p.var].leaf->literal;
      vars_[p.var].leaf->literal = kFirstScratchLiteral + static_cast<uint32_t>(scratch.size());
      scratch.push_back(p.value);
      seqs.push_back(trees_.linearize(tree_));
      vars_[p.var].leaf->literal = kept;
    }
    std::vector<TestOutcome> outcomes = runner_.run(seqs, scratch);
    evaluations_ += static_cast<uint32_t>(outcomes.size());
    int at = -1;
    double best = best_;
    for (size_t i = 0; i < outcomes.size(); ++i) {
      double objective = local_objective(outcomes[i], target_);
      sink_(outcomes[i], seqs[i], [&] { return committed_probe(probes[i]); });
      if (objective < best) {
        best = objective;
        at = static_cast<int>(i);
      }
    }
    if (at < 0) return {-1, 0};
    const Probe& p = probes[at];
    Variable& v = vars_[p.var];
    int direction = (v.value.kind == LiteralKind::Double ? p.value.d > v.value.d : p.value.i > v.value.i) ? 1 : -1;
    v.value = p.value;
    v.changed = true;
    best_ = best;
    return {static_cast<int>(p.var), direction};
  }

  // Commits the changed variables' values to the domain and points their leaves at them; false
  // when the domain has no room. The leaves are the tree's own (callers restore or keep them).
  bool commit_changed(const Probe* probe) {
    for (uint32_t j = 0; j < vars_.size(); ++j) {
      Variable& v = vars_[j];
      bool probed = probe && probe->var == j;
      if (!v.changed && !probed) continue;
      int64_t index = runner_.commit(probed ? probe->value : v.value);
      if (index < 0) return false;
      committed_.push_back({v.value.kind, static_cast<uint32_t>(index)});
      v.leaf->literal = static_cast<uint32_t>(index);
    }
    return true;
  }

  FlatSequence committed_probe(const Probe& p) {
    std::vector<uint32_t> kept;
    for (const Variable& v : vars_) kept.push_back(v.leaf->literal);
    FlatSequence seq = commit_changed(&p) ? trees_.linearize(tree_) : FlatSequence{};
    for (size_t j = 0; j < vars_.size(); ++j) vars_[j].leaf->literal = kept[j];
    return seq;
  }

  LocalSearchResult finish(double start_objective) {
    LocalSearchResult r;
    r.evaluations = evaluations_;
    bool improved = best_ < start_objective && commit_changed(nullptr);
    r.committed = std::move(committed_);
    if (!improved) {
      for (Variable& v : vars_) v.changed = false;
      r.objective = start_objective;
      return r;  // r.tree stays empty: the caller keeps its own
    }
    r.tree = std::move(tree_);
    r.objective = best_;
    r.improved = true;
    return r;
  }

  const TreeFactory& trees_;
  TestRunner& runner_;
  GpTree tree_;
  LocalTarget target_;
  const LocalSearchOptions& opt_;
  const ProbeSink& sink_;
  std::vector<Variable> vars_;
  std::vector<std::pair<LiteralKind, uint32_t>> committed_;
  double best_ = 3;
  uint32_t evaluations_ = 0;
};

}  // namespace

LocalSearchResult local_search(const TreeFactory& trees, TestRunner& runner, const GpTree& start, double start_objective,
                               const LocalTarget& target, const LocalSearchOptions& options, const ProbeSink& sink) {
  LocalSearchResult r = Avm(trees, runner, start, target, options, sink).run(start_objective);
  if (!r.improved) r.tree = start;
  return r;
}

}  // namespace objgen::evolve
