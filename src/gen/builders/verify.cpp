#include "gen/builders/verify.hpp"

#include <chrono>

#include "exec/sequence.hpp"

namespace objgen::builders {
namespace {

constexpr size_t kMaxWitnesses = 5;

// Ids of the target states of `of` whose canonical state `in` does not have, in the order found
// (the first ones are the smallest: exhaustive generation finds states by sequence length).
std::vector<uint32_t> states_missing(const exhaustive::ExhaustiveResult& of, const exhaustive::ExhaustiveResult& in, ClassId target,
                                     size_t limit, size_t* total) {
  std::vector<uint32_t> out;
  *total = 0;
  std::vector<Fingerprint> fps(of.store.state_count());
  of.store.for_each_fingerprint([&](const Fingerprint& fp, uint32_t id) { fps[id] = fp; });
  for (uint32_t id : of.store.states_of(target)) {
    if (in.store.contains(fps[id])) continue;
    ++*total;
    if (out.size() < limit) out.push_back(id);
  }
  return out;
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
  p.builder_states = with_builders.store.states_of(opt.target).size();
  p.api_states = with_api.store.states_of(opt.target).size();
  size_t missing = 0, extra = 0;
  for (uint32_t id : states_missing(with_api, with_builders, opt.target, kMaxWitnesses, &missing))
    p.missing.push_back(witness(api, opt, with_api, scope, id, ""));
  for (uint32_t id : states_missing(with_builders, with_api, opt.target, kMaxWitnesses, &extra))
    p.extra.push_back(witness(api, opt, with_builders, scope, id, ""));
  p.sufficient = missing == 0 && extra == 0 && p.complete;
  p.minimal = p.complete;
  for (uint32_t b : builders) {
    std::vector<uint32_t> rest;
    for (uint32_t o : builders)
      if (o != b) rest.push_back(o);
    exhaustive::ExhaustiveResult without = exhaustive_with(api, opt, rest, scope);
    size_t lost = 0;
    auto ids = states_missing(with_builders, without, opt.target, 1, &lost);
    std::string name = api.operations()[b].signature();
    if (ids.empty()) {
      p.minimal = false;
      p.redundant.push_back(name);
    } else {
      p.needed.push_back(witness(api, opt, with_builders, scope, ids[0], name));
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
