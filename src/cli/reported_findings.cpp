#include "cli/reported_findings.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "cli/cli_common.hpp"
#include "emit/code_writer.hpp"
#include "gen/evolve/test_runner.hpp"

namespace objgen::cli {

void add_contract_options(CLI::App* cmd, std::string& contracts, std::string& minimize) {
  std::string help = "Contracts checked on every new state: all (default), none, or a list (a,b; -a removes):";
  for (size_t c = 0; c < contracts::kContractCount; ++c)
    help += fmt::format(" {} ({});", contracts::contract_name(static_cast<contracts::Contract>(c)),
                        contracts::contract_description(static_cast<contracts::Contract>(c)));
  cmd->add_option("--contracts", contracts, help)->default_val("all");
  cmd->add_option("--minimize", minimize, "on: shrink every finding's sequence in test workers (delta debugging)")
      ->check(CLI::IsMember({"on", "off"}))
      ->default_val("on");
}

contracts::ContractSet parse_contracts_option(const std::string& spec) {
  try {
    return contracts::ContractSet::parse(spec);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--contracts: ") + e.what());
  }
}

void minimize_findings(const Api& api, const LiteralDomain& domain, std::vector<ReportedFinding>& findings,
                       double call_timeout, size_t worker_memory_limit, bool quiet, bool enumerations) {
  if (findings.empty()) return;
  minimize::MinimizeOptions mo;
  mo.enumerations = enumerations;
  mo.call_timeout_seconds = call_timeout;
  mo.worker_memory_limit_bytes = worker_memory_limit;
  mo.interrupted = &g_interrupted;
  minimize::FindingOracle oracle(api, domain, mo);
  for (size_t i = 0; i < findings.size() && !g_interrupted.load(); ++i) {
    ReportedFinding& f = findings[i];
    if (f.finding.sequence.calls.empty() || f.finding.sequence.calls.size() > evolve::kMaxTestCalls) continue;
    if (!quiet) std::fprintf(stderr, "\robjgen: minimizing finding %zu/%zu", i + 1, findings.size());
    f.minimized = minimize::minimize_finding(api, f.finding, oracle, mo);
  }
  if (!quiet) std::fprintf(stderr, "\n");
}

void print_findings(const Api& api, const std::vector<ReportedFinding>& findings) {
  for (const ReportedFinding& f : findings) {
    std::string shrink;
    if (f.minimized && f.minimized->reproduced)
      shrink = fmt::format(" [{} -> {} calls{}]", f.finding.sequence.calls.size(), f.minimized->sequence.calls.size(),
                           f.minimized->one_minimal ? ", 1-minimal" : "");
    else if (f.minimized)
      shrink = " [did not reproduce on its own]";
    std::fprintf(stdout, "  %s in %s: %s (%llu hits)%s\n", outcome_name(f.finding.kind),
                 api.operations()[f.finding.op].signature().c_str(), f.finding.message.c_str(),
                 static_cast<unsigned long long>(f.finding.hits), shrink.c_str());
  }
}

nlohmann::json finding_json(const Api& api, const LiteralDomain& domain, const ReportedFinding& f) {
  nlohmann::json j = {{"kind", outcome_name(f.finding.kind)},
                      {"operation", api.operations()[f.finding.op].signature()},
                      {"message", f.finding.message},
                      {"hits", f.finding.hits},
                      {"calls", f.finding.sequence.calls.size()},
                      {"sequence", write_statements(api, domain, f.sequence())}};
  if (f.minimized)
    j["minimized"] = {{"reproduced", f.minimized->reproduced},
                      {"calls", f.sequence().calls.size()},
                      {"one_minimal", f.minimized->one_minimal},
                      {"runs", f.minimized->runs}};
  return j;
}

std::vector<SuiteFinding> suite_findings_of(const std::vector<ReportedFinding>& findings) {
  std::vector<SuiteFinding> out;
  for (const ReportedFinding& f : findings) {
    if (f.finding.sequence.calls.empty()) continue;
    bool minimized = f.minimized && f.minimized->reproduced;
    SuiteFinding s{f.finding.kind, f.finding.message, f.finding.op, f.sequence()};
    s.reproducible = !f.minimized || f.minimized->reproduced;
    s.hits = f.finding.hits;
    s.original_calls = minimized ? f.finding.sequence.calls.size() : 0;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace objgen::cli
