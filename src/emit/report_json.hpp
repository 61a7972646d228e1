// The --report-json file of a bounded-exhaustive run.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "gen/exhaustive/exhaustive.hpp"

namespace objgen::emit {

struct RunDescription {
  std::string example;  // or the target class for scanned APIs
  std::string target;
  uint32_t scope;
  int threads;
  bool isolated;
  std::vector<std::string> methods;  // signatures
};

// Every state's recorded call, slot, class and iteration, in id order, hashed: two runs with the
// same digest found the same states with the same sequences (how a distributed or resumed run is
// compared with a single one).
std::string states_digest(const Api& api, const StateStore& store);
nlohmann::json exhaustive_report(const Api& api, const exhaustive::ExhaustiveOptions& opt, const RunDescription& run,
                                 const exhaustive::ExhaustiveResult& result);
// Peak resident set of this process and, separately, of its largest worker child.
size_t peak_rss_bytes();
size_t peak_child_rss_bytes();

}  // namespace objgen::emit
