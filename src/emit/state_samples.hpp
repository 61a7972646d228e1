// A few of a run's states as a person reads them (the report's "state_samples", drawn by the HTML
// pages): the calls that build each and, when the regression oracles ran, what the class's
// observers say of it. Evenly spaced over the states the suite holds, in the order found, so the
// small states come first and the large ones last.
#pragma once

#include <nlohmann/json.hpp>

#include "gen/oracles/regression_oracles.hpp"
#include "heap/found_states.hpp"

namespace objgen::emit {

// [{"state": i, "calls": ["auto v0 = ...;", ...], "observers": [{"call": "v2->size()", "value": "2"}]}]
// for up to `count` of the states emitted_states(found, max_states) picks; `observed`, the oracles
// recorded on those states (indexed as they are), or null.
nlohmann::json state_samples(const Api& api, const FoundStates& found, const oracles::OracleResult* observed, size_t max_states,
                             size_t count);

}  // namespace objgen::emit
