#include "cli/builder_checks.hpp"

#include "cli/cli_common.hpp"
#include "gen/oracles/contract_runner.hpp"
#include "gen/oracles/contracts.hpp"
#include "gen/oracles/equal_states.hpp"
#include "objgen/detail/class_vtable.hpp"

namespace objgen::cli {

decltype(builders::BuilderSearchOptions::check_contracts) builder_contract_checks(Api& api, ClassId target,
                                                                                  std::shared_ptr<const std::regex> omit,
                                                                                  double call_timeout_seconds,
                                                                                  size_t worker_memory_limit_bytes) {
  contracts::ContractSet enabled = contracts::ContractSet::all();
  enabled.on[static_cast<size_t>(contracts::Contract::Failures)] = false;   // the runs report these
  enabled.on[static_cast<size_t>(contracts::Contract::Invariant)] = false;  // and these
  std::vector<uint32_t> checks = contracts::add_contract_operations(api, target, {enabled, std::move(omit), 8, {}});
  if (checks.empty()) return nullptr;
  return [&api, checks, call_timeout_seconds, worker_memory_limit_bytes](const std::vector<FlatSequence>& states,
                                                                         const LiteralDomain& domain) {
    contracts::StateCheckOptions o;
    o.call_timeout_seconds = call_timeout_seconds;
    o.worker_memory_limit_bytes = worker_memory_limit_bytes;
    o.interrupted = &g_interrupted;
    return contracts::check_states(api, domain, states, checks, o).findings;
  };
}

decltype(builders::BuilderSearchOptions::group_equal) builder_state_grouping(const Api& api, ClassId target,
                                                                             const builders::BuilderSearchOptions& o) {
  if (!class_vtable(target).equals) return nullptr;
  oracles::EqualStatesOptions options{.call_timeout_seconds = o.call_timeout_seconds,
                                      .worker_memory_limit_bytes = o.worker_memory_limit_bytes,
                                      .isolate = o.isolate,
                                      .interrupted = &g_interrupted};
  return [&api, options](const FoundStates& found, double max_seconds) -> std::optional<std::vector<uint32_t>> {
    oracles::EqualStatesOptions within = options;
    within.max_seconds = max_seconds;
    oracles::EqualStates groups = oracles::group_equal_states(api, found, within);
    if (!groups.grouped) return std::nullopt;
    return std::move(groups.group_of);
  };
}

}  // namespace objgen::cli
