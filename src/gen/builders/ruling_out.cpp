#include "gen/builders/ruling_out.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace objgen {
namespace {

constexpr size_t kCheckedStates = 400;  // states of the target the contracts are checked on
constexpr size_t kMaxSuspects = 3;      // searches again without one builder at a time
constexpr int kMaxRounds = 3;           // builders ruled out, one per round

// Every state of the target, or kCheckedStates of them evenly spread.
std::vector<FlatSequence> sampled_states(const Api& api, const ExhaustiveResult& r, const LiteralDomain& domain,
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
  return fmt::format("{} ({} finding{} on the states it builds, the first after {} calls; a set without it breaks "
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
      if (std::find(builders.begin(), builders.end(), c.op) != builders.end() &&
          std::find(out.begin(), out.end(), c.op) == out.end())
        out.push_back(c.op);
  std::stable_sort(out.begin(), out.end(), [&](uint32_t a, uint32_t b) {
    return parameter_cost(api.operations()[a], options.weights) > parameter_cost(api.operations()[b], options.weights);
  });
  if (out.size() > kMaxSuspects) out.resize(kMaxSuspects);
  return out;
}

bool interrupted(const BuilderSearchOptions& o) { return o.interrupted && o.interrupted->load(); }

}  // namespace

std::vector<SequenceFinding> corruption_findings(const Api& api, const BuilderSearchOptions& options,
                                                 const std::vector<uint32_t>& builders) {
  ExhaustiveResult r = exhaustive_with(api, options, builders, options.climb_scope);
  LiteralDomain domain = search_domain(api, options, options.climb_scope);
  std::vector<SequenceFinding> out;
  for (SequenceFinding& f : replayable_findings(api, r, domain))
    if (f.kind == Outcome::InvariantBroken) out.push_back(std::move(f));
  if (options.check_contracts && !interrupted(options))
    for (SequenceFinding& f : options.check_contracts(sampled_states(api, r, domain, options.target), domain))
      out.push_back(std::move(f));
  return out;
}

std::vector<RuledOut> rule_out_corrupting(const Api& api, BuilderSearchOptions& options,
                                          std::vector<uint32_t>& builders, const BuilderSearch& search) {
  std::vector<RuledOut> ruled_out;
  for (int round = 0; round < kMaxRounds && !interrupted(options); ++round) {
    std::vector<SequenceFinding> broken = corruption_findings(api, options, builders);
    if (broken.empty()) break;
    bool replaced = false;
    for (uint32_t suspect : suspects(api, options, builders, broken)) {
      BuilderSearchOptions without = options;
      std::erase(without.operations, suspect);
      std::vector<uint32_t> other = search(without);
      if (interrupted(options) || other.empty() || !corruption_findings(api, without, other).empty()) continue;
      ruled_out.push_back({suspect, describe(broken)});
      builders = std::move(other);
      options = std::move(without);
      replaced = true;
      break;
    }
    if (!replaced) break;  // every set breaks the same checks: the findings are the class's own
  }
  return ruled_out;
}

}  // namespace objgen
