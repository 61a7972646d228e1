// The table form of a states suite, for large state sets: what a readable suite writes as one
// TEST per state and one per member check, written as data (a row per state: operation, literal
// indices, slot; a row per member check: state, member, arguments, expected result) replayed by
// a few functions compiled once (build(row), call_member(check), check_observers(range)), under
// two TEST_Ps. A suite of 625 states and 900 member checks compiles in seconds, not minutes,
// with the same checks as the readable form; the member checks keep their readable names
// (State12_then_List_get_int) as the parameters' names.
#pragma once

#include <string>
#include <vector>

#include "gen/oracles/regression_oracles.hpp"
#include "heap/found_states.hpp"

namespace objgen::emit {

// The suite's body after its includes: tables, replay functions, the TEST_Ps of `suite` (the
// states; only `with_states`) and `suite`Members (the member checks). `oracles`, when given,
// holds what was recorded on `targets` in order. Without the states, it is the table form of the
// member checks beside a readable suite's TEST per state.
std::string replay_table(const Api& api, const FoundStates& states, const std::vector<uint32_t>& targets, const std::string& suite,
                         const oracles::OracleResult* oracles, bool with_states = true);

// How many member checks `oracles` holds for the first `targets` states.
size_t member_check_count(const oracles::OracleResult& oracles, size_t targets);

}  // namespace objgen::emit
