// Builder identification end to end: observers out, then hill climbing or the genetic algorithm
// over the remaining operations. What the CLI, `--builders auto` and the bench call.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gen/builders/genetic.hpp"
#include "gen/builders/hill_climbing.hpp"
#include "gen/builders/observers.hpp"
#include "gen/builders/ruling_out.hpp"
#include "gen/builders/verify.hpp"

namespace objgen::builders {

enum class BuilderAlgorithm { HillClimbing, Genetic };
const char* algorithm_name(BuilderAlgorithm a);  // "hc", "ga"

struct Identification {
  BuilderAlgorithm algorithm = BuilderAlgorithm::HillClimbing;
  Classification classification;
  std::vector<uint32_t> builders;
  ClimbResult climb;      // with hill climbing
  GeneticResult genetic;  // with the genetic algorithm
  // The GA's fitness is measured by random generation, so its best set may keep a builder that
  // only helped by chance; such builders are dropped when exhaustive generation at the climbing
  // scope finds as many structures without them.
  std::vector<uint32_t> pruned;
  // The own interface built nothing beyond its constructors, so the search was run again with
  // the implementation members (ClassInfo::implementation_members).
  bool with_implementation_members = false;
  // Operations left out because their states break checks a set without them does not
  // (ruling_out.hpp); the builders and proofs are of the API without them.
  std::vector<RuledOut> ruled_out;
  // Per distinct finding (emit::identification_findings' order), when the run replayed them: ""
  // when its sequence alone showed it again in a fresh worker, else why not (gen/minimize/confirm).
  std::vector<std::string> finding_verdicts;
  // Why distinct finding i was not confirmed ("" when it was, or was not replayed).
  std::string unconfirmed(size_t i) const { return i < finding_verdicts.size() ? finding_verdicts[i] : std::string(); }
  double seconds = 0;  // observers and search
  // False when interrupted or when an exhaustive run stopped early (a time limit): the builders
  // are the best found so far, not a finished search.
  bool complete = true;
};

struct IdentifyProgress {
  std::function<void(const Classification&)> on_classified;
  std::function<void(const ClimbStep&)> on_climb_step;
  std::function<void(uint32_t op, size_t tried, size_t of)> on_climb_try;
  std::function<void(const GenerationRecord&)> on_generation;
  std::function<void(const ScopeProof&)> on_proof;  // the ladder's (identify_by_ladder)
};

Identification identify_builders(const Api& api, const BuilderSearchOptions& options, BuilderAlgorithm algorithm,
                                 const IdentifyProgress& progress = {});

// Builder identification within a time budget, for default runs: search at a small scope
// (cheap, and it already separates most candidates), then prove the builders at each larger
// scope while the budget allows; a proof that finds a state the builders miss resumes hill
// climbing at that scope from the builders so far, then proves again.
struct LadderOptions {
  uint32_t top_scope = 5;       // prove up to this scope
  double budget_seconds = 60;   // search and proofs together; a scope predicted not to fit is not started
  bool refine = true;           // resume climbing at a scope whose proof finds a missing state
  std::vector<uint32_t> given;  // prove these builders instead of searching
};

struct LadderResult {
  Identification id;
  Verification proofs;  // one per scope that finished, smallest first
  std::string stopped;  // why the ladder ended below top_scope, "" when it reached it
};

// A proof that finds builders sufficient but not minimal (two overloads that build the same
// states, each redundant beside the other, where the search's climbing scope could not tell them
// apart): drops the redundant builder with the costliest signature; true when one was dropped.
// The ladder then proves the smaller set at the same scope.
bool drop_redundant_builder(const Api& api, const BuilderSearchOptions& options, const ScopeProof& proof, std::vector<uint32_t>& builders);

LadderResult identify_by_ladder(const Api& api, BuilderSearchOptions options, BuilderAlgorithm algorithm, const LadderOptions& ladder,
                                const IdentifyProgress& progress = {});

// What builders are proven against: the whole API, or the class's own interface when the
// builders use no implementation member.
std::vector<uint32_t> comparison_operations(const Api& api, const std::vector<uint32_t>& ops, const std::vector<uint32_t>& builders,
                                            ClassId target);

// Implementation members (ClassInfo::implementation_members) are searched last: only when the
// class's own operations build nothing beyond what its constructors build.
bool is_implementation_member(const Api& api, const Operation& op, ClassId target);
std::vector<uint32_t> own_interface(const Api& api, const std::vector<uint32_t>& ops, ClassId target);
bool uses_implementation_members(const Api& api, const std::vector<uint32_t>& ops, ClassId target);

// An exhaustive run with ops at the climbing scope, with whether it was complete.
size_t count_structures(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& ops, bool* complete);

}  // namespace objgen::builders
