// A SARIF 2.1.0 log of runs' results: what GitHub code scanning, GitLab and editors' SARIF viewers
// show beside the code. One SARIF run for all the classes; each finding a result at its member's
// declaration, its call sequence a code flow (each call at its member's line), likely
// preconditions and unconfirmed findings as notes, never errors.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "emit/check_results.hpp"

namespace objgen::emit {

struct SarifOptions {
  // Files below it are named relative to it (the uriBaseId SRCROOT), as code scanning expects;
  // others by their absolute file: URI. Absolute; "" names every file absolutely.
  std::string source_root;
  std::string tool_version;
};

nlohmann::json sarif_log(const std::vector<CheckResults>& classes, const SarifOptions& options);

// `path` as a URI reference: percent-encoded but for unreserved characters and '/'.
std::string uri_path(const std::string& path);

}  // namespace objgen::emit
