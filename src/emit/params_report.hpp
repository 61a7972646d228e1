// Outputs of `objgen params`: the JSON report (per method: status, tries, the inputs found as
// C++, every attempt with its cause and repair; the summary in HeuriGenJ's §6 shape), the text
// summary, and the smoke suite (one TEST per method that ran, with the inputs found).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "gen/params/parameter_search.hpp"

namespace objgen::emit {

// The summary of one search: methods, how many ran, failures seen and handled, per cause.
nlohmann::json params_summary_json(const params::ParamsResult& r);

// Everything but wall-clock times sits outside "timing", so equal seeds give equal reports
// once "timing" is dropped. baseline may be null.
nlohmann::json params_report_json(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found,
                                  const params::ParamsResult* baseline, uint64_t seed, uint32_t tries);

// For people: one line per method (status, tries, what failed and what was changed), then the
// summary of the search and of the baseline when there is one.
std::string params_summary_text(const Api& api, const params::ParamsResult& found, const params::ParamsResult* baseline, bool per_method);

// The smoke suite: every method that ran, called with the inputs found, expected not to throw;
// with `returned` (per method of found.methods, per input: the found one, then the samples), a
// value there is asserted as the call's result (a regression oracle).
using ReturnedValues = std::vector<std::vector<std::optional<Literal>>>;
std::string params_gtest_file(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found, const std::string& include,
                              const std::string& suite, const ReturnedValues* returned = nullptr);

}  // namespace objgen::emit
