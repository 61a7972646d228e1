#include "gen/builders/identify.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include "gen/builders/proof_cost.hpp"

namespace objgen::builders {
namespace {

// The builders in the order they are tried for removal: the costliest signature first (of two
// builders that do the same, the one with fewer or more complex parameters stays: HeuriGenJ's
// signature complexity), the last registered first among equals.
std::vector<uint32_t> removal_order(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t> ops) {
  std::sort(ops.begin(), ops.end(), [&](uint32_t a, uint32_t b) {
    int ca = parameter_cost(api.operations()[a], options.weights), cb = parameter_cost(api.operations()[b], options.weights);
    return ca != cb ? ca > cb : a > b;
  });
  return ops;
}

// Drops each builder whose removal loses no structure (see removal_order); returns the dropped
// ones. Only counts of complete runs are compared.
std::vector<uint32_t> prune_redundant(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t>& builders,
                                      bool* complete) {
  std::vector<uint32_t> dropped;
  size_t full = count_structures(api, options, builders, complete);
  for (uint32_t op : removal_order(api, options, builders)) {
    if (!*complete) break;
    std::vector<uint32_t> rest = builders;
    std::erase(rest, op);
    bool rest_complete = true;
    size_t n = count_structures(api, options, rest, &rest_complete);
    if (!rest_complete) {
      *complete = false;
      break;
    }
    if (n < full) continue;
    dropped.push_back(op);
    builders = std::move(rest);
  }
  return dropped;
}

bool only_creators(const Api& api, const std::vector<uint32_t>& builders) {
  return std::all_of(builders.begin(), builders.end(), [&](uint32_t op) {
    OpKind k = api.operations()[op].kind;
    return k == OpKind::Constructor || k == OpKind::StaticFactory;
  });
}

}  // namespace

bool is_implementation_member(const Api& api, const Operation& op, ClassId target) {
  const ClassInfo* info = api.find_class(target);
  if (!info || op.owner != target || op.kind != OpKind::Method) return false;
  const auto& names = info->implementation_members;
  return std::find(names.begin(), names.end(), op.name) != names.end();
}

std::vector<uint32_t> own_interface(const Api& api, const std::vector<uint32_t>& candidates, ClassId target) {
  std::vector<uint32_t> own;
  for (uint32_t op : candidates)
    if (!is_implementation_member(api, api.operations()[op], target)) own.push_back(op);
  return own;
}

bool uses_implementation_members(const Api& api, const std::vector<uint32_t>& ops, ClassId target) {
  return std::any_of(ops.begin(), ops.end(), [&](uint32_t op) { return is_implementation_member(api, api.operations()[op], target); });
}

size_t count_structures(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& ops, bool* complete) {
  exhaustive::ExhaustiveResult r = exhaustive_with(api, options, ops, options.climb_scope);
  if (!r.complete) *complete = false;
  return r.store.states_of(options.target).size();
}

const char* algorithm_name(BuilderAlgorithm a) { return a == BuilderAlgorithm::Genetic ? "ga" : "hc"; }

namespace {

bool budget_spent(const BuilderSearchOptions& options) {
  return options.deadline != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() >= options.deadline;
}

Identification search_builders(const Api& api, const BuilderSearchOptions& options, BuilderAlgorithm algorithm,
                               const IdentifyProgress& progress) {
  auto start = std::chrono::steady_clock::now();
  Identification id;
  id.algorithm = algorithm;
  id.classification = classify_operations(api, options);
  if (progress.on_classified) progress.on_classified(id.classification);
  std::vector<uint32_t> all = id.classification.candidates();
  std::vector<uint32_t> own = own_interface(api, all, options.target);
  auto search = [&](const std::vector<uint32_t>& candidates) {
    if (algorithm == BuilderAlgorithm::Genetic) {
      id.genetic = genetic_builders(api, options, candidates, progress.on_generation);
      id.builders = id.genetic.builders;
      bool interrupted = options.interrupted && options.interrupted->load();
      id.complete = true;
      if (!interrupted) id.pruned = prune_redundant(api, options, id.builders, &id.complete);
    } else {
      id.climb = climb_builders(api, options, candidates, {progress.on_climb_step, progress.on_climb_try});
      id.builders = id.climb.builders;
      id.complete = id.climb.complete;
    }
  };
  search(own);
  bool interrupted = options.interrupted && options.interrupted->load();
  if (own.size() < all.size() && only_creators(api, id.builders) && !interrupted) {
    id.with_implementation_members = true;
    search(all);
  }
  if (options.interrupted && options.interrupted->load()) id.complete = false;
  std::sort(id.builders.begin(), id.builders.end());
  id.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return id;
}

}  // namespace

Identification identify_builders(const Api& api, const BuilderSearchOptions& options, BuilderAlgorithm algorithm,
                                 const IdentifyProgress& progress) {
  auto start = std::chrono::steady_clock::now();
  Identification id = search_builders(api, options, algorithm, progress);
  if (!options.rule_out_corrupting || id.builders.empty() || budget_spent(options)) return id;
  BuilderSearchOptions narrowed = options;
  std::vector<Identification> searched;  // the one whose builders were kept replaces id
  auto search = [&](const BuilderSearchOptions& o) {
    searched.push_back(search_builders(api, o, algorithm, progress));
    return searched.back().complete ? searched.back().builders : std::vector<uint32_t>{};
  };
  std::vector<uint32_t> builders = id.builders;
  std::vector<RuledOut> ruled_out = rule_out_corrupting(api, narrowed, builders, search);
  for (Identification& other : searched)
    if (!ruled_out.empty() && other.complete && other.builders == builders) {
      id = std::move(other);
      id.ruled_out = std::move(ruled_out);
      break;
    }
  id.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return id;
}

}  // namespace objgen::builders

namespace objgen::builders {

std::vector<uint32_t> comparison_operations(const Api& api, const std::vector<uint32_t>& ops, const std::vector<uint32_t>& builders,
                                            ClassId target) {
  return uses_implementation_members(api, builders, target) ? ops : own_interface(api, ops, target);
}

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// With one proof done, the candidates' growth is unknown: the whole API's and the builders' runs
// one scope below the proof (a fraction of its cost) give the ratios the prediction needs.
void add_scope_below(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& builders,
                     const std::vector<uint32_t>& compared, std::vector<ProofCost>& costs) {
  uint32_t below = costs.front().scope - 1;
  if (below == 0) return;
  auto start = std::chrono::steady_clock::now();
  exhaustive::ExhaustiveResult whole = exhaustive_with(api, options, compared, below);
  double seconds = seconds_since(start);
  exhaustive::ExhaustiveResult built = exhaustive_with(api, options, builders, below);
  if (!whole.complete || !built.complete) return;
  costs.insert(costs.begin(), ProofCost{below, seconds, whole.explored, built.store.states_of(options.target).size()});
}

// "" when the proof at `scope` (above the last one) is predicted to fit what is left of the
// deadline, else why the ladder stops before it. The builders' own run there (`built`, the first
// part of the proof, which takes it) tells how many states the scope has.
std::string why_not_start(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& builders,
                          const std::vector<uint32_t>& compared, uint32_t scope, std::vector<ProofCost>& costs, double search_seconds,
                          std::optional<exhaustive::ExhaustiveResult>& built) {
  if (costs.size() == 1) add_scope_below(api, options, builders, compared, costs);
  std::string at = "scope " + std::to_string(scope);
  if (budget_spent(options)) return at + " not started: the budget was spent";
  built = exhaustive_with(api, options, builders, scope);
  if (!built->complete) return at + " did not finish within the budget (the builders' run)";
  double remaining = std::chrono::duration<double>(options.deadline - std::chrono::steady_clock::now()).count();
  double predicted = predicted_proof_seconds(costs, built->store.states_of(options.target).size(), search_seconds);
  if (predicted <= remaining) return "";
  return at + " would take about " + std::to_string(std::lround(predicted)) + " s, more than the " +
         std::to_string(std::lround(std::max(remaining, 0.0))) + " s left of the budget";
}

}  // namespace

bool drop_redundant_builder(const Api& api, const BuilderSearchOptions& options, const ScopeProof& proof, std::vector<uint32_t>& builders) {
  if (!proof.complete || !proof.sufficient || proof.redundant.empty() || builders.size() < 2) return false;
  for (uint32_t op : removal_order(api, options, builders))
    if (std::find(proof.redundant.begin(), proof.redundant.end(), api.operations()[op].signature()) != proof.redundant.end()) {
      std::erase(builders, op);
      return true;
    }
  return false;
}

LadderResult identify_by_ladder(const Api& api, BuilderSearchOptions options, BuilderAlgorithm algorithm, const LadderOptions& ladder,
                                const IdentifyProgress& progress) {
  auto start = std::chrono::steady_clock::now();
  // 3% of the budget stays for what follows the last run (reports, the process's exit).
  options.deadline = start + std::chrono::milliseconds(static_cast<int64_t>(ladder.budget_seconds * 970));
  LadderResult out;
  if (ladder.given.empty())
    out.id = identify_builders(api, options, algorithm, progress);
  else
    out.id.builders = ladder.given;
  for (const RuledOut& r : out.id.ruled_out) std::erase(options.operations, r.op);  // proofs without them
  std::vector<uint32_t> candidates = out.id.classification.candidates();
  if (!out.id.with_implementation_members) candidates = own_interface(api, candidates, options.target);
  double search_seconds = seconds_since(start);
  std::vector<ProofCost> costs;
  auto interrupted = [&] { return options.interrupted && options.interrupted->load(); };
  for (uint32_t scope = options.climb_scope; scope <= ladder.top_scope && !interrupted();) {
    std::vector<uint32_t> compared = comparison_operations(api, options.operations, out.id.builders, options.target);
    std::optional<exhaustive::ExhaustiveResult> built;
    // A run started with nothing left would stop only at its first check, which can come late
    // (planning an iteration of billions of candidates): not started at all.
    if (budget_spent(options)) {
      out.stopped = "scope " + std::to_string(scope) + " not started: the budget was spent";
      break;
    }
    if (scope > options.climb_scope && (costs.empty() || costs.back().scope < scope)) {
      out.stopped = why_not_start(api, options, out.id.builders, compared, scope, costs, search_seconds, built);
      if (!out.stopped.empty()) break;
    }
    auto proof_start = std::chrono::steady_clock::now();
    ScopeProof proof = prove_scope(api, options, out.id.builders, compared, scope, std::move(built));
    if (!proof.complete) {
      out.stopped = "scope " + std::to_string(scope) + " did not finish within the budget";
      break;
    }
    record_proof_cost(costs, {scope, seconds_since(proof_start), proof.api_explored, proof.builder_representations});
    if (!proof.sufficient && proof.extra.empty() && ladder.refine && ladder.given.empty() && !proof.missing.empty()) {
      options.climb_scope = scope;  // the builders miss a state here: climb on from them
      ClimbResult more = climb_builders(api, options, candidates, {progress.on_climb_step, progress.on_climb_try}, out.id.builders);
      out.id.complete = out.id.complete && more.complete;
      if (more.builders.size() > out.id.builders.size()) {
        out.id.builders = more.builders;
        std::sort(out.id.builders.begin(), out.id.builders.end());
        continue;  // prove the larger set at this scope
      }
    }
    if (ladder.refine && ladder.given.empty() && drop_redundant_builder(api, options, proof, out.id.builders))
      continue;  // prove the smaller set at this scope
    if (progress.on_proof) progress.on_proof(proof);
    out.proofs.scopes.push_back(std::move(proof));
    ++scope;
  }
  out.id.seconds = seconds_since(start);
  return out;
}

}  // namespace objgen::builders
