#include "emit/state_samples.hpp"

#include <fmt/format.h>

#include "emit/code_writer.hpp"
#include "emit/gtest_writer.hpp"
#include "exec/sequence.hpp"

namespace objgen::emit {

nlohmann::json state_samples(const Api& api, const FoundStates& found, const oracles::OracleResult* observed, size_t max_states,
                             size_t count) {
  std::vector<uint32_t> states = emitted_states(api, found, max_states);
  nlohmann::json out = nlohmann::json::array();
  if (states.empty() || count == 0) return out;
  Replayer replayer(api, found.store, found.domain);
  size_t n = std::min(count, states.size());
  for (size_t k = 0; k < n; ++k) {
    size_t i = n == 1 ? 0 : k * (states.size() - 1) / (n - 1);  // the first and the last among them
    FlatSequence seq = replayer.flatten(states[i]);
    nlohmann::json sample{{"state", i}, {"calls", write_statements(api, found.domain, seq)}, {"observers", nlohmann::json::array()}};
    if (observed && i < observed->states.size()) {
      std::string var = fmt::format("v{}", seq.result_value);
      for (const oracles::Observation& o : observed->states[i].observed) {
        std::string call = call_statement(api.operations()[o.op], {var}, "");
        if (call.rfind("(void)", 0) == 0) call = call.substr(6);
        if (!call.empty() && call.back() == ';') call.pop_back();
        sample["observers"].push_back({{"call", call}, {"value", cpp_literal(o.value)}});
      }
    }
    out.push_back(std::move(sample));
  }
  return out;
}

}  // namespace objgen::emit
