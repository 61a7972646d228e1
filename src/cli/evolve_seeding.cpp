#include "cli/evolve_seeding.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "gen/evolve/mut_coverage.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cli {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::vector<std::string> split_arguments(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  for (char c : s) {
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    if (c != ' ' || !cur.empty()) cur += c;
  }
  if (!cur.empty()) out.push_back(cur);
  for (std::string& a : out)
    while (!a.empty() && a.back() == ' ') a.pop_back();
  return out;
}

// How a write through a library call changes a container: the paths a template builds along end
// in its size or elements, which calls that add reach and calls that remove undo.
double growth_factor(const std::string& how) {
  size_t at = how.rfind("::");
  std::string member = at == std::string::npos ? how : how.substr(at + 2);
  for (const char* grows : {"push_back", "emplace_back", "push_front", "emplace_front", "insert", "emplace", "try_emplace",
                            "insert_or_assign", "operator[]", "resize", "assign", "push"})
    if (member == grows) return 2.0;
  for (const char* shrinks : {"clear", "erase", "pop_back", "pop_front", "pop", "swap", "reset"})
    if (member == shrinks) return 0.1;
  return 1.0;
}

}  // namespace

std::map<std::string, std::vector<std::string>> harness_field_names(const std::string& text) {
  std::map<std::string, std::vector<std::string>> out;
  static const std::regex macro(R"(OBJGEN_FIELDS(_WITH_BASE)?\((.*)\))");
  static const std::regex block(R"(struct objgen::Fields<(.+)> \{)");
  static const std::regex field(R"rx(v\.(field|base)\("?([A-Za-z_]\w*)?)rx");
  std::string current;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    std::smatch m;
    if (line.rfind("//", 0) == 0) continue;
    if (std::regex_search(line, m, macro)) {
      std::vector<std::string> args = split_arguments(m[2].str());
      if (args.empty()) continue;
      std::vector<std::string>& names = out[seeding::comparable_class_name(args[0])];
      size_t first = 1;
      if (m[1].matched) {
        names.push_back("");  // the base subobject
        first = 2;
      }
      names.insert(names.end(), args.begin() + static_cast<long>(std::min(first, args.size())), args.end());
    } else if (std::regex_search(line, m, block)) {
      current = seeding::comparable_class_name(m[1].str());
      out[current];
    } else if (!current.empty() && std::regex_search(line, m, field)) {
      out[current].push_back(m[1].str() == "base" ? "" : m[2].str());
    } else if (line.rfind("};", 0) == 0) {
      current.clear();
    }
  }
  return out;
}

SeedingSession::SeedingSession(const std::string& build_directory, const Api& api, const std::vector<uint32_t>& members, int depth)
    : api_(api) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(build_directory, ec))
    if (e.path().string().size() > 7 && e.path().string().ends_with(".cov.ll")) files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw std::runtime_error("no instrumented IR (*.cov.ll) in " + build_directory + " (--rebuild-harness?)");
  ir_ = std::make_unique<analysis::IrProgram>(files);
  slice_.depth = depth;
  if (auto text = read_whole_file(build_directory + "/harness.cpp"))
    for (auto& [cls, names] : harness_field_names(*text)) ir_->name_fields(cls, names);
  std::vector<std::string> functions = ir_->defined_functions();
  for (uint32_t op : members) {
    // A call through a reference (league.team(i).addWin()) writes what its second call writes.
    const Operation& o = api.operations()[op];
    const Operation& body = o.through.derived() ? api.operations()[o.through.call] : o;
    if (int f = evolve::find_operation_body(functions, body); f >= 0) ops_by_function_[functions[f]].push_back(op);
  }
}

SeedingSession::~SeedingSession() = default;

seeding::BranchSeedStats& SeedingSession::stats_of(uint32_t node) {
  for (seeding::BranchSeedStats& s : stats_)
    if (s.node == node) return s;
  stats_.push_back({});
  stats_.back().node = node;
  return stats_.back();
}

const analysis::ObjectGraph* SeedingSession::graph(const cover::CoveredFunction& mut, uint32_t node) {
  auto it = graphs_.find(node);
  if (it != graphs_.end()) return it->second.get();
  seeding::BranchSeedStats& st = stats_of(node);
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<analysis::ObjectGraph> g;
  try {
    g = std::make_unique<analysis::ObjectGraph>(ir_->graph_for(mut.mangled, mut.nodes[node].label, slice_));
    st.graph_nodes = static_cast<uint32_t>(g->nodes.size());
    st.graph_leaves = static_cast<uint32_t>(g->leaves.size());
    for (const analysis::AccessPath& p : g->leaves)  // the writers are part of the analysis' cost
      for (const analysis::PathStep& s : p.steps)
        if (s.kind == analysis::PathStep::Kind::Field) writers(s.field);
  } catch (const std::exception& e) {
    st.error = e.what();
  }
  st.analysis_seconds = seconds_since(start);
  return (graphs_[node] = std::move(g)).get();
}

// The paper's criteria as a weight: writes depending on more inputs (a setter's argument), on
// fewer guards and through fewer nested calls come first.
std::vector<seeding::WriterChoice> SeedingSession::writers(const analysis::FieldRef& field) {
  std::string key = field.cls + "#" + std::to_string(field.element) + field.name;
  auto it = writers_.find(key);
  if (it != writers_.end()) return it->second;
  std::vector<seeding::WriterChoice> out;
  for (const analysis::FieldWriter& w : ir_->writers_of(field, slice_)) {
    auto ops = ops_by_function_.find(w.function);
    if (ops == ops_by_function_.end()) continue;
    double weight = (1.0 + w.inputs) / (1.0 + w.guards) / (1.0 + w.call_depth) * growth_factor(w.how);
    for (uint32_t op : ops->second) out.push_back({op, weight, 0, 0, w.accumulates});
  }
  for (seeding::WriterChoice& w : out) confirm(field, w);
  return writers_[key] = out;
}

void SeedingSession::confirm_writers(const evolve::InputDomain& domain, const LiteralDomain& terminals, double call_timeout,
                                     size_t worker_memory_limit) {
  RunnerOptions ro;
  ro.probe = true;
  ro.call_timeout_seconds = call_timeout;
  ro.worker_memory_limit_bytes = worker_memory_limit;
  probe_ = std::make_unique<TestRunner>(api_, terminals, ro);
  probe_domain_ = &domain;
  probe_terminals_ = &terminals;
  writers_.clear();
  evidence_.clear();
}

// Test cases ending in a call of op, run in the probing worker (the code under test never runs
// here): how often the call changed each field of its receiver. Constructors are not probed.
const SeedingSession::WriterEvidence& SeedingSession::evidence(uint32_t op) {
  auto [it, fresh] = evidence_.try_emplace(op);
  WriterEvidence& ev = it->second;
  if (!fresh || !probe_ || api_.operations()[op].kind != OpKind::Method) return ev;
  constexpr int kSamples = 48;
  evolve::TreeFactory trees(api_, *probe_domain_, *probe_terminals_, op, evolve::TreeLimits{});
  if (!trees.can_build()) return ev;
  Rng rng(0x7772697465727300ull ^ op);
  std::vector<FlatSequence> tests;
  for (int i = 0; i < kSamples; ++i) {
    evolve::GpTree t = trees.random_tree_within_limits(rng);
    // Half the receivers have had other mutators first: a guarded write (withdraw() up to the
    // balance) needs state a fresh object lacks.
    if (i % 2 && !t.root.children.empty()) t.root.children[0] = warmed(trees, std::move(t.root.children[0]), rng);
    if (trees.call_count(t) <= kMaxTestCalls) tests.push_back(trees.linearize(t));
  }
  for (const TestOutcome& o : probe_->run(tests)) {
    if (!o.feasible || o.outcome != Outcome::Normal || !(o.probed_mask & 1u)) continue;
    ++ev.samples;
    ev.receiver_changed += o.changed_mask & 1u;
    for (size_t f = 0; f < o.receiver_fields.size(); ++f) {
      ++ev.fields_seen[o.receiver_fields[f]];
      if ((o.receiver_fields_changed >> f) & 1u) ++ev.fields_changed[o.receiver_fields[f]];
    }
  }
  return ev;
}

// The receiver after 1..6 calls of its class's members that return it (deposit(x), stamp()).
evolve::GpNode SeedingSession::warmed(const evolve::TreeFactory& trees, evolve::GpNode receiver, Rng& rng) const {
  std::vector<uint32_t> mutators;
  for (size_t f = 0; f < probe_domain_->functions.size(); ++f) {
    const evolve::GpFunction& gf = probe_domain_->functions[f];
    if (gf.item == evolve::Item::Implicit && gf.returns == receiver.type && api_.operations()[gf.op].kind == OpKind::Method)
      mutators.push_back(static_cast<uint32_t>(f));
  }
  for (int k = mutators.empty() ? 0 : 1 + static_cast<int>(rng.below(6)); k > 0; --k) {
    const evolve::GpFunction& gf = probe_domain_->functions[mutators[rng.below(mutators.size())]];
    evolve::GpNode n;
    n.type = receiver.type;
    n.function = static_cast<int32_t>(&gf - probe_domain_->functions.data());
    for (size_t c = 0; c < gf.children.size(); ++c)
      // NOLINTNEXTLINE(bugprone-use-after-move): one child is the slot, so the receiver moves once per call
      n.children.push_back(c == gf.slot ? std::move(receiver) : trees.random_subtree(gf.children[c], gf.children[c].literal ? 0 : 1, rng));
    receiver = std::move(n);
  }
  return receiver;
}

void SeedingSession::confirm(const analysis::FieldRef& field, seeding::WriterChoice& w) {
  const WriterEvidence& ev = evidence(w.op);
  const Operation& op = api_.operations()[w.op];
  // The field itself when the probes saw it (not past 32 fields, a name the IR and the
  // description share); else, as through a reference, whatever the receiver reaches.
  uint64_t name = field_name_hash(field.name);
  auto seen = ev.fields_seen.find(name);
  bool own_field = !op.through.derived() && !field.name.empty() && seen != ev.fields_seen.end();
  auto changed = ev.fields_changed.find(name);
  w.samples = own_field ? seen->second : ev.samples;
  w.changed = own_field ? (changed == ev.fields_changed.end() ? 0 : changed->second) : ev.receiver_changed;
  constexpr uint32_t kEnoughSamples = 5;
  if (w.samples >= kEnoughSamples && w.changed == 0) w.weight *= 0.05;
}

analysis::ConstantPool SeedingSession::constants(const std::string& mut_mangled) {
  analysis::ConstantPool pool = ir_->constants(mut_mangled, slice_);
  for (const auto& [function, ops] : ops_by_function_) pool.merge(ir_->constants(function, slice_));
  return pool;
}

std::map<uint32_t, analysis::ConstantPool> SeedingSession::pools(const cover::CoverageMap& map, const std::vector<uint32_t>& muts) {
  std::map<uint32_t, analysis::ConstantPool> out;
  for (uint32_t op : muts)
    if (int fn = evolve::find_operation_function(map, api_.operations()[op]); fn >= 0) {
      try {
        out[op] = constants(map.functions[fn].mangled);
      } catch (const std::invalid_argument& e) {  // a body the IR does not hold: no pool for it
        std::fprintf(stderr, "objgen: no constant pool for %s (%s)\n", api_.operations()[op].signature().c_str(), e.what());
      }
    }
  return out;
}

void SeedingSession::attach(const cover::CoveredFunction& mut, const evolve::InputDomain& domain, const evolve::TreeFactory& trees,
                            size_t max_calls, evolve::EvolveOptions& options) {
  graphs_.clear();
  stats_.clear();
  seeding::TemplateOptions to;
  to.max_calls = max_calls;
  synthesizer_ = std::make_unique<seeding::TemplateSynthesizer>(
      api_, domain, trees, [this](const analysis::FieldRef& f) { return writers(f); }, to);
  options.seed_template = [this, &mut, &trees](uint32_t node, Rng& rng, evolve::GpTree& out) {
    if (node >= mut.nodes.size()) return false;  // a callee's node (--coverage-scope): not analysed
    const analysis::ObjectGraph* g = graph(mut, node);
    if (!g || g->leaves.empty()) return false;
    auto start = std::chrono::steady_clock::now();
    out = synthesizer_->synthesize(*g, rng);
    seeding::BranchSeedStats& st = stats_of(node);
    st.template_seconds += seconds_since(start);
    ++st.templates;
    st.template_calls += trees.call_count(out);
    return true;
  };
}

}  // namespace objgen::cli
