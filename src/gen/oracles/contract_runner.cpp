#include "gen/oracles/contract_runner.hpp"

#include <map>

#include "exec/run_deadline.hpp"
#include "exec/test_runner.hpp"
#include "gen/oracles/regression_oracles.hpp"

namespace objgen::contracts {
namespace {

// The state's sequence (and the next state's, for a check of two objects), then the check.
FlatSequence check_test(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& states, size_t s, uint32_t check,
                        bool enumerations) {
  const Operation& op = api.operations()[check];
  FlatSequence test = states[s];
  FlatCall call{check, {}, {}};
  size_t objects = 0;
  for (const SlotType& p : op.params) {
    if (p.is_literal()) {
      size_t n = enumerations ? domain.of(p).size() : domain.of(p.literal).size();
      call.args.push_back(-1 - static_cast<int64_t>(n ? s % n : 0));
    } else if (objects++ == 0) {
      call.args.push_back(test.result_value);
    } else {
      call.args.push_back(append_sequence(api, test, states[(s + 1) % states.size()]));
    }
    call.produced.push_back(p.is_object() ? static_cast<int>(call.args.back()) : -1);
  }
  call.produced.push_back(-1);
  test.calls.push_back(std::move(call));
  return test;
}

}  // namespace

StateCheckResult check_states(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& states,
                              const std::vector<uint32_t>& checks, const StateCheckOptions& options) {
  StateCheckResult result;
  if (states.empty() || checks.empty()) return result;
  RunnerOptions ro;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  ro.enumerations = options.enumerations;
  TestRunner runner(api, domain, ro);
  std::map<std::string, size_t> buckets;
  // Per check, how many of its tests so far killed their worker at the check (and how many ran):
  // a check that killed it on each of its first states is not run on the rest. Its finding is
  // known; each further death would cost a worker and, for a hang, the whole call time limit.
  std::map<uint32_t, std::pair<size_t, size_t>> deaths;
  constexpr size_t kQuarantineAfter = 2;
  auto quarantined = [&](uint32_t check) {
    auto it = deaths.find(check);
    return it != deaths.end() && it->second.second >= kQuarantineAfter && it->second.first == it->second.second;
  };
  constexpr size_t kBatch = 512;
  std::vector<FlatSequence> batch;
  auto flush = [&] {
    std::vector<TestOutcome> outcomes = runner.run(batch);
    result.checks_run += batch.size();
    for (size_t i = 0; i < batch.size(); ++i) {
      const TestOutcome& o = outcomes[i];
      FlatSequence& test = batch[i];
      bool at_check = (o.feasible ? o.length : o.failed_at) == test.calls.size();
      auto& [died, ran] = deaths[test.calls.back().op];
      ++ran;
      if (at_check && (o.outcome == Outcome::Crash || o.outcome == Outcome::Timeout)) ++died;
      if (!at_check || !is_finding(o.outcome)) continue;
      SequenceFinding f{o.outcome, test.calls.back().op, o.message, std::move(test), domain};
      auto [it, fresh] = buckets.emplace(finding_bucket(f), result.findings.size());
      if (fresh) {
        result.findings.push_back(std::move(f));
        continue;
      }
      SequenceFinding& known = result.findings[it->second];
      ++known.hits;
      if (f.sequence.calls.size() < known.sequence.calls.size()) known.sequence = std::move(f.sequence);
    }
    batch.clear();
  };
  for (size_t s = 0; s < states.size(); ++s) {
    if ((options.interrupted && options.interrupted->load()) || run_deadline_passed()) break;
    for (uint32_t check : checks) {
      if (quarantined(check)) continue;
      FlatSequence test = check_test(api, domain, states, s, check, options.enumerations);
      if (test.calls.size() > kMaxTestCalls) continue;
      batch.push_back(std::move(test));
    }
    // The first states run on their own, so that what they show decides what the rest run.
    if (batch.size() >= kBatch || s + 1 == kQuarantineAfter) flush();
  }
  if (!batch.empty()) flush();
  return result;
}

}  // namespace objgen::contracts
