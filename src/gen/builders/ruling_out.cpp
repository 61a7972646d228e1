#include "gen/builders/ruling_out.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include <fmt/format.h>

namespace objgen::builders {
namespace {

constexpr size_t kCheckedStates = 400;  // states of the target the contracts are checked on
constexpr size_t kMaxSuspects = 3;      // searches again without one builder at a time
constexpr int kMaxRounds = 3;           // builders ruled out, one per round

// Every state of the target, or kCheckedStates of them evenly spread.
std::vector<FlatSequence> sampled_states(const Api& api, const exhaustive::ExhaustiveResult& r, const LiteralDomain& domain,
                                         ClassId target) {
  const auto& ids = r.store.states_of(target);
  Replayer replayer(api, r.store, domain);
  std::vector<FlatSequence> out;
  size_t step = std::max<size_t>(1, ids.size() / kCheckedStates);
  for (size_t i = 0; i < ids.size() && out.size() < kCheckedStates; i += step) out.push_back(replayer.flatten(ids[i]));
  return out;
}

std::string describe(const std::vector<SequenceFinding>& findings) {
  const SequenceFinding& f = findings.front();
  std::string what = f.message.empty() ? outcome_name(f.kind) : f.message;
  return fmt::format(
      "{} ({} finding{} on the states it builds, the first after {} calls; a set without it breaks "
      "nothing)",
      what, findings.size(), findings.size() == 1 ? "" : "s", f.sequence.calls.size());
}

// The builders the findings' sequences call, most parameters first (the likeliest to take a
// value that must agree with another, like a hash beside its key).
std::vector<uint32_t> suspects(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& builders,
                               const std::vector<SequenceFinding>& findings) {
  std::vector<uint32_t> out;
  for (const SequenceFinding& f : findings)
    for (const FlatCall& c : f.sequence.calls)
      if (std::find(builders.begin(), builders.end(), c.op) != builders.end() && std::find(out.begin(), out.end(), c.op) == out.end())
        out.push_back(c.op);
  std::stable_sort(out.begin(), out.end(), [&](uint32_t a, uint32_t b) {
    return parameter_cost(api.operations()[a], options.weights) > parameter_cost(api.operations()[b], options.weights);
  });
  if (out.size() > kMaxSuspects) out.resize(kMaxSuspects);
  return out;
}

// Interrupted, or the search's budget spent: ruling out is a refinement, never worth overrunning it.
bool interrupted(const BuilderSearchOptions& o) {
  if (o.interrupted && o.interrupted->load()) return true;
  return o.deadline != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() >= o.deadline;
}

// Only states that break the class's own checks without crashing show corruption: a crash (a copy
// that aborts) is a bug whichever set builds the state.
bool shows_corruption(const SequenceFinding& f) { return f.kind == Outcome::InvariantBroken || f.kind == Outcome::ContractBroken; }

// The set builds states beyond the ones its constructors build alone: a set of constructors only
// breaks nothing because it builds nothing.
bool builds_beyond_constructors(const Api& api, const std::vector<uint32_t>& builders) {
  return std::any_of(builders.begin(), builders.end(), [&](uint32_t op) {
    OpKind k = api.operations()[op].kind;
    return k != OpKind::Constructor && k != OpKind::StaticFactory;
  });
}

// The findings whose sequences call `op`, shortest first, at most kRuledOutFindings.
std::vector<SequenceFinding> calling(std::vector<SequenceFinding> findings, uint32_t op) {
  std::erase_if(findings, [op](const SequenceFinding& f) {
    return std::none_of(f.sequence.calls.begin(), f.sequence.calls.end(), [op](const FlatCall& c) { return c.op == op; });
  });
  std::stable_sort(findings.begin(), findings.end(),
                   [](const SequenceFinding& a, const SequenceFinding& b) { return a.sequence.calls.size() < b.sequence.calls.size(); });
  if (findings.size() > kRuledOutFindings) findings.resize(kRuledOutFindings);
  return findings;
}

// Built by constructors and factories alone: no builder beyond them took part.
bool constructed_only(const Api& api, const FlatSequence& state) {
  return std::all_of(state.calls.begin(), state.calls.end(), [&](const FlatCall& c) {
    OpKind k = api.operations()[c.op].kind;
    return k == OpKind::Constructor || k == OpKind::StaticFactory;
  });
}

// The contract findings but those of checks an object as its constructor made it breaks too: such a
// check is the class's own (yaml-cpp's `==` is identity, false for a default node and itself), and
// its breaks say nothing of which builder corrupts.
std::vector<SequenceFinding> builders_breaks(const Api& api, std::vector<SequenceFinding> contract_findings) {
  std::set<uint32_t> own;
  for (const SequenceFinding& f : contract_findings) {
    FlatSequence state = f.sequence;
    if (state.calls.empty()) continue;
    uint32_t check = state.calls.back().op;
    state.calls.pop_back();
    if (constructed_only(api, state)) own.insert(check);
  }
  std::erase_if(contract_findings,
                [&](const SequenceFinding& f) { return !f.sequence.calls.empty() && own.count(f.sequence.calls.back().op); });
  return contract_findings;
}

}  // namespace

std::vector<SequenceFinding> ruled_out_findings(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t> builders,
                                                uint32_t op) {
  BuilderSearchOptions with = options;
  if (std::find(with.operations.begin(), with.operations.end(), op) == with.operations.end()) with.operations.push_back(op);
  if (std::find(builders.begin(), builders.end(), op) == builders.end()) builders.push_back(op);
  return calling(corruption_findings(api, with, builders), op);
}

std::vector<SequenceFinding> corruption_findings(const Api& api, const BuilderSearchOptions& options,
                                                 const std::vector<uint32_t>& builders) {
  exhaustive::ExhaustiveResult r = exhaustive_with(api, options, builders, options.climb_scope);
  LiteralDomain domain = search_domain(api, options, options.climb_scope);
  std::vector<SequenceFinding> out;
  for (SequenceFinding& f : exhaustive::replayable_findings(api, r, domain))
    if (shows_corruption(f)) out.push_back(std::move(f));
  if (options.check_contracts && !interrupted(options))
    for (SequenceFinding& f : builders_breaks(api, options.check_contracts(sampled_states(api, r, domain, options.target), domain)))
      if (shows_corruption(f)) out.push_back(std::move(f));
  return out;
}

std::vector<RuledOut> rule_out_corrupting(const Api& api, BuilderSearchOptions& options, std::vector<uint32_t>& builders,
                                          const BuilderSearch& search) {
  std::vector<RuledOut> ruled_out;
  for (int round = 0; round < kMaxRounds && !interrupted(options); ++round) {
    std::vector<SequenceFinding> broken = corruption_findings(api, options, builders);
    if (broken.empty()) break;
    bool replaced = false;
    for (uint32_t suspect : suspects(api, options, builders, broken)) {
      BuilderSearchOptions without = options;
      std::erase(without.operations, suspect);
      std::vector<uint32_t> other = search(without);
      if (interrupted(options) || other.empty() || !builds_beyond_constructors(api, other) ||
          !corruption_findings(api, without, other).empty())
        continue;
      ruled_out.push_back({suspect, describe(broken), calling(broken, suspect)});
      builders = std::move(other);
      options = std::move(without);
      replaced = true;
      break;
    }
    if (!replaced) break;  // every set breaks the same checks: the findings are the class's own
  }
  return ruled_out;
}

}  // namespace objgen::builders
