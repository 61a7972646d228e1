// What builder identification checks on a candidate set's states, bound to src/gen/oracles: the
// target's contracts (a == a, a copy is ==, std::hash agrees with ==, ...). A set whose states
// break one that a set without some builder does not break has a corrupting builder
// (gen/builders/ruling_out.hpp).
#pragma once

#include <cstddef>
#include <memory>
#include <regex>

#include "gen/builders/builder_search.hpp"

namespace objgen::cli {

// Adds the target's contract checks to the API now, before identification forks any worker (the
// builders cache key leaves them out). Empty when the class has no contract to check.
decltype(builders::BuilderSearchOptions::check_contracts) builder_contract_checks(Api& api, ClassId target,
                                                                                  std::shared_ptr<const std::regex> omit,
                                                                                  double call_timeout_seconds,
                                                                                  size_t worker_memory_limit_bytes);

// The proofs' grouping of a run's states under the target's operator== (gen/oracles/equal_states),
// with the options' call time and worker memory limits; empty when the class has no ==.
decltype(builders::BuilderSearchOptions::group_equal) builder_state_grouping(const Api& api, ClassId target,
                                                                             const builders::BuilderSearchOptions& o);

}  // namespace objgen::cli
