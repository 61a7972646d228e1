#include "gen/seeding/template_synthesis.hpp"

#include <algorithm>

#include "model/class_shells.hpp"

namespace objgen::seeding {
namespace {

using analysis::PathStep;
using evolve::GpNode;
using evolve::TypeKey;

constexpr int kMaxBuildDepth = 6;  // object layers a template builds (the graph's depth bounds it too)

template <class T>
const T& roulette(const std::vector<T>& options, Rng& rng) {
  double total = 0;
  for (const T& o : options) total += o.weight;
  double r = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * total;
  for (const T& o : options) {
    if (r < o.weight) return o;
    r -= o.weight;
  }
  return options.back();
}

// The path's steps after element reads: what an element of a container must hold.
std::span<const PathStep> past_elements(std::span<const PathStep> p) {
  while (!p.empty() && p.front().kind != PathStep::Kind::Field) p = p.subspan(1);
  return p;
}

}  // namespace

std::string comparable_class_name(const std::string& name) {
  std::string out;
  for (char c : name)
    if (c != ' ') out += c;
  return out.rfind("::", 0) == 0 ? out.substr(2) : out;
}

TemplateSynthesizer::TemplateSynthesizer(const Api& api, const evolve::InputDomain& domain, const evolve::TreeFactory& trees,
                                         WriterProvider writers, TemplateOptions options)
    : api_(api), domain_(domain), trees_(trees), writers_(std::move(writers)), options_(options) {}

bool TemplateSynthesizer::class_matches(TypeKey type, const std::string& cls) const {
  if (type.literal) return false;
  std::string name = demangled_class_name(static_cast<ClassId>(type.id));
  return comparable_class_name(name) == comparable_class_name(cls);
}

int TemplateSynthesizer::implicit_function(uint32_t op) const {
  for (size_t f = 0; f < domain_.functions.size(); ++f)
    if (domain_.functions[f].op == op && domain_.functions[f].item == evolve::Item::Implicit) return static_cast<int>(f);
  return -1;
}

evolve::GpTree TemplateSynthesizer::synthesize(const analysis::ObjectGraph& graph, Rng& rng) const {
  // Containers inside containers multiply the calls: fewer repeats until the template fits.
  for (int repeats = options_.max_repeats; repeats >= 1; repeats = repeats > 1 ? repeats / 2 : 0) {
    evolve::GpTree t = synthesize_once(graph, repeats, rng);
    if (trees_.call_count(t) <= options_.max_calls) return t;
  }
  return trees_.random_tree_within_limits(rng);
}

evolve::GpTree TemplateSynthesizer::synthesize_once(const analysis::ObjectGraph& graph, int repeats, Rng& rng) const {
  repeats_ = repeats;
  evolve::GpTree t = trees_.random_tree_within_limits(rng);
  const Operation& mut = api_.operations()[trees_.mut()];
  for (size_t i = 0; i < mut.params.size() && i < t.root.children.size(); ++i) {
    TypeKey type = evolve::type_of(mut.params[i]);
    if (type.literal) continue;
    Paths paths;
    for (const analysis::AccessPath& p : graph.leaves)
      if (p.input == static_cast<int>(i) && !p.steps.empty()) paths.push_back(p.steps);
    if (!paths.empty()) t.root.children[i] = build(type, paths, 0, rng);
  }
  return t;
}

// A creator of the type: a constructor that writes a field the paths need (by the writers'
// weights), else the shallowest way the function set has.
GpNode TemplateSynthesizer::creator(TypeKey type, const std::vector<analysis::FieldRef>& fields, Rng& rng) const {
  std::vector<WriterChoice> ctors;
  for (const analysis::FieldRef& f : fields)
    for (const WriterChoice& w : writers_(f)) {
      const Operation& o = api_.operations()[w.op];
      if (o.kind == OpKind::Constructor && o.result.is_object() && o.result.cls == type.id) ctors.push_back(w);
    }
  uint32_t chosen = ctors.empty() ? UINT32_MAX : roulette(ctors, rng).op;
  for (size_t fn = 0; !ctors.empty() && fn < domain_.functions.size(); ++fn) {
    const evolve::GpFunction& gf = domain_.functions[fn];
    if (gf.op != chosen || gf.item != evolve::Item::Return) continue;
    GpNode n;
    n.type = type;
    n.function = static_cast<int32_t>(fn);
    for (TypeKey c : gf.children) n.children.push_back(trees_.random_subtree(c, c.literal ? 0 : 1, rng));
    return n;
  }
  return trees_.random_subtree(type, 1, rng);
}

GpNode TemplateSynthesizer::build(TypeKey type, const Paths& paths, int depth, Rng& rng) const {
  std::vector<analysis::FieldRef> fields;  // this object's fields the paths go through, in path order
  for (std::span<const PathStep> p : paths)
    if (p.front().kind == PathStep::Kind::Field && class_matches(type, p.front().field.cls) &&
        std::find(fields.begin(), fields.end(), p.front().field) == fields.end())
      fields.push_back(p.front().field);
  GpNode node = creator(type, fields, rng);
  if (depth >= kMaxBuildDepth) return node;
  std::vector<uint32_t> applied;  // a setter writing two of the fields (setSupervisor: supervisor_, has_supervisor_) runs once
  for (const analysis::FieldRef& f : fields) {
    std::vector<WriterChoice> ws;
    bool written = false;
    for (const WriterChoice& w : writers_(f)) {
      const Operation& o = api_.operations()[w.op];
      written = written || std::find(applied.begin(), applied.end(), w.op) != applied.end();
      if (o.kind == OpKind::Method && o.owner == type.id && implicit_function(w.op) >= 0) ws.push_back(w);
    }
    if (ws.empty() || written) continue;
    Paths rest;
    bool container = false;
    for (std::span<const PathStep> p : paths)
      if (p.front().kind == PathStep::Kind::Field && p.front().field == f) {
        rest.push_back(p.subspan(1));
        container = container || (p.size() > 1 && p[1].kind != PathStep::Kind::Field);
      }
    for (int r = 0, times = 1; r < times; ++r) {
      const WriterChoice& w = roulette(ws, rng);
      if (r == 0 && repeats(w, container)) times = 1 + static_cast<int>(rng.below(repeats_));
      applied.push_back(w.op);
      node = apply_writer(std::move(node), w.op, rest, depth, rng);
    }
  }
  return write_parts(std::move(node), paths, depth, rng);
}

// Writes that add up run 1..max_repeats times: a container's (size(), elements), one without
// arguments of its own (addWin(), team(i).addWin(): it changes its field by repetition only) and
// one whose new value reads the old (stamp(), deposit(x) into a total).
bool TemplateSynthesizer::repeats(const WriterChoice& w, bool container) const {
  const Operation& o = api_.operations()[w.op];
  return container || w.accumulates || o.params.size() == (o.through.derived() ? o.through.accessor_arity : 1);
}

// Parts the object hands out by reference (league.team(i)): for a path through one of its
// fields into a part's field, the calls through an accessor that write the part's field, with
// the accessor's arguments kept when the call repeats, so repeats reach the same part.
GpNode TemplateSynthesizer::write_parts(GpNode node, const Paths& paths, int depth, Rng& rng) const {
  std::vector<analysis::FieldRef> done;
  for (std::span<const PathStep> p : paths) {
    if (p.front().kind != PathStep::Kind::Field || !class_matches(node.type, p.front().field.cls)) continue;
    std::span<const PathStep> part = past_elements(p.subspan(1));
    if (part.empty() || std::find(done.begin(), done.end(), part.front().field) != done.end()) continue;
    const analysis::FieldRef& g = part.front().field;
    done.push_back(g);
    std::vector<WriterChoice> ws;
    for (const WriterChoice& w : writers_(g)) {
      const Operation& o = api_.operations()[w.op];
      if (o.through.derived() && o.owner == node.type.id && implicit_function(w.op) >= 0) ws.push_back(w);
    }
    if (ws.empty()) continue;
    Paths rest;
    for (std::span<const PathStep> q : paths)
      if (std::span<const PathStep> r = q.empty() ? q : past_elements(q.subspan(1)); !r.empty() && r.front().field == g)
        rest.push_back(r.subspan(1));
    const WriterChoice& w = roulette(ws, rng);
    uint32_t op = w.op;
    bool container = part.size() > 1 && part[1].kind != PathStep::Kind::Field;
    int times = repeats(w, container) ? 1 + static_cast<int>(rng.below(repeats_)) : 1;
    std::vector<GpNode> accessor_args;
    for (int r = 0; r < times; ++r) {
      node = apply_writer(std::move(node), op, rest, depth, rng);
      keep_accessor_arguments(node, op, accessor_args);
    }
  }
  return node;
}

// The first call's accessor arguments, copied into every later one.
void TemplateSynthesizer::keep_accessor_arguments(GpNode& call, uint32_t op, std::vector<GpNode>& kept) const {
  const evolve::GpFunction& gf = domain_.functions[implicit_function(op)];
  uint32_t arity = api_.operations()[op].through.accessor_arity;
  for (size_t k = 1; k < gf.children.size() && k < arity; ++k) {  // children are the parameters, receiver first
    if (k == gf.slot) continue;
    if (kept.size() < k)
      kept.push_back(call.children[k]);
    else
      call.children[k] = kept[k - 1];
  }
}

// receiver.op(args): an argument of a class the remaining paths continue into is built along
// them (setCv(cv) for Supervisor::cv_ . CV::awards_), any other argument is free.
GpNode TemplateSynthesizer::apply_writer(GpNode receiver, uint32_t op, const Paths& rest, int depth, Rng& rng) const {
  int f = implicit_function(op);
  const evolve::GpFunction& gf = domain_.functions[f];
  GpNode n;
  n.type = receiver.type;
  n.function = f;
  for (size_t k = 0; k < gf.children.size(); ++k) {
    TypeKey ct = gf.children[k];
    if (k == gf.slot) {
      // NOLINTNEXTLINE(bugprone-use-after-move): one child is the slot, so the receiver moves once
      n.children.push_back(std::move(receiver));
      continue;
    }
    Paths sub;
    for (std::span<const PathStep> p : rest) {
      std::span<const PathStep> q = past_elements(p);
      if (!q.empty() && class_matches(ct, q.front().field.cls)) sub.push_back(q);
    }
    n.children.push_back(sub.empty() ? trees_.random_subtree(ct, ct.literal ? 0 : 2, rng) : build(ct, sub, depth + 1, rng));
  }
  return n;
}

}  // namespace objgen::seeding
