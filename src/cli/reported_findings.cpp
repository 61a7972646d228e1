#include "cli/reported_findings.hpp"

#include <cctype>

#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <optional>
#include <utility>

#include "cli/cli_common.hpp"
#include "emit/code_writer.hpp"
#include "emit/gtest_writer.hpp"
#include "gen/minimize/confirm.hpp"
#include "gen/minimize/finding_blame.hpp"
#include "gen/minimize/history_cut.hpp"
#include "exec/test_runner.hpp"

namespace objgen::cli {

contracts::ContractSet parse_contracts_option(const std::string& spec) {
  try {
    return contracts::ContractSet::parse(spec);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--contracts: ") + e.what());
  }
}

void minimize_findings(const Api& api, const LiteralDomain& domain, std::vector<ReportedFinding>& findings, double call_timeout,
                       size_t worker_memory_limit, bool quiet, bool enumerations, std::chrono::steady_clock::time_point deadline) {
  if (findings.empty()) return;
  minimize::MinimizeOptions mo;
  mo.deadline = deadline;
  mo.enumerations = enumerations;
  mo.call_timeout_seconds = call_timeout;
  mo.worker_memory_limit_bytes = worker_memory_limit;
  mo.interrupted = &g_interrupted;
  minimize::FindingOracle oracle(api, domain, mo);
  for (size_t i = 0; i < findings.size() && !g_interrupted.load() && !mo.out_of_budget(0); ++i) {
    ReportedFinding& f = findings[i];
    if (f.finding.sequence.calls.empty() || f.finding.sequence.calls.size() > kMaxTestCalls) continue;
    // Each candidate of a hang waits out a call's timeout: within a time limit, confirming it
    // comes first and it is kept as found.
    if (f.finding.kind == Outcome::Timeout && deadline != std::chrono::steady_clock::time_point{}) continue;
    if (!quiet) print_progress(fmt::format("objgen: minimizing finding {}/{}", i + 1, findings.size()));
    f.minimized = minimize::minimize_finding(api, f.finding, oracle, mo);
    // A worker can die of what its earlier calls left behind: cut the fault down from them.
    if (!f.minimized->reproduced && !f.finding.history.empty()) f.minimized = minimize::minimize_with_history(api, f.finding, oracle, mo);
  }
  if (!quiet) end_progress();
}

void print_findings(const Api& api, const std::vector<ReportedFinding>& findings) {
  size_t unconfirmed = 0;
  for (const ReportedFinding& f : findings) {
    if (!f.unconfirmed.empty()) {
      ++unconfirmed;
      continue;
    }
    std::string shrink;
    if (f.minimized && f.minimized->reproduced && f.minimized->history_kept > 0)
      shrink = fmt::format(" [not shown by its own {} calls: cut from the {} its worker ran before it to {} calls{}]",
                           f.finding.sequence.calls.size(), f.minimized->history_calls, f.minimized->sequence.calls.size(),
                           f.minimized->one_minimal ? ", 1-minimal" : "");
    else if (f.minimized && f.minimized->reproduced)
      shrink = fmt::format(" [{} -> {} calls{}]", f.finding.sequence.calls.size(), f.minimized->sequence.calls.size(),
                           f.minimized->one_minimal ? ", 1-minimal" : "");
    else if (f.minimized)
      shrink = " [did not reproduce on its own]";
    std::fprintf(stdout, "  %s in %s: %s (%llu hits)%s\n", outcome_name(f.finding.kind), api.operations()[f.finding.op].signature().c_str(),
                 f.finding.message.c_str(), static_cast<unsigned long long>(f.finding.hits), shrink.c_str());
  }
  if (unconfirmed == 0) return;
  std::fprintf(stdout,
               "%zu not confirmed (their sequence alone in a fresh process, as their test would run it, did not show the fault; "
               "not in the failures suite):\n",
               unconfirmed);
  for (const ReportedFinding& f : findings)
    if (!f.unconfirmed.empty())
      std::fprintf(stdout, "  %s in %s: %s (%llu hits)\n    not confirmed: %s\n", outcome_name(f.finding.kind),
                   api.operations()[f.finding.op].signature().c_str(), f.finding.message.c_str(),
                   static_cast<unsigned long long>(f.finding.hits), f.unconfirmed.c_str());
}

nlohmann::json finding_json(const Api& api, const LiteralDomain& domain, const ReportedFinding& f) {
  nlohmann::json j = {{"kind", outcome_name(f.finding.kind)},
                      {"operation", api.operations()[f.finding.op].signature()},
                      {"message", f.finding.message},
                      {"hits", f.finding.hits},
                      {"calls", f.finding.sequence.calls.size()},
                      {"sequence", emit::write_statements(api, domain, f.sequence())}};
  j["confirmed"] = f.unconfirmed.empty();
  if (f.minimized)
    j["minimized"] = {{"reproduced", f.minimized->reproduced},       {"calls", f.sequence().calls.size()},
                      {"one_minimal", f.minimized->one_minimal},     {"runs", f.minimized->runs},
                      {"history_calls", f.minimized->history_calls}, {"history_kept", f.minimized->history_kept}};
  return j;
}

emit::ResultRecord finding_record(const Api& api, const LiteralDomain& domain, const ReportedFinding& f) {
  emit::ResultRecord r = emit::result_record(api, domain, f.finding.kind, f.finding.op, f.finding.message, f.finding.hits, f.sequence());
  if (!f.unconfirmed.empty()) {
    r.verdict = emit::Verdict::Unconfirmed;
    r.why = f.unconfirmed;
  }
  return r;
}

void add_contract_checks(const contracts::ContractSet& enabled, emit::CheckResults& results) {
  for (size_t k = 0; k < contracts::kContractCount; ++k) {
    auto contract = static_cast<contracts::Contract>(k);
    if (enabled.on[k] && contract != contracts::Contract::Failures && contract != contracts::Contract::Invariant)
      results.add_check(std::string("contract ") + contracts::contract_name(contract));
  }
}

void mark_preconditions(const nlohmann::json& preconditions, emit::CheckResults& results) {
  for (emit::ResultRecord& r : results.results) {
    if (r.verdict != emit::Verdict::Bug) continue;
    std::vector<std::string> statements;
    for (const emit::CallSite& c : r.calls) statements.push_back(c.statement);
    for (const nlohmann::json& p : preconditions)
      if (p.value("kind", "") == r.kind && p.value("operation", "") == r.operation && p.value("message", "") == r.message &&
          p.value("sequence", std::vector<std::string>{}) == statements) {
        r.verdict = emit::Verdict::Precondition;
        r.why = p.value("why", "");
        break;
      }
  }
}

nlohmann::json unconfirmed_json(const Api& api, const LiteralDomain& domain, const std::vector<ReportedFinding>& findings) {
  nlohmann::json list = nlohmann::json::array();
  for (const ReportedFinding& f : findings)
    if (!f.unconfirmed.empty())
      list.push_back({{"kind", outcome_name(f.finding.kind)},
                      {"operation", api.operations()[f.finding.op].signature()},
                      {"message", f.finding.message},
                      {"hits", f.finding.hits},
                      {"why", f.unconfirmed},
                      {"sequence", emit::write_statements(api, domain, f.sequence())}});
  return list;
}

std::vector<emit::SuiteFinding> suite_findings_of(const std::vector<ReportedFinding>& findings) {
  std::vector<emit::SuiteFinding> out;
  for (const ReportedFinding& f : findings) {
    if (f.finding.sequence.calls.empty() || !f.unconfirmed.empty()) continue;
    bool minimized = f.minimized && f.minimized->reproduced;
    emit::SuiteFinding s{f.finding.kind, f.finding.message, f.finding.op, f.sequence(), f.slot, f.in_copy};
    s.reproducible = f.reproducible && (!f.minimized || f.minimized->reproduced);
    s.hits = f.finding.hits;
    s.original_calls = minimized ? f.finding.sequence.calls.size() : 0;
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

// The check operation of `contract` for objects of cls (added to api once), or UINT32_MAX when
// the class cannot have it.
uint32_t check_of(Api& api, ClassId cls, contracts::Contract contract, std::map<std::pair<ClassId, int>, uint32_t>& added) {
  auto key = std::make_pair(cls, static_cast<int>(contract));
  if (auto it = added.find(key); it != added.end()) return it->second;
  contracts::ContractSet only;
  only.on[static_cast<size_t>(contract)] = true;
  std::vector<uint32_t> ops = contracts::add_contract_operations(api, cls, {only});
  return added[key] = ops.empty() ? UINT32_MAX : ops.front();
}

// f as its emitted test runs it: its sequence and, for a finding about one object of the failing
// call (exhaustive's engine), the check the test makes on that object (its invariant, a copy of
// it). nullopt when that check has no counterpart here: the finding stands as found.
std::optional<SequenceFinding> replay_of(Api& api, const ReportedFinding& f, std::map<std::pair<ClassId, int>, uint32_t>& added) {
  SequenceFinding r{f.finding.kind, f.finding.op, f.finding.message, f.sequence(), f.finding.domain};
  const Operation& op = api.operations()[f.finding.op];
  bool invariant = f.finding.kind == Outcome::InvariantBroken && op.contract < 0;
  if ((!invariant && !f.in_copy) || r.sequence.calls.empty()) return r;
  const FlatCall& last = r.sequence.calls.back();
  size_t slot = static_cast<size_t>(f.slot);
  int value = f.slot < 0 ? last.produced.back() : last.produced[slot];
  ClassId cls = f.slot < 0 ? op.result.cls : op.params[slot].cls;  // read before api grows
  uint32_t check = check_of(api, cls, f.in_copy ? contracts::Contract::CopyEqual : contracts::Contract::Invariant, added);
  if (value < 0 || check == UINT32_MAX) return std::nullopt;
  r.sequence = minimize::followed_by_check(r.sequence, check, value);
  r.op = check;
  return r;
}

// The first signal a crash's message names ("SIGABRT" in "copying the object: SIGABRT (Aborted)").
std::string signal_named(const std::string& message) {
  size_t at = message.find("SIG");
  if (at == std::string::npos) return "";
  size_t end = at + 3;
  while (end < message.size() && std::isupper(static_cast<unsigned char>(message[end]))) ++end;
  return message.substr(at, end - at);
}

}  // namespace

void confirm_findings(Api& api, const LiteralDomain& domain, std::vector<ReportedFinding>& findings, const ConfirmSettings& settings) {
  std::map<std::pair<ClassId, int>, uint32_t> added;
  std::vector<SequenceFinding> replays;
  std::vector<size_t> replayed;
  for (size_t i = 0; i < findings.size(); ++i) {
    ReportedFinding& f = findings[i];
    if (!f.reproducible) {
      f.unconfirmed = "it died only after other calls in the same worker, not when its sequence ran first in a fresh one";
      continue;
    }
    if (std::optional<SequenceFinding> r = replay_of(api, f, added)) {
      replays.push_back(std::move(*r));
      replayed.push_back(i);
    }
  }
  minimize::ConfirmOptions co;
  co.call_timeout_seconds = settings.call_timeout;
  co.worker_memory_limit_bytes = settings.worker_memory_limit;
  co.enumerations = settings.enumerations;
  co.interrupted = &g_interrupted;
  std::vector<std::string> shown;
  std::vector<std::string> why = minimize::confirm_findings(api, domain, replays, co, &shown);
  for (size_t k = 0; k < replayed.size(); ++k) {
    ReportedFinding& f = findings[replayed[k]];
    f.unconfirmed = why[k];
    // A crash whose replay alone (what its test shows) died of another signal is reported so.
    if (f.unconfirmed.empty() && f.finding.kind == Outcome::Crash && !signal_named(shown[k]).empty() &&
        signal_named(shown[k]) != signal_named(f.finding.message))
      f.finding.message = shown[k];
    const std::optional<minimize::Minimized>& m = f.minimized;
    if (f.unconfirmed.empty() || !m || m->reproduced || m->history_calls == 0) continue;
    if (m->history_kept == 0)
      f.unconfirmed += fmt::format("; nor did it after the {} calls its worker ran before it", m->history_calls);
    else if (m->history_kept + m->original_calls > kMaxTestCalls)
      f.unconfirmed += fmt::format("; it needs {} of the calls its worker ran before it, more than one test case holds", m->history_kept);
    else
      f.unconfirmed += fmt::format("; the {} calls of its worker's it needs, joined into one test case, do not show it", m->history_kept);
  }
}

std::vector<FlatSequence> probe_states(const Api& api, const FoundStates& found) {
  constexpr size_t kProbeStates = 16;
  std::vector<uint32_t> ids = emit::emitted_states(api, found, 0);  // those short enough to replay
  Replayer replayer(api, found.store, found.domain);
  std::vector<FlatSequence> out;
  // Evenly spread from the deepest to the first built (a constructor's object alone).
  size_t n = ids.size(), count = std::min(n, kProbeStates);
  for (size_t i = 0; i < count; ++i) out.push_back(replayer.flatten(ids[count == 1 ? n - 1 : (n - 1) - i * (n - 1) / (count - 1)]));
  return out;
}

std::vector<std::string> precondition_evidence(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                               const std::vector<FlatSequence>& states, const PreconditionCheck& check) {
  minimize::BlameOptions bo;
  bo.call_timeout_seconds = check.call_timeout;
  bo.worker_memory_limit_bytes = check.worker_memory_limit;
  bo.interrupted = &g_interrupted;
  bo.enumerations = check.enumerations;
  bo.run_findings = check.run_findings;
  std::vector<std::string> out;
  for (const minimize::FindingBlame& b : minimize::blame_findings(api, domain, findings, states, bo))
    out.push_back(b.blame == minimize::Blame::Precondition ? b.evidence : "");
  return out;
}

nlohmann::json set_apart_preconditions(const Api& api, const LiteralDomain& domain, std::vector<emit::SuiteFinding>& findings,
                                       const std::vector<FlatSequence>& states, const PreconditionCheck& check) {
  std::vector<SequenceFinding> evidence;
  evidence.reserve(findings.size());
  for (const emit::SuiteFinding& f : findings) evidence.push_back({f.kind, f.op, f.message, f.sequence, {}, f.hits});
  std::vector<std::string> why = precondition_evidence(api, domain, evidence, states, check);
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < findings.size(); ++i) {
    emit::SuiteFinding& f = findings[i];
    if (why[i].empty()) continue;
    f.precondition = why[i];
    if (list.empty())
      std::fprintf(stdout,
                   "likely precondition violations (the caller's, not bugs; --emit-preconditions adds them to "
                   "the failures suite):\n");
    std::fprintf(stdout, "  %s in %s: %s\n    why: %s\n", outcome_name(f.kind), api.operations()[f.op].signature().c_str(),
                 f.message.c_str(), f.precondition.c_str());
    list.push_back({{"kind", outcome_name(f.kind)},
                    {"operation", api.operations()[f.op].signature()},
                    {"message", f.message},
                    {"why", f.precondition},
                    {"sequence", emit::write_statements(api, domain, f.sequence)}});
  }
  if (!check.keep_preconditions) std::erase_if(findings, [](const emit::SuiteFinding& f) { return !f.precondition.empty(); });
  return list;
}

}  // namespace objgen::cli
