#include "cli/builders_printing.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/cli_common.hpp"
#include "cli/reported_findings.hpp"
#include "exec/run_deadline.hpp"
#include "emit/builders_report.hpp"
#include "emit/code_writer.hpp"
#include "gen/minimize/confirm.hpp"
#include "gen/minimize/finding_blame.hpp"

namespace objgen::cli {

using builders::BuilderSearchOptions;
using builders::BuildersFile;
using builders::Identification;
using builders::Verification;

std::string signatures_of(const Api& api, const std::vector<uint32_t>& ops) {
  std::vector<std::string> out;
  out.reserve(ops.size());
  for (uint32_t op : ops) out.push_back(api.operations()[op].signature());
  return fmt::format("{}", fmt::join(out, ", "));
}

// "proved at scopes 3, 4" or "unknown (...)": one wording for `builders` and `--builders auto`.
std::string verdict_line(const BuildersFile& f) {
  if (f.verdict.empty()) return "not proven (no proof was run)";
  if (f.proven_scopes.empty()) return f.verdict;
  return fmt::format("{} at scope{} {}", f.verdict, f.proven_scopes.size() == 1 ? "" : "s", fmt::join(f.proven_scopes, ", "));
}

void print_ruled_out(const BuildersFile& f) {
  for (const auto& [op, why] : f.ruled_out) std::fprintf(stderr, "objgen: ruled out of the builders: %s: %s\n", op.c_str(), why.c_str());
}

builders::IdentifyProgress progress_printer(const Api& api) {
  builders::IdentifyProgress p;
  p.on_classified = [](const builders::Classification& c) { std::fprintf(stderr, "objgen: observers found in %.1f s\n", c.seconds); };
  p.on_climb_step = [&api](const builders::ClimbStep& s) {
    std::fprintf(stderr, "  climb: %zu structures with %s  (%zu runs, %.1f s)\n", s.structures, signatures_of(api, s.builders).c_str(),
                 s.runs, s.seconds);
  };
  auto last = std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::now());
  p.on_climb_try = [&api, last](uint32_t op, size_t tried, size_t of) {  // a long step says what it tries
    auto now = std::chrono::steady_clock::now();
    if (now - *last < std::chrono::seconds(3)) return;
    *last = now;
    std::fprintf(stderr, "  climb: trying %s (%zu of %zu)\n", api.operations()[op].signature().c_str(), tried + 1, of);
  };
  p.on_proof = [](const builders::ScopeProof& s) {
    std::fprintf(stderr, "  scope %u: %s, %s (%.1f s)\n", s.scope, s.sufficient ? "sufficient" : "a state is missing",
                 s.minimal ? "minimal" : "not minimal", s.seconds);
  };
  p.on_generation = [&api](const builders::GenerationRecord& g) {
    std::fprintf(stderr, "  generation %2d: best %.4f (%llu field values) %s  (%zu evaluated, %.1f s)\n", g.generation, g.best_fitness,
                 static_cast<unsigned long long>(g.best_field_extensions), signatures_of(api, g.best).c_str(), g.evaluations, g.seconds);
  };
  return p;
}

void print_classification(const Api& api, const builders::Classification& c) {
  std::printf("%-44s %-18s %-6s %s\n", "method", "role", "const", "evidence");
  for (const auto& o : c.operations)
    std::printf("%-44s %-18s %-6s %s\n", api.operations()[o.op].signature().c_str(), builders::role_name(o.role),
                o.const_hint ? "yes" : "no", o.evidence.c_str());
}

void print_program(const Api& api, const builders::Witness& w) {
  for (const auto& line : emit::write_statements(api, w.domain, w.sequence, "o")) std::printf("      %s\n", line.c_str());
}

void confirm_identification_findings(const Api& api, const BuilderSearchOptions& o, Identification& id) {
  std::vector<SequenceFinding> findings = emit::identification_findings(id);
  id.finding_verdicts.clear();
  for (const SequenceFinding& f : findings) {  // each with the domain of its search
    if (g_interrupted.load() || run_deadline_passed()) {
      id.finding_verdicts.emplace_back("the run stopped before its sequence was replayed alone");
      continue;
    }
    id.finding_verdicts.push_back(
        minimize::confirm_findings(api, f.domain, {f}, {o.call_timeout_seconds, o.worker_memory_limit_bytes, true, &g_interrupted})[0]);
  }
}

// Each finding with its sequence; one not confirmed says why, and one likely to be a precondition
// violation says so, judged on the states the builders build at the climbing scope.
void print_findings(const Api& api, const BuilderSearchOptions& o, const Identification& id) {
  std::vector<SequenceFinding> findings = emit::identification_findings(id);
  if (findings.empty()) return;
  std::vector<FlatSequence> states;
  if (!id.builders.empty() && !g_interrupted.load() && !run_deadline_passed()) {
    // The probes need a few states of every kind the API builds (not only the builders': a JSON
    // value's builders may build arrays only), not all of them: a climbing scope where the API
    // builds millions (rational's arithmetic) would otherwise outlast the budget many times over.
    BuilderSearchOptions probe = o;
    probe.run_time_limit_seconds = probe.run_time_limit_seconds > 0 ? std::min(probe.run_time_limit_seconds, 5.0) : 5.0;
    probe.deadline = run_deadline();  // and within the command's time
    exhaustive::ExhaustiveResult r = builders::exhaustive_with(api, probe, o.operations, o.climb_scope);
    LiteralDomain domain = builders::search_domain(api, o, o.climb_scope);
    states = probe_states(api, {r.store, domain, o.target, o.operations});
  }
  // One at a time (each finding has the domain of its search), then as a whole: a refusal the
  // library confirmed for some members labels its other throws as exhaustive's and random's do.
  std::vector<minimize::FindingBlame> blames;
  for (const auto& f : findings) {
    std::vector<std::string> why = precondition_evidence(
        api, f.domain, {f}, states, {o.call_timeout_seconds, o.worker_memory_limit_bytes, false, true, true, &findings});
    blames.push_back({why[0].empty() ? minimize::Blame::Bug : minimize::Blame::Precondition, why[0]});
  }
  minimize::label_unconfirmed_refusals(findings, blames);
  for (size_t i = 0; i < findings.size(); ++i) {
    const auto& f = findings[i];
    const std::string& why = blames[i].evidence;
    const std::string unconfirmed = id.unconfirmed(i);
    std::string label = !unconfirmed.empty() ? " [not confirmed: " + unconfirmed + "]"
                        : !why.empty()       ? " [likely a precondition violation: " + why + "]"
                                             : "";
    std::printf("  %s in %s: %s%s\n", outcome_name(f.kind), emit::finding_method(api, f).c_str(), f.message.c_str(), label.c_str());
    for (const auto& line : emit::write_statements(api, f.domain, f.sequence)) std::printf("      %s\n", line.c_str());
  }
}

void print_verification(const Api& api, const Verification& v, const char* compared_with) {
  for (const auto& s : v.scopes) {
    std::printf("scope %u: builders build %zu states, %s %zu", s.scope, s.builder_states, compared_with, s.api_states);
    if (s.by_equality && s.api_representations != s.api_states)
      std::printf(" (equal under the class's operator==: of %zu and %zu canonical forms)", s.builder_representations,
                  s.api_representations);
    std::printf("\n");
    if (!s.complete) {  // counts of unfinished runs prove nothing either way
      std::printf(
          "  sufficient: unknown (a run did not reach its fixpoint in the time it had)\n"
          "  minimal: unknown\n");
      continue;
    }
    std::printf("  sufficient: %s\n", s.sufficient ? "yes (same set of states)" : "NO");
    for (const auto& w : s.missing) {
      std::printf("    a state only the whole API builds:\n");
      print_program(api, w);
    }
    for (const auto& w : s.extra) {
      std::printf("    a state only the builders build (nondeterminism?):\n");
      print_program(api, w);
    }
    std::printf("  minimal: %s\n", s.minimal ? "yes" : "NO");
    for (const auto& w : s.needed) {
      std::printf("    without %s this state is lost:\n", w.builder.c_str());
      print_program(api, w);
    }
    for (const auto& r : s.redundant) std::printf("    %s is redundant: nothing is lost without it\n", r.c_str());
  }
}

}  // namespace objgen::cli
