// Recording the regression oracles of the states an emitted suite will hold (shared by the
// strategies that write states suites: exhaustive, random).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "gen/oracles/regression_oracles.hpp"
#include "heap/found_states.hpp"

namespace objgen::cli {

struct OracleSettings {
  size_t max_states;     // --gtest-max-states
  size_t inline_limit;   // --gtest-inline-limit
  size_t oracle_states;  // --oracle-states
  double call_timeout;
  size_t worker_memory_limit;  // as the run's workers had it
  bool quiet;
};

// The sequences of the states a suite will hold (emitted_states) run twice more in test workers,
// observers called on each state; prints a summary on stderr and the observers' findings on stdout.
oracles::OracleResult record_oracles(const Api& api, const FoundStates& found, const OracleSettings& settings);
nlohmann::json oracle_report(const Api& api, const oracles::OracleResult& observed);

}  // namespace objgen::cli
