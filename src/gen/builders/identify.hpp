// Builder identification end to end: observers out, then hill climbing or the genetic algorithm
// over the remaining operations. What the CLI, `--builders auto` and the bench call.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gen/builders/genetic.hpp"
#include "gen/builders/hill_climbing.hpp"
#include "gen/builders/observers.hpp"

namespace objgen {

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
  double seconds = 0;     // observers and search
  // False when interrupted or when an exhaustive run stopped early (a time limit): the builders
  // are the best found so far, not a finished search.
  bool complete = true;
};

struct IdentifyProgress {
  std::function<void(const Classification&)> on_classified;
  std::function<void(const ClimbStep&)> on_climb_step;
  std::function<void(const GenerationRecord&)> on_generation;
};

Identification identify_builders(const Api& api, const BuilderSearchOptions& options, BuilderAlgorithm algorithm,
                                 const IdentifyProgress& progress = {});

// Implementation members (ClassInfo::implementation_members) are searched last: only when the
// class's own operations build nothing beyond what its constructors build.
bool is_implementation_member(const Api& api, const Operation& op, ClassId target);
std::vector<uint32_t> own_interface(const Api& api, const std::vector<uint32_t>& ops, ClassId target);
bool uses_implementation_members(const Api& api, const std::vector<uint32_t>& ops, ClassId target);

// An exhaustive run with ops at the climbing scope, with whether it was complete.
size_t count_structures(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& ops,
                        bool* complete);

}  // namespace objgen
