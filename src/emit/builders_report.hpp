// The JSON report of `objgen builders`.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "emit/check_results.hpp"
#include "gen/builders/identify.hpp"
#include "gen/builders/verify.hpp"

namespace objgen::emit {

struct BuildersRunDescription {
  std::string example;
  std::string cls;
  uint64_t seed = 0;
  std::vector<uint32_t> api;  // the operations the search chose from
  bool searched = true;       // false: the builders were given, only verified
};

// Every finding of the identification's runs, each fault once.
std::vector<SequenceFinding> identification_findings(const builders::Identification& id);
std::string finding_method(const Api& api, const SequenceFinding& f);

// What the identification's runs found on the way, each fault once (not minimized or confirmed).
// It chooses builders and checks nothing as such: no check is said to pass.
CheckResults builders_results(const Api& api, ClassId target, const builders::Identification& id);

nlohmann::json builders_report(const Api& api, const BuildersRunDescription& run, const builders::Identification& id,
                               const std::optional<builders::Verification>& verification);

}  // namespace objgen::emit
