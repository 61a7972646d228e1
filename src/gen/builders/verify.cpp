#include "gen/builders/verify.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>

#include "exec/sequence.hpp"

namespace objgen::builders {
namespace {

constexpr size_t kMaxWitnesses = 5;
constexpr uint32_t kNone = UINT32_MAX;

// Per state id of a store, its canonical form's fingerprint.
std::vector<Fingerprint> fingerprints(const StateStore& store) {
  std::vector<Fingerprint> fps(store.state_count());
  store.for_each_fingerprint([&](const Fingerprint& fp, uint32_t id) { fps[id] = fp; });
  return fps;
}

// Ids of the target states of `of` whose canonical state `in` does not have, in the order found
// (the first ones are the smallest: exhaustive generation finds states by sequence length).
std::vector<uint32_t> states_missing(const exhaustive::ExhaustiveResult& of, const exhaustive::ExhaustiveResult& in, ClassId target,
                                     size_t limit, size_t* total) {
  std::vector<uint32_t> out;
  *total = 0;
  std::vector<Fingerprint> fps = fingerprints(of.store);
  for (uint32_t id : of.store.states_of(target)) {
    if (in.store.contains(fps[id])) continue;
    ++*total;
    if (out.size() < limit) out.push_back(id);
  }
  return out;
}

// The whole API's target states as a proof compares them: one group per canonical form, or per
// set of states the class's operator== calls equal (options.group_equal). Groups are numbered in
// the order their first state was found.
struct StateGroups {
  std::vector<uint32_t> of_api_state;  // per state id of the API's run: its group (kNone: not a target state)
  std::vector<uint32_t> first;         // per group, its first state in the API's run
  bool by_equality = false;
  size_t count() const { return first.size(); }
};

StateGroups group_api_states(const Api& api, const BuilderSearchOptions& opt, const exhaustive::ExhaustiveResult& with_api,
                             const std::vector<uint32_t>& api_ops, uint32_t scope) {
  const std::vector<uint32_t>& states = with_api.store.states_of(opt.target);
  StateGroups g;
  g.of_api_state.assign(with_api.store.state_count(), kNone);
  std::optional<std::vector<uint32_t>> equal;
  // Within the search's deadline (a minute at most): past it, canonical forms are compared.
  constexpr double kMaxGroupingSeconds = 60;
  double seconds = kMaxGroupingSeconds;
  if (opt.deadline != std::chrono::steady_clock::time_point{})
    seconds = std::min(seconds, std::chrono::duration<double>(opt.deadline - std::chrono::steady_clock::now()).count());
  if (opt.group_equal && states.size() > 1 && seconds > 0) {
    LiteralDomain domain = search_domain(api, opt, scope);
    equal = opt.group_equal(FoundStates{with_api.store, domain, opt.target, api_ops}, seconds);
  }
  g.by_equality = equal && equal->size() == states.size();
  for (size_t i = 0; i < states.size(); ++i) {
    uint32_t group = g.by_equality ? (*equal)[i] : static_cast<uint32_t>(i);
    g.of_api_state[states[i]] = group;
    if (group == g.first.size()) g.first.push_back(states[i]);  // groups are numbered in the order found
  }
  return g;
}

// Per group, the first target state of `run` in it (kNone: the run built none); a state the API's
// run never built belongs to no group (the proof reports it as extra).
std::vector<uint32_t> first_of_each_group(const exhaustive::ExhaustiveResult& run, const exhaustive::ExhaustiveResult& with_api,
                                          ClassId target, const StateGroups& g) {
  std::vector<uint32_t> first(g.count(), kNone);
  std::vector<Fingerprint> fps = fingerprints(run.store);
  for (uint32_t id : run.store.states_of(target)) {
    const uint32_t* api_id = with_api.store.find(fps[id]);
    if (!api_id) continue;
    uint32_t group = g.of_api_state[*api_id];
    if (group != kNone && first[group] == kNone) first[group] = id;
  }
  return first;
}

size_t groups_built(const std::vector<uint32_t>& first) {
  return static_cast<size_t>(std::count_if(first.begin(), first.end(), [](uint32_t id) { return id != kNone; }));
}

// The first state of `built` in a group `rest` built no state of (kNone: nothing is lost).
uint32_t first_lost(const std::vector<uint32_t>& built, const std::vector<uint32_t>& rest) {
  for (size_t g = 0; g < built.size(); ++g)
    if (built[g] != kNone && rest[g] == kNone) return built[g];
  return kNone;
}

Witness witness(const Api& api, const BuilderSearchOptions& opt, const exhaustive::ExhaustiveResult& r, uint32_t scope, uint32_t state,
                std::string builder) {
  LiteralDomain domain = search_domain(api, opt, scope);
  Replayer replayer(api, r.store, domain);
  return {std::move(builder), replayer.flatten(state), domain};
}

// A run proves something only if it reached its fixpoint and no call hung: whether a call
// exceeds the call time limit depends on the machine's load, so a hang may have lost states in
// one run and not in another. A crash is a property of the call (an assert on a precondition,
// say): it is reported, and that call builds no state in either run.
bool conclusive(const exhaustive::ExhaustiveResult& r) {
  if (!r.complete) return false;
  for (const auto& f : r.findings)
    if (f.kind == Outcome::Timeout) return false;
  return true;
}

}  // namespace

ScopeProof prove_scope(const Api& api, const BuilderSearchOptions& opt, const std::vector<uint32_t>& builders,
                       const std::vector<uint32_t>& api_ops, uint32_t scope, std::optional<exhaustive::ExhaustiveResult> builders_run) {
  auto start = std::chrono::steady_clock::now();
  ScopeProof p;
  p.scope = scope;
  exhaustive::ExhaustiveResult with_builders = builders_run ? std::move(*builders_run) : exhaustive_with(api, opt, builders, scope);
  exhaustive::ExhaustiveResult with_api = exhaustive_with(api, opt, api_ops, scope);
  p.complete = conclusive(with_builders) && conclusive(with_api);
  p.api_explored = with_api.explored;
  p.builder_representations = with_builders.store.states_of(opt.target).size();
  p.api_representations = with_api.store.states_of(opt.target).size();
  StateGroups groups = group_api_states(api, opt, with_api, api_ops, scope);
  p.by_equality = groups.by_equality;
  std::vector<uint32_t> builders_first = first_of_each_group(with_builders, with_api, opt.target, groups);
  p.api_states = groups.count();
  p.builder_states = groups_built(builders_first);
  size_t missing = 0, extra = 0;
  for (size_t g = 0; g < groups.count(); ++g) {
    if (builders_first[g] != kNone) continue;
    if (missing++ < kMaxWitnesses) p.missing.push_back(witness(api, opt, with_api, scope, groups.first[g], ""));
  }
  for (uint32_t id : states_missing(with_builders, with_api, opt.target, kMaxWitnesses, &extra))
    p.extra.push_back(witness(api, opt, with_builders, scope, id, ""));
  p.sufficient = missing == 0 && extra == 0 && p.complete;
  p.minimal = p.complete;
  for (uint32_t b : builders) {
    std::vector<uint32_t> rest;
    for (uint32_t o : builders)
      if (o != b) rest.push_back(o);
    exhaustive::ExhaustiveResult without = exhaustive_with(api, opt, rest, scope);
    uint32_t lost = first_lost(builders_first, first_of_each_group(without, with_api, opt.target, groups));
    std::string name = api.operations()[b].signature();
    if (lost == kNone) {
      p.minimal = false;
      p.redundant.push_back(name);
    } else {
      p.needed.push_back(witness(api, opt, with_builders, scope, lost, name));
    }
    p.complete = p.complete && conclusive(without);
  }
  p.minimal = p.minimal && p.complete && !builders.empty();
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return p;
}

bool Verification::sufficient() const {
  for (const auto& s : scopes)
    if (!s.sufficient) return false;
  return !scopes.empty();
}

bool Verification::minimal() const {
  for (const auto& s : scopes)
    if (!s.minimal) return false;
  return !scopes.empty();
}

bool Verification::complete() const {
  for (const auto& s : scopes)
    if (!s.complete) return false;
  return true;
}

const char* Verification::verdict() const {
  if (scopes.empty()) return "unknown";
  if (sufficient() && minimal()) return "proved";
  return complete() ? "disproved" : "unknown";
}

Verification verify_builders(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& builders,
                             const std::vector<uint32_t>& api_operations, const std::vector<uint32_t>& scopes) {
  Verification v;
  for (uint32_t s : scopes) v.scopes.push_back(prove_scope(api, options, builders, api_operations, s));
  return v;
}

}  // namespace objgen::builders
