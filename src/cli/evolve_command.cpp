// objgen evolve: eCrash's evolutionary testing of each method under test, on a coverage build.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <utility>
#include <set>

#include "cli/cli_common.hpp"
#include "cli/evolve_search.hpp"
#include "cli/run_reports.hpp"
#include "cli/evolve_seeding.hpp"
#include "cli/post_run.hpp"
#include "cli/reported_findings.hpp"
#include "cli/subject.hpp"
#include "exec/run_deadline.hpp"
#include "emit/code_writer.hpp"
#include "cover/coverage_runtime.hpp"
#include "io/atomic_file.hpp"
#include "emit/evolve_report.hpp"
#include "emit/suite_preamble.hpp"
#include "gen/evolve/mut_coverage.hpp"
#include "gen/evolve/purity.hpp"
#include "gen/oracles/contract_runner.hpp"
#include "gen/oracles/regression_oracles.hpp"
#include "model/selection.hpp"

namespace objgen::cli {

using emit::EvolvedMethod;

namespace {

std::vector<uint32_t> methods_under_test(const Api& api, ClassId target, const std::string& spec) {
  if (spec.empty() || spec == "all") {
    std::vector<uint32_t> all;
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].owner == target && api.operations()[i].kind == OpKind::Method &&
          !api.operations()[i].through.derived())  // two bodies, each a method of its own
        all.push_back(i);
    return all;
  }
  return select_methods(api, target, read_method_list(spec), false);
}

// --show-domain: each method's constant pool (docs/EVOLVE.md).
void print_pools(const std::map<uint32_t, analysis::ConstantPool>& pools, const Api& api) {
  for (const auto& [op, pool] : pools) {
    std::vector<std::string> strings;
    for (const std::string& t : pool.strings) strings.push_back(cpp_literal({LiteralKind::String, 0, 0, t}));
    std::printf("constant pool of %s:\n  ints %s\n  doubles %s\n  strings %s\n", api.operations()[op].signature().c_str(),
                fmt::format("{}", fmt::join(pool.ints, ", ")).c_str(), fmt::format("{}", fmt::join(pool.doubles, ", ")).c_str(),
                fmt::format("{}", fmt::join(strings, ", ")).c_str());
  }
}

void print_domain(const evolve::InputDomain& plain, const evolve::InputDomain& purified, const std::vector<evolve::ParamPurity>& purity,
                  const Api& api, bool show_sets) {
  std::printf("input domain (%zu members):\n", plain.members.size());
  std::printf("  %-16s %12s %22s\n", "", "EMCDG edges", "function set entries");
  std::printf("  %-16s %12zu %22zu\n", "without purity", plain.edges.size(), plain.functions.size());
  std::printf("  %-16s %12zu %22zu\n", "with purity", purified.edges.size(), purified.functions.size());
  std::printf("  parameters that no longer provide their type (safe or read-only):\n");
  for (const auto& p : purity)
    if (p.purity != evolve::Purity::ReadWrite)
      std::printf("    %-40s %-3s %-10s %s\n", api.operations()[p.op].signature().c_str(), evolve::item_name(p.item, p.param).c_str(),
                  evolve::purity_name(p.purity), p.evidence.c_str());
  if (!show_sets) return;
  for (const auto* d : {&plain, &purified}) {
    std::printf("  function set %s purity:\n", d == &plain ? "without" : "with");
    for (const std::string& f : emit::function_set_lines(*d, api)) std::printf("    %s\n", f.c_str());
  }
}

void print_method(const EvolvedMethod& m) {
  if (m.runs.empty()) return;
  double secs = m.seconds();
  std::printf("  %-44s %-4s %5u %5zu %7.0f%% %6.1f%% %8.1f %10.0f\n", m.signature.c_str(), m.purity ? "on" : "off", m.targets,
              m.runs.size(), 100 * m.full_coverage_rate(), 100 * m.mean_branch_coverage(), m.mean_generations(),
              secs > 0 ? static_cast<double>(m.evaluations()) / secs : 0.0);
}

// A fault the searches of several methods met (their tests call every member) is one finding:
// kept where it was met first, with the hits of all.
void merge_repeated_findings(std::vector<EvolvedMethod>& results) {
  std::map<std::string, std::pair<size_t, size_t>> first;  // bucket -> (method, finding)
  std::vector<std::pair<std::pair<size_t, size_t>, uint64_t>> more_hits;
  for (size_t mi = 0; mi < results.size(); ++mi) {
    if (results[mi].runs.empty()) continue;
    std::vector<SequenceFinding> kept;
    for (SequenceFinding& f : results[mi].runs[0].findings) {
      auto [at, fresh] = first.emplace(finding_bucket(f), std::pair{mi, kept.size()});
      if (fresh)
        kept.push_back(std::move(f));
      else
        more_hits.push_back({at->second, f.hits});
    }
    results[mi].runs[0].findings = std::move(kept);
  }
  for (const auto& [where, hits] : more_hits) results[where.first].runs[0].findings[where.second].hits += hits;
}

// The crashes, hangs and exceptions the search met, minimized (a test that changed its receiver
// before the failing call hides that the call fails on a fresh object), confirmed (replayed alone
// in a fresh worker, as every command's findings: the search runs many tests in one worker) and
// labelled: not confirmed (with why), a likely precondition violation (with why) or a bug.
// Probed once the search is over, on the receivers its tests built.
void label_search_findings(Api& api, const LiteralDomain& terminals, std::vector<EvolvedMethod>& results,
                           const std::vector<FlatSequence>& receivers, const PreconditionCheck& check) {
  std::vector<ReportedFinding> reported;
  for (const EvolvedMethod& m : results)
    if (!m.runs.empty())
      for (const SequenceFinding& f : m.runs[0].findings) reported.push_back({f, std::nullopt});
  if (reported.empty()) return;
  catch_interrupts(true);  // minimizing leaves the replays their time within the budget, as every command's does
  minimize_findings(api, terminals, reported, check.call_timeout, check.worker_memory_limit, check.quiet, false,
                    minimizing_deadline(reported, check.call_timeout, check.deadline));
  confirm_findings(api, terminals, reported, {check.call_timeout, check.worker_memory_limit, false});
  catch_interrupts(false);
  std::vector<SequenceFinding> all;
  size_t k = 0;
  for (EvolvedMethod& m : results)
    if (!m.runs.empty()) {
      m.finding_unconfirmed.clear();
      for (SequenceFinding& f : m.runs[0].findings) {
        f.sequence = reported[k].sequence();
        f.message = reported[k].finding.message;  // a replay that died of another signal says so
        m.finding_unconfirmed.push_back(reported[k++].unconfirmed);
        all.push_back(f);
      }
    }
  PreconditionCheck c = check;
  c.run_findings = &all;
  std::vector<std::string> why = precondition_evidence(api, terminals, all, receivers, c);
  std::printf("findings of the search:\n");
  size_t next = 0;
  for (EvolvedMethod& m : results) {
    if (m.runs.empty()) continue;
    m.finding_preconditions.assign(why.begin() + next, why.begin() + next + m.runs[0].findings.size());
    next += m.runs[0].findings.size();
    for (size_t i = 0; i < m.runs[0].findings.size(); ++i) {
      const SequenceFinding& f = m.runs[0].findings[i];
      const std::string& unconfirmed = m.finding_unconfirmed[i];
      if (!unconfirmed.empty()) m.finding_preconditions[i].clear();  // no bug to explain
      const std::string& w = m.finding_preconditions[i];
      std::string label = !unconfirmed.empty() ? " [not confirmed: " + unconfirmed + "]"
                          : w.empty()          ? ""
                                               : " [likely a precondition violation: " + w + "]";
      std::printf("  %s in %s: %s%s\n", outcome_name(f.kind), api.operations()[f.op].signature().c_str(), f.message.c_str(), label.c_str());
    }
  }
}

double parse_budget(const std::string& text) {
  if (text.empty()) return 0;
  size_t used = 0;
  double seconds = 0;
  try {
    seconds = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(seconds > 0) || seconds > 1e7)
    throw UsageError("--budget takes a number of seconds > 0, not '" + text + "'");
  return seconds;
}

void validate(const EvolveArgs& a) {
  if (!(a.p_app >= 0 && a.p_app <= 1)) throw UsageError("--p-app is a probability: 0 to 1");
  if (!(a.p_constant >= 0 && a.p_constant <= 1)) throw UsageError("--p-constant is a probability: 0 to 1");
  if (a.dynamic_pool < 0 || a.dynamic_pool > static_cast<int>(kGrownLiterals / 2))
    throw UsageError("--dynamic-pool must be 0 to " + std::to_string(kGrownLiterals / 2));
  if (a.seed_depth < 0 || a.seed_depth > 50) throw UsageError("--seed-depth must be 0 to 50");
  if (a.max_test_length < 1 || a.max_test_length > static_cast<int>(kMaxTestCalls))
    throw UsageError("--max-test-length must be 1 to " + std::to_string(kMaxTestCalls));
  if (a.max_depth < 2 || a.max_depth > 32) throw UsageError("--max-depth must be 2 to 32");
  parse_budget(a.budget);
  if (!a.show_graph.empty() && a.show_graph.find(':') == std::string::npos)
    throw UsageError("--show-graph takes METHOD:LINE, e.g. isWorthy:72");
  if (a.population < 2) throw UsageError("--population must be at least 2");
  if (a.generations < 1) throw UsageError("--generations must be at least 1");
  if (a.runs < 1) throw UsageError("--runs must be at least 1");
  apply_run_args(a);
  double p = a.p_reproduction + a.p_crossover + a.p_mutation;
  if (a.p_reproduction < 0 || a.p_crossover < 0 || a.p_mutation < 0 || p < 0.999 || p > 1.001)
    throw UsageError("breeding probabilities must be >= 0 and sum to 1");
  require_writable_outputs(a);
  require_writable_file(a.plot);
}

nlohmann::json summary(const std::vector<EvolvedMethod>& results, bool purity) {
  double rate = 0, gens = 0, evals = 0, secs = 0;
  int n = 0, full = 0;
  for (const auto& m : results) {
    if (m.purity != purity || m.runs.empty()) continue;
    ++n;
    rate += m.full_coverage_rate();
    if (m.mean_generations() > 0) {
      gens += m.mean_generations();
      ++full;
    }
    evals += static_cast<double>(m.evaluations());
    secs += m.seconds();
  }
  return {{"methods", n},
          {"full_coverage_rate", n ? rate / n : 0.0},
          {"mean_generations", full ? gens / full : 0.0},
          {"evaluations", evals},
          {"evaluations_per_second", secs > 0 ? evals / secs : 0.0}};
}

// The emitted suite asserts a test case's result only when two more runs in separate processes
// (one with its heap shifted) return it again: a value read from memory the call does not own
// (operator[] past the end) or derived from an address is not asserted.
std::vector<EvolvedMethod> with_stable_results(const Api& api, const LiteralDomain& terminals, std::vector<EvolvedMethod> results,
                                               const EvolveArgs& a) {
  std::vector<FlatSequence> tests;
  for (const EvolvedMethod& m : results)
    if (!m.runs.empty())
      for (const auto& t : m.runs[0].test_set) tests.push_back(t.sequence);
  oracles::OracleOptions o;
  o.call_timeout_seconds = a.call_timeout;
  std::vector<std::optional<Literal>> stable = oracles::stable_last_values(api, terminals, tests, o, false);
  size_t k = 0;
  for (EvolvedMethod& m : results)
    if (!m.runs.empty())
      for (auto& t : m.runs[0].test_set) {
        const std::optional<Literal>& v = stable[k++];
        // Three runs agree (the search's and two more), or no assertion.
        t.outcome.has_result = v && t.outcome.has_result && oracles::same_value(*v, t.outcome.result);
      }
  return results;
}

// The receiver each covering test leaves (after the method under test), as a state's sequence.
std::vector<FlatSequence> covering_receivers(const Api& api, const ClassInfo& target, const std::vector<EvolvedMethod>& results) {
  std::vector<FlatSequence> receivers;
  for (const EvolvedMethod& m : results)
    if (!m.runs.empty())
      for (const auto& t : m.runs[0].test_set) {
        if (t.sequence.calls.empty()) continue;
        const FlatCall& last = t.sequence.calls.back();
        const Operation& op = api.operations()[last.op];
        if (op.params.empty() || !op.params[0].is_object() || op.params[0].cls != target.id || last.produced[0] < 0) continue;
        FlatSequence s = t.sequence;
        s.result_value = last.produced[0];
        receivers.push_back(std::move(s));
      }
  return receivers;
}

// The contracts of the target checked on the receiver each covering test leaves (after the method
// under test), findings minimized and confirmed.
std::vector<ReportedFinding> check_contracts(Api& api, const ClassInfo& target, const std::vector<uint32_t>& members,
                                             const LiteralDomain& terminals, const std::vector<EvolvedMethod>& results, const EvolveArgs& a,
                                             std::chrono::steady_clock::time_point deadline) {
  ContractCheck check{.enabled = parse_contracts_option(a.contracts),
                      .omit = build_omit(target.omit_fields),
                      .target = target.id,
                      .operations = members,
                      .states_what = "covering tests' receivers",
                      .enumerations = false,  // evolve's terminals are by kind
                      .minimize = a.minimize,
                      .minimize_deadline = deadline,
                      .call_timeout = a.call_timeout,
                      .worker_memory_limit = a.worker_memory_limit_bytes(),
                      .quiet = a.quiet};
  return check_contracts_on(api, check, terminals, covering_receivers(api, target, results)).findings;
}

// The run's checks and findings for the reports: each method's findings (a likely precondition
// told apart), the contracts' on the covering tests' receivers.
emit::CheckResults evolve_results(const EvolveArgs& a, const Example& ex, const Api& api, const LiteralDomain& terminals,
                                  const std::vector<EvolvedMethod>& methods, const std::vector<ReportedFinding>& broken,
                                  const nlohmann::json& preconditions) {
  const ClassInfo* target = api.find_class(ex.target);
  emit::CheckResults r = emit::check_results(api, "evolve", target ? target->id : 0, ex.header);
  for (const EvolvedMethod& m : methods) {
    if (m.runs.empty()) continue;
    for (size_t i = 0; i < m.runs[0].findings.size(); ++i) {
      const SequenceFinding& f = m.runs[0].findings[i];
      emit::ResultRecord x = emit::result_record(api, f.domain, f.kind, f.op, f.message, f.hits, f.sequence);
      if (i < m.finding_preconditions.size() && !m.finding_preconditions[i].empty()) {
        x.verdict = emit::Verdict::Precondition;
        x.why = m.finding_preconditions[i];
      }
      if (i < m.finding_unconfirmed.size() && !m.finding_unconfirmed[i].empty()) {
        x.verdict = emit::Verdict::Unconfirmed;
        x.why = m.finding_unconfirmed[i];
      }
      r.results.push_back(std::move(x));
    }
  }
  add_contract_checks(parse_contracts_option(a.contracts), r);
  for (const ReportedFinding& f : broken) r.results.push_back(finding_record(api, terminals, f));
  mark_preconditions(preconditions, r);
  return r;
}

void write_outputs(const EvolveArgs& a, const Subject& subject, const Api& api, const LiteralDomain& terminals,
                   const evolve::InputDomain& plain, const std::vector<evolve::ParamPurity>& purity,
                   const std::vector<EvolvedMethod>& results, const std::vector<ReportedFinding>& broken,
                   const std::vector<emit::SuiteFinding>& failing, const nlohmann::json& preconditions) {
  const Example& ex = subject.example;
  nlohmann::json j{{"subject", a.subject.example.empty() ? ex.name : a.subject.example},
                   {"class", ex.target},
                   {"options",
                    {{"population", a.population},
                     {"generations", a.generations},
                     {"runs", a.runs},
                     {"seed", a.seed},
                     {"threads", a.threads ? a.threads : 1},
                     {"purity", kPurityModes.name(a.purity)},
                     {"alpha", 0.5},
                     {"beta", 150},
                     {"w_init", 200},
                     {"seeding", kSeedingModes.name(a.seeding)},
                     {"fitness", kFitnessKinds.name(a.fitness)},
                     {"p_app", a.p_app},
                     {"p_constant", a.p_constant},
                     {"local_search", uses_local_search(a)},
                     {"coverage_scope", kCoverageScopes.name(a.coverage_scope)},
                     {"dynamic_pool", a.dynamic_pool},
                     {"seed_depth", a.seed_depth},
                     {"max_test_length", a.max_test_length},
                     {"max_depth", a.max_depth},
                     {"budget_seconds", parse_budget(a.budget)},
                     {"breeding", {a.p_reproduction, a.p_crossover, a.p_mutation}}}},
                   {"input_domain", emit::input_domain_json(plain, purity, api)},
                   {"summary", {{"without_purity", summary(results, false)}, {"with_purity", summary(results, true)}}}};
  j["methods"] = nlohmann::json::array();
  for (const auto& m : results) j["methods"].push_back(emit::evolve_method_json(m, api));
  j["contracts"] = {{"checked", a.contracts}, {"findings", nlohmann::json::array()}};
  for (const ReportedFinding& f : broken) j["contracts"]["findings"].push_back(finding_json(api, terminals, f));
  j["preconditions"] = preconditions;
  std::string plot = emit::nodes_remaining_svg(results, "objgen evolve: " + ex.target);
  write_run_reports(a, j, evolve_results(a, ex, api, terminals, results, broken, preconditions), {plot});
  if (!a.plot.empty()) write_file_atomically(a.plot, plot);
  if (!a.emit_gtest.empty()) {
    std::string include = a.subject.example.empty() ? ex.header : require_example(a.subject.example).header;
    std::string name = a.subject.example.empty() ? short_class_name(ex.target) : a.subject.example;
    std::string path = a.emit_gtest + "/" + name + "_evolve_test.cpp";
    write_file_atomically(
        path, emit::suite_build_comment(subject.suites, path) +
                  emit::evolved_gtest_file(api, terminals, with_stable_results(api, terminals, results, a), include, name + "_evolve"));
    if (!a.quiet) std::fprintf(stderr, "objgen: wrote %s\n", path.c_str());
    emit::GtestSuiteOptions g{include, name + "_evolve", 64, static_cast<unsigned>(std::max(1.0, std::ceil(a.call_timeout * 2)))};
    g.build = subject.suites;
    std::string failures = emit::write_failures_suite(api, terminals, failing, g, a.emit_gtest, a.worker_memory_limit_bytes());
    if (!failures.empty() && !a.quiet) std::fprintf(stderr, "objgen: wrote %s\n", failures.c_str());
  }
}

// The LINE of --show-graph METHOD:LINE.
uint32_t show_graph_line(const std::string& arg, size_t colon) {
  try {
    size_t used = 0;
    uint32_t line = static_cast<uint32_t>(std::stoul(arg.substr(colon + 1), &used));
    if (used != arg.size() - colon - 1) throw std::invalid_argument("trailing text");
    return line;
  } catch (const std::exception&) {
    throw UsageError("--show-graph takes METHOD:LINE with a line number, not '" + arg + "'");
  }
}

// Each leaf of the graph, and the operations that write the fields along it.
void print_leaves(const Api& api, SeedingSession& seeding, const analysis::ObjectGraph& g) {
  for (const analysis::AccessPath& p : g.leaves) {
    std::printf("// leaf: %s\n", p.str().c_str());
    for (const analysis::PathStep& st : p.steps) {
      if (st.kind != analysis::PathStep::Kind::Field) continue;
      std::string ws;
      for (const seeding::WriterChoice& w : seeding.writers(st.field))
        ws += (ws.empty() ? "" : ", ") + api.operations()[w.op].signature() +
              (w.samples ? fmt::format(" ({:.2f}, changed it in {}/{} calls)", w.weight, w.changed, w.samples)
                         : fmt::format(" ({:.2f})", w.weight)) +
              (w.accumulates ? " [adds up]" : "");
      std::printf("//   %s written by: %s\n", st.field.str().c_str(), ws.empty() ? "(no registered operation)" : ws.c_str());
    }
  }
}

// --show-graph METHOD:LINE: for each target node of the method starting at that line, the object
// construction graph (DOT), the fields' writers and one synthesized template (C++).
int show_graph(const EvolveArgs& a, const Api& api, ClassId target, const cover::CoverageMap& map, SeedingSession& seeding,
               const evolve::InputDomain& domain, const LiteralDomain& terminals) {
  size_t colon = a.show_graph.rfind(':');
  std::string method = a.show_graph.substr(0, colon);
  uint32_t line = show_graph_line(a.show_graph, colon);
  std::vector<uint32_t> ops;
  try {
    ops = methods_under_test(api, target, method);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--show-graph: ") + e.what());
  }
  int shown = 0;
  std::set<uint32_t> lines;
  for (uint32_t op : ops) {
    int fn = evolve::find_operation_function(map, api.operations()[op]);
    if (fn < 0) throw UsageError("--show-graph: " + api.operations()[op].signature() + " has no instrumented body");
    const cover::CoveredFunction& cfg = map.functions[fn];
    evolve::TreeFactory trees(api, domain, terminals, op, tree_limits(a));
    evolve::EvolveOptions eo;
    seeding.attach(cfg, domain, trees, static_cast<size_t>(a.max_test_length), eo);
    Rng rng(a.seed);
    for (uint32_t n = 0; n < cfg.nodes.size(); ++n) {
      lines.insert(cfg.nodes[n].line);
      if (cfg.nodes[n].line != line) continue;
      ++shown;
      const analysis::ObjectGraph* g = seeding.graph(cfg, n);
      std::printf("// %s, node %u (block %s, line %u)\n", api.operations()[op].signature().c_str(), n, cfg.nodes[n].label.c_str(), line);
      if (!g) {
        std::printf("// no graph: %s\n", seeding.stats().back().error.c_str());
        continue;
      }
      std::printf("%s", g->dot().c_str());
      print_leaves(api, seeding, *g);
      evolve::GpTree t;
      if (eo.seed_template(n, rng, t)) {
        std::printf("// template:\n");
        for (const std::string& stmt : emit::write_statements(api, terminals, trees.linearize(t))) std::printf("%s\n", stmt.c_str());
      }
    }
  }
  if (shown == 0) {
    std::string known;
    for (uint32_t l : lines)
      if (l) known += (known.empty() ? "" : " ") + std::to_string(l);
    throw UsageError("--show-graph: no block of " + method + " starts at line " + std::to_string(line) + " (its blocks start at lines " +
                     known + ")");
  }
  return kExitOk;
}

// The coverage build's IR, for the constant pools and the seeding analysis (none: no pools, unless
// seeding needs it).
std::unique_ptr<SeedingSession> open_seeding(const EvolveArgs& a, const Subject& subject, const Api& api,
                                             const std::vector<uint32_t>& members) {
  try {
    return std::make_unique<SeedingSession>(subject.build_directory, api, members, a.seed_depth);
  } catch (const std::runtime_error& e) {
    if (a.seeding == SeedingMode::EvoObj || !a.show_graph.empty()) throw UsageError(std::string("seeding: ") + e.what());
    std::fprintf(stderr, "objgen: no constant pool (%s)\n", e.what());
    return nullptr;
  }
}

// Each method under test with each purity setting asked for, a line each, until interrupted.
std::vector<EvolvedMethod> evolve_all(Session& s, const std::vector<uint32_t>& muts, PurityMode purity, int threads) {
  std::vector<EvolvedMethod> results;
  std::vector<bool> settings = purity == PurityMode::Both ? std::vector<bool>{false, true} : std::vector<bool>{purity == PurityMode::On};
  std::vector<MethodSearch> searches;
  for (uint32_t op : muts)
    for (bool p : settings) searches.push_back({op, p});
  if (threads > 1 && s.seeding) std::fprintf(stderr, "objgen: --seeding evoobj searches one method at a time (its analysis is shared)\n");
  std::printf("  %-44s %-4s %5s %5s %8s %7s %8s %10s\n", "method", "pur.", "nodes", "runs", "full", "cov", "gens", "evals/s");
  evolve_methods(s, searches, threads, [&](EvolvedMethod m) {
    results.push_back(std::move(m));
    print_method(results.back());
    std::fflush(stdout);
  });
  return results;
}

// Contracts checked on the results' states, findings merged, blamed and set apart; the outputs.
void report_results(const EvolveArgs& a, const Subject& subject, Api& api, const ClassInfo& target, const std::vector<uint32_t>& members,
                    const LiteralDomain& terminals, const evolve::InputDomain& plain, const std::vector<evolve::ParamPurity>& purity,
                    std::vector<EvolvedMethod>& results) {
  // With --budget, minimizing what the search found takes one run's budget at most, the rest of
  // each finding is reported as found: a fault whose every replay hangs would cost a call timeout
  // per candidate (a 10 s budget ran 542 s).
  // The steps after the search (contracts, minimizing, confirming, probing) together end within
  // one budget, a call's timeout and two seconds (exec/run_deadline.hpp), whatever the calls do.
  const double budget = parse_budget(a.budget);
  const auto deadline = budget > 0 ? RunClock::now() + clock_seconds(budget) : RunClock::time_point{};
  if (budget > 0) set_run_deadline(run_deadline_after(budget, a.call_timeout));
  std::vector<ReportedFinding> broken;
  if (!g_interrupted.load()) broken = check_contracts(api, target, members, terminals, results, a, deadline);
  std::vector<emit::SuiteFinding> failing = suite_findings_of(broken);
  const std::vector<FlatSequence> receivers = covering_receivers(api, target, results);
  PreconditionCheck check{a.call_timeout, a.worker_memory_limit_bytes(), a.emit_preconditions, a.quiet, false};
  check.deadline = deadline;
  merge_repeated_findings(results);  // also when interrupted: the report lists each fault once
  if (!g_interrupted.load()) label_search_findings(api, terminals, results, receivers, check);
  nlohmann::json preconditions = set_apart_preconditions(api, terminals, failing, receivers, check);
  write_outputs(a, subject, api, terminals, plain, purity, results, broken, failing, preconditions);
}

// What the searches need beside the harness: the cluster's members, the seeding analysis, the
// constant pools, the terminals, and the input domain without and with parameter purity.
// The seeding analysis keeps pointers to the domain and terminals: made in place, never moved.
struct EvolveInputs {
  EvolveInputs() = default;
  EvolveInputs(const EvolveInputs&) = delete;
  EvolveInputs& operator=(const EvolveInputs&) = delete;
  std::vector<uint32_t> members;
  std::unique_ptr<SeedingSession> seeding;
  std::map<uint32_t, analysis::ConstantPool> pools;
  LiteralDomain terminals;
  evolve::InputDomain plain, purified;
  std::vector<evolve::ParamPurity> purity;
};

void prepare_inputs(EvolveInputs& in, const EvolveArgs& a, const Subject& subject, Api& api, const ClassInfo& target,
                    const std::vector<uint32_t>& muts, std::chrono::steady_clock::time_point command_start) {
  const cover::CoverageMap& map = *subject.coverage;
  in.members = evolve::cluster_members(api, target.id);
  in.seeding = open_seeding(a, subject, api, in.members);
  // Each method's constant pool: what it, the operations of the cluster and the functions they
  // call compare with or pass on (section(kNetwork), code != 48213, text() != "FRAGILE"), beside
  // eCrash's terminals and the small constants of the whole class.
  if (in.seeding) in.pools = in.seeding->pools(map, muts);
  analysis::ConstantPool every_pool;
  for (const auto& [op, pool] : in.pools) every_pool.merge(pool);
  in.terminals = evolve::terminal_domain(map.constants, every_pool);
  in.plain = evolve::build_input_domain(api, in.members, nullptr);
  in.purity = evolve::static_purity(api, in.members);
  evolve::PurityCheckOptions purity_options{30, a.seed, a.call_timeout};
  double budget = parse_budget(a.budget);
  if (budget > 0)  // the first run's budget counts from the command's start: half of it at most here
    purity_options.deadline = command_start + clock_seconds(budget / 2);
  evolve::check_purity(api, in.plain, in.terminals, in.purity, purity_options);
  in.purified = evolve::build_input_domain(api, in.members, &in.purity);
  if (in.seeding && (a.seeding == SeedingMode::EvoObj || !a.show_graph.empty()))
    in.seeding->confirm_writers(in.plain, in.terminals, a.call_timeout, a.worker_memory_limit_bytes());
}

// The coverage build of the class, with the options evolve implies.
Subject coverage_subject(EvolveArgs& a) {
  if (parse_budget(a.budget) > 0 && !a.generations_given) a.generations = std::numeric_limits<int>::max();
  a.subject.coverage = true;
  a.subject.coverage_of_callees = a.coverage_scope != cover::CoverageScope::Class;
  Subject subject = resolve_subject(a.subject, a.quiet);
  if (!subject.coverage)
    throw UsageError(
        "evolve needs a coverage build of the class: give --example or --header/--class "
        "(a --harness library carries no coverage map)");
  return subject;
}

int run_evolve(EvolveArgs& a) {
  auto command_start = std::chrono::steady_clock::now();
  validate(a);
  const Subject subject = coverage_subject(a);
  Api api;
  const ClassInfo& target = register_example(subject.example, api);
  apply_misuse_options(a, api);
  std::vector<uint32_t> muts = methods_under_test(api, target.id, a.methods);
  EvolveInputs in;
  prepare_inputs(in, a, subject, api, target, muts, command_start);
  const cover::CoverageMap& map = *subject.coverage;
  if (!a.show_graph.empty())
    return show_graph(a, api, target.id, map, *in.seeding, a.purity == PurityMode::Off ? in.plain : in.purified, in.terminals);
  print_domain(in.plain, in.purified, in.purity, api, a.show_domain);
  if (a.show_domain) print_pools(in.pools, api);
  catch_interrupts(true);
  SeedingSession* seeding = a.seeding == SeedingMode::EvoObj ? in.seeding.get() : nullptr;
  Session s{a,
            api,
            map,
            in.terminals,
            {&in.plain, &in.purified},
            seeding,
            &in.pools,
            parse_budget(a.budget),
            &command_start,
            a.coverage_scope,
            scope_directory(a.subject)};
  std::vector<EvolvedMethod> results = evolve_all(s, muts, a.purity, a.threads ? default_workers(a.threads, a.force) : 1);
  catch_interrupts(false);
  report_results(a, subject, api, target, in.members, in.terminals, in.plain, in.purity, results);
  return g_interrupted.load() ? kExitInterrupted : kExitOk;
}

}  // namespace

void add_evolve_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<EvolveArgs>();
  auto* cmd = app.add_subcommand("evolve",
                                 "Evolutionary testing (eCrash): strongly-typed GP over call sequences until every "
                                 "CFG node of each method under test is covered (coverage build with Clang)");
  add_subject_options(cmd, args->subject);
  add_evolve_options(cmd, args);
  cmd->callback([args, &exit_code] { exit_code = run_evolve(*args); });
}

}  // namespace objgen::cli
