// Proof that a set of builders is right at a scope, by bounded-exhaustive generation:
//   sufficient: the builders build exactly the set of target states the whole API builds
//               (the sets of states are compared, not their sizes: canonical forms, or groups of
//               them the class's operator== calls equal where options.group_equal says);
//   minimal:    without any one builder, at least one of those states is lost.
// Each claim comes with witnesses: a state the builders miss, or for each builder a state that
// needs it, as the C++ sequence that builds it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "gen/builders/builder_search.hpp"

namespace objgen::builders {

struct Witness {
  std::string builder;    // the builder left out (minimality), empty for sufficiency
  FlatSequence sequence;  // the calls building the state (src/emit writes them as C++)
  LiteralDomain domain;   // what its literal indices refer to
};

struct ScopeProof {
  uint32_t scope = 0;
  size_t builder_states = 0;  // target states the builders build
  size_t api_states = 0;      // target states the whole API builds
  // States are compared as the class's operator== tells them apart (options.group_equal), and
  // counted so above; the canonical forms each run built, which it may tell apart more finely:
  bool by_equality = false;
  size_t builder_representations = 0;
  size_t api_representations = 0;
  bool sufficient = false;
  bool minimal = false;
  bool complete = true;                // every run reached its fixpoint with no hang
  std::vector<Witness> missing;        // states of the API the builders do not build (first few)
  std::vector<Witness> extra;          // states the builders build and the API does not (must be none)
  std::vector<Witness> needed;         // per builder: a state lost without it
  std::vector<std::string> redundant;  // builders whose removal loses nothing
  double seconds = 0;
  uint64_t api_explored = 0;  // candidates of the whole API's run (most of the proof's cost)
};

struct Verification {
  std::vector<ScopeProof> scopes;
  bool sufficient() const;
  bool minimal() const;
  // Every run reached its fixpoint. When not, a "no" above is not a disproof: the verdict is
  // unknown (the builders may build every state, given the time the run did not have).
  bool complete() const;
  const char* verdict() const;  // "proved", "disproved" or "unknown"
};

// api_operations: the whole API to compare against (all operations, observers included).
Verification verify_builders(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& builders,
                             const std::vector<uint32_t>& api_operations, const std::vector<uint32_t>& scopes);

// One scope's proof; builders_run: the builders' own exhaustive run at that scope, when the
// caller made it already (the ladder does, to predict the proof's cost), so it is not run twice.
ScopeProof prove_scope(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& builders,
                       const std::vector<uint32_t>& api_operations, uint32_t scope,
                       std::optional<exhaustive::ExhaustiveResult> builders_run = std::nullopt);

}  // namespace objgen::builders
