// EvoObj's test templates (seed 002, §3.3 and Algorithm 1), as typed GP trees: from the object
// construction graph of an uncovered branch, a call of the method under test whose object inputs
// are built by calls that write the fields the branch reads (constructors, setters, mutators
// chosen by roulette over their scores), layer by layer down the graph's access paths. Every
// leaf is a free slot: primitive terminals the search mutates, and objects no path constrains,
// built any way the function set can. Templates only use the registered public API.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "analysis/object_graph.hpp"
#include "gen/evolve/gp_tree.hpp"

namespace objgen::seeding {

// An operation that writes a field, and how much the paper's criteria favour it (more inputs the
// write depends on, fewer guards on its path, shorter call paths: higher).
struct WriterChoice {
  uint32_t op;
  double weight;
  uint32_t samples = 0, changed = 0;  // run-time confirmation: calls probed, calls that changed the field
  bool accumulates = false;           // adds to the field's old value: repeats reach thresholds (stamps() >= 6)
};
using WriterProvider = std::function<std::vector<WriterChoice>(const analysis::FieldRef&)>;

struct TemplateOptions {
  int max_repeats = 8;  // a container field's writer runs 1..max_repeats times (size(), elements)
  size_t max_calls = 40;
};

class TemplateSynthesizer {
 public:
  TemplateSynthesizer(const Api& api, const evolve::InputDomain& domain, const evolve::TreeFactory& trees, WriterProvider writers,
                      TemplateOptions options);
  // A template for the branch `graph` leads to; a random tree when no input of the method has a
  // path to build along.
  evolve::GpTree synthesize(const analysis::ObjectGraph& graph, Rng& rng) const;

 private:
  using Paths = std::vector<std::span<const analysis::PathStep>>;
  evolve::GpTree synthesize_once(const analysis::ObjectGraph& graph, int repeats, Rng& rng) const;
  evolve::GpNode build(evolve::TypeKey type, const Paths& paths, int depth, Rng& rng) const;
  evolve::GpNode creator(evolve::TypeKey type, const std::vector<analysis::FieldRef>& fields, Rng& rng) const;
  evolve::GpNode apply_writer(evolve::GpNode receiver, uint32_t op, const Paths& rest, int depth, Rng& rng) const;
  evolve::GpNode write_parts(evolve::GpNode node, const Paths& paths, int depth, Rng& rng) const;
  void keep_accessor_arguments(evolve::GpNode& call, uint32_t op, std::vector<evolve::GpNode>& kept) const;
  bool repeats(const WriterChoice& w, bool container) const;
  int implicit_function(uint32_t op) const;  // the GP function that calls op and yields its receiver
  bool class_matches(evolve::TypeKey type, const std::string& cls) const;

  const Api& api_;
  const evolve::InputDomain& domain_;
  const evolve::TreeFactory& trees_;
  WriterProvider writers_;
  TemplateOptions options_;
  mutable int repeats_ = 1;  // of the synthesis running
};

// Per target node of one method: what seeding found and made.
struct BranchSeedStats {
  uint32_t node = 0;
  uint32_t graph_nodes = 0, graph_leaves = 0;
  double analysis_seconds = 0;  // graph (once per node)
  uint32_t templates = 0;
  double template_seconds = 0;  // all syntheses for the node
  uint64_t template_calls = 0;  // summed over its templates
  std::string error;            // why no graph ("" when one was built)
};

// The class name as Api and IR both spell it, without blanks ("std::vector<int,std::allocator<int>>").
std::string comparable_class_name(const std::string& name);

}  // namespace objgen::seeding
