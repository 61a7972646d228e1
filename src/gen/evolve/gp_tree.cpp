#include "gen/evolve/gp_tree.hpp"

#include <algorithm>

namespace objgen::evolve {
namespace {

constexpr int kUnreachable = 1000;

void collect(GpNode& n, std::vector<GpNode*>& out) {
  for (GpNode& c : n.children) {
    out.push_back(&c);
    collect(c, out);
  }
}

int depth_of(const GpNode& n) {
  if (n.function < 0 && n.type.literal) return 0;
  int d = 0;
  for (const GpNode& c : n.children) d = std::max(d, depth_of(c));
  return d + 1;
}

size_t calls_in(const GpNode& n) {
  if (n.function < 0 && n.type.literal) return 0;
  size_t c = 1;
  for (const GpNode& k : n.children) c += calls_in(k);
  return c;
}

}  // namespace

TreeFactory::TreeFactory(const Api& api, const InputDomain& domain, const LiteralDomain& terminals, uint32_t mut, TreeLimits limits)
    : api_(api), domain_(domain), mut_(mut), limits_(limits) {
  for (size_t k = 0; k < drawn_.size(); ++k) drawn_[k] = terminals.of(static_cast<LiteralKind>(k)).size();
  for (uint32_t f = 0; f < domain.functions.size(); ++f) {
    TypeKey t = domain.functions[f].returns;
    auto it = std::find_if(by_type_.begin(), by_type_.end(), [&](const auto& e) { return e.first == t; });
    if (it == by_type_.end())
      by_type_.push_back({t, {f}});
    else
      it->second.push_back(f);
  }
  // Fixed point: the shallowest tree of each type (terminals have depth 0, a call 1 + its deepest child).
  for (const auto& [t, fs] : by_type_) min_depth_.push_back({t, kUnreachable});
  for (bool changed = true; changed;) {
    changed = false;
    for (auto& [t, depth] : min_depth_)
      for (uint32_t f : functions_returning(t))
        if (function_depth(f) < depth) {
          depth = function_depth(f);
          changed = true;
        }
  }
}

const std::vector<uint32_t>& TreeFactory::functions_returning(TypeKey t) const {
  static const std::vector<uint32_t> none;
  for (const auto& [type, fs] : by_type_)
    if (type == t) return fs;
  return none;
}

int TreeFactory::function_depth(uint32_t f) const {
  int d = 0;
  for (TypeKey c : domain_.functions[f].children) d = std::max(d, min_depth(c));
  return d + 1;
}

int TreeFactory::min_depth(TypeKey t) const {
  if (t.literal) return 0;
  for (const auto& [type, d] : min_depth_)
    if (type == t) return d;
  return kUnreachable;
}

bool TreeFactory::can_build() const {
  for (const SlotType& p : api_.operations()[mut_].params)
    if (min_depth(type_of(p)) >= kUnreachable) return false;
  return true;
}

GpNode TreeFactory::random_subtree(TypeKey type, int max_depth, Rng& rng) const {
  GpNode n;
  n.type = type;
  if (type.literal) {
    const std::vector<uint32_t>& pool = bias_.indices[type.id];
    if (!pool.empty() && rng.chance(bias_.probability))
      n.literal = pool[rng.below(pool.size())];
    else
      n.literal = static_cast<uint32_t>(rng.below(drawn_[type.id]));
    return n;
  }
  const auto& candidates = functions_returning(type);
  std::vector<uint32_t> fitting;
  for (uint32_t f : candidates)
    if (function_depth(f) <= max_depth) fitting.push_back(f);
  uint32_t f = fitting.empty()  // nothing fits the depth: take the shallowest there is
                   ? *std::min_element(candidates.begin(), candidates.end(),
                                       [&](uint32_t a, uint32_t b) { return function_depth(a) < function_depth(b); })
                   : fitting[rng.below(fitting.size())];
  n.function = static_cast<int32_t>(f);
  for (TypeKey c : domain_.functions[f].children) n.children.push_back(random_subtree(c, max_depth - 1, rng));
  return n;
}

GpTree TreeFactory::random_tree(Rng& rng, int depth) const {
  GpTree t;
  if (depth <= 0) depth = limits_.init_min_depth + static_cast<int>(rng.below(limits_.init_max_depth - limits_.init_min_depth + 1));
  for (const SlotType& p : api_.operations()[mut_].params) t.root.children.push_back(random_subtree(type_of(p), depth - 1, rng));
  return t;
}

GpTree TreeFactory::random_tree_within_limits(Rng& rng) const {
  for (int attempt = 0; attempt < 20; ++attempt) {
    GpTree t = random_tree(rng);
    if (within_limits(t)) return t;
  }
  return random_tree(rng, 1);  // every choice falls back to the shallowest function
}

bool TreeFactory::crossover(GpTree& a, GpTree& b, Rng& rng) const {
  std::vector<GpNode*> in_a, in_b, same;
  collect(a.root, in_a);
  collect(b.root, in_b);
  if (in_a.empty()) return false;
  GpNode* x = in_a[rng.below(in_a.size())];
  for (GpNode* y : in_b)
    if (y->type == x->type) same.push_back(y);
  if (same.empty()) return false;
  std::swap(*x, *same[rng.below(same.size())]);
  return true;
}

void TreeFactory::mutate(GpTree& t, Rng& rng) const {
  std::vector<GpNode*> nodes;
  collect(t.root, nodes);
  if (nodes.empty()) return;
  GpNode* x = nodes[rng.below(nodes.size())];
  if (x->type.literal && limits_.small_steps && rng.below(2) == 0) {  // to a neighbouring terminal
    size_t n = drawn_[x->type.id];
    bool up = rng.below(2) == 0;
    if (up && x->literal + 1 < n) return void(++x->literal);
    if (!up && x->literal > 0) return void(--x->literal);
  }
  int depth = 1 + static_cast<int>(rng.below(limits_.init_max_depth));
  *x = random_subtree(x->type, depth, rng);
}

bool TreeFactory::within_limits(const GpTree& t) const {
  return depth_of(t.root) <= limits_.max_depth && call_count(t) <= limits_.max_calls;
}

size_t TreeFactory::call_count(const GpTree& t) const { return calls_in(t.root); }

int TreeFactory::linearize_node(const GpNode& n, FlatSequence& seq, int& next_value) const {
  uint32_t op = n.function >= 0 ? domain_.functions[n.function].op : mut_;
  const Operation& o = api_.operations()[op];
  FlatCall call;
  call.op = op;
  for (const GpNode& c : n.children)
    call.args.push_back(c.type.literal ? -1 - static_cast<int64_t>(c.literal) : linearize_node(c, seq, next_value));
  int result = o.result.is_object() ? next_value++ : -1;
  for (size_t i = 0; i < o.params.size(); ++i) call.produced.push_back(o.params[i].is_object() ? static_cast<int>(call.args[i]) : -1);
  call.produced.push_back(result);  // the slots, then the result, as every FlatCall has them (exec/sequence.hpp)
  seq.calls.push_back(std::move(call));
  if (n.function < 0) return result;
  const GpFunction& f = domain_.functions[n.function];
  return f.item == Item::Return ? result : static_cast<int>(seq.calls.back().args[f.slot]);
}

FlatSequence TreeFactory::linearize(const GpTree& t) const {
  FlatSequence seq;
  int next_value = 0;
  linearize_node(t.root, seq, next_value);
  return seq;
}

}  // namespace objgen::evolve
