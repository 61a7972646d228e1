// A run's report files, written from the report and the run's results in one shape
// (emit/check_results.hpp): --report-json (the results under "results"), --sarif (SARIF 2.1.0,
// files named relative to the current directory) and --junit (JUnit XML). Each is written whole
// or not at all.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli/run_args.hpp"
#include "emit/check_results.hpp"

namespace objgen::cli {

// plots: SVG documents the run drew, shown on its --html page.
void write_run_reports(const OutputArgs& out, nlohmann::json& report, const emit::CheckResults& results,
                       const std::vector<std::string>& plots = {});

// The --html pages alone (nothing when out.html is empty), from a report write_run_reports wrote:
// for plots drawn after it (params' benchmark sweeps).
void write_html_report(const OutputArgs& out, const nlohmann::json& report, const emit::CheckResults& results,
                       const std::vector<std::string>& plots);

}  // namespace objgen::cli
