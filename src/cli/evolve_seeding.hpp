// `objgen evolve --seeding evoobj`: the object construction graphs of a method's uncovered
// nodes (src/analysis over the coverage build's IR), the writers of the fields they read mapped
// to registered operations, and the templates synthesized from them (src/gen/seeding), with what
// each cost.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/ir_slicer.hpp"
#include "cover/coverage_map.hpp"
#include "gen/evolve/evolve.hpp"
#include "exec/test_runner.hpp"
#include "gen/seeding/template_synthesis.hpp"

namespace objgen::cli {

class SeedingSession {
 public:
  // Loads the IR of the harness in `build_directory` (every *.cov.ll) and the field names its
  // harness.cpp describes. Throws std::runtime_error when the IR cannot be read.
  SeedingSession(const std::string& build_directory, const Api& api, const std::vector<uint32_t>& members, int depth);
  ~SeedingSession();

  // Binds a template source for one method under test to `options` (seed_template).
  void attach(const cover::CoveredFunction& mut, const evolve::InputDomain& domain, const evolve::TreeFactory& trees, size_t max_calls,
              evolve::EvolveOptions& options);
  const std::vector<seeding::BranchSeedStats>& stats() const { return stats_; }
  // The graph of the node, computed on first use (null when the analysis failed: stats say why).
  const analysis::ObjectGraph* graph(const cover::CoveredFunction& mut, uint32_t node);
  analysis::IrProgram& program() { return *ir_; }
  std::vector<seeding::WriterChoice> writers(const analysis::FieldRef& field);
  // From here on writers are confirmed at run time, as purity is: each is called at the end of
  // random test cases in a probing worker; one whose calls never changed the field it writes
  // (through a reference: the receiver) keeps 1/20 of its weight. Without this, the IR alone.
  void confirm_writers(const evolve::InputDomain& domain, const LiteralDomain& terminals, double call_timeout, size_t worker_memory_limit);
  // Constants compared or passed on in the bodies of the method under test and of every
  // operation of the cluster (what their checks accept: id <= kLastId), with their callees': the
  // method's constant pool.
  analysis::ConstantPool constants(const std::string& mut_mangled);
  // The pool of each method under test whose body the map and the IR hold (the others are
  // named on stderr).
  std::map<uint32_t, analysis::ConstantPool> pools(const cover::CoverageMap& map, const std::vector<uint32_t>& muts);

 private:
  seeding::BranchSeedStats& stats_of(uint32_t node);
  struct WriterEvidence {
    uint32_t samples = 0, receiver_changed = 0;
    std::map<uint64_t, uint32_t> fields_seen, fields_changed;  // by field_name_hash: calls that read it, changed it
  };
  const WriterEvidence& evidence(uint32_t op);
  evolve::GpNode warmed(const evolve::TreeFactory& trees, evolve::GpNode receiver, Rng& rng) const;
  void confirm(const analysis::FieldRef& field, seeding::WriterChoice& w);

  const Api& api_;
  std::unique_ptr<analysis::IrProgram> ir_;
  analysis::SliceOptions slice_;
  std::map<std::string, std::vector<uint32_t>> ops_by_function_;  // demangled body -> operations
  std::map<std::string, std::vector<seeding::WriterChoice>> writers_;
  std::map<uint32_t, std::unique_ptr<analysis::ObjectGraph>> graphs_;
  std::vector<seeding::BranchSeedStats> stats_;
  std::unique_ptr<seeding::TemplateSynthesizer> synthesizer_;
  const evolve::InputDomain* probe_domain_ = nullptr;
  const LiteralDomain* probe_terminals_ = nullptr;
  std::unique_ptr<TestRunner> probe_;
  std::map<uint32_t, WriterEvidence> evidence_;
};

// Field names per class from a harness objgen wrote (OBJGEN_FIELDS lines and Fields<T> blocks),
// a base class counting as one unnamed element first.
std::map<std::string, std::vector<std::string>> harness_field_names(const std::string& harness_source);

}  // namespace objgen::cli
