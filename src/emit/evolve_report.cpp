#include "emit/evolve_report.hpp"

#include <cmath>

#include <fmt/format.h>

#include <algorithm>
#include <cinttypes>
#include <set>

#include "emit/code_writer.hpp"
#include "emit/junit_report.hpp"

namespace objgen::emit {

double EvolvedMethod::mean_branch_coverage() const {
  if (runs.empty() || targets == 0) return 0;
  double sum = 0;
  for (const auto& r : runs) sum += 1.0 - static_cast<double>(r.uncovered.size()) / targets;
  return sum / static_cast<double>(runs.size());
}

double EvolvedMethod::full_coverage_rate() const {
  if (runs.empty()) return 0;
  double full = 0;
  for (const auto& r : runs) full += r.full_coverage;
  return full / static_cast<double>(runs.size());
}

double EvolvedMethod::mean_generations() const {
  double sum = 0, n = 0;
  for (const auto& r : runs)
    if (r.full_coverage) {
      sum += r.generations;
      ++n;
    }
  return n ? sum / n : 0;
}

uint64_t EvolvedMethod::evaluations() const {
  uint64_t n = 0;
  for (const auto& r : runs) n += r.evaluations;
  return n;
}

double EvolvedMethod::seconds() const {
  double s = 0;
  for (const auto& r : runs) s += r.seconds;
  return s;
}

std::vector<std::pair<int, double>> EvolvedMethod::mean_nodes_remaining() const {
  const evolve::EvolveResult* longest = nullptr;
  for (const auto& r : runs)
    if (!r.per_generation.empty() && (!longest || r.per_generation.back().generation > longest->per_generation.back().generation))
      longest = &r;
  std::vector<std::pair<int, double>> mean;
  if (!longest) return mean;
  for (const evolve::GenerationStats& at : longest->per_generation) {
    double sum = 0;
    for (const auto& r : runs) {
      if (r.per_generation.empty()) continue;
      auto after = std::upper_bound(r.per_generation.begin(), r.per_generation.end(), at.generation,
                                    [](int g, const evolve::GenerationStats& x) { return g < x.generation; });
      sum += (after == r.per_generation.begin() ? *after : *(after - 1)).remaining;
    }
    mean.push_back({at.generation, sum / static_cast<double>(runs.size())});
  }
  return mean;
}

std::vector<std::string> function_set_lines(const evolve::InputDomain& domain, const Api& api) {
  std::vector<std::string> lines;
  for (const auto& f : domain.functions) {
    std::string children;
    for (const auto& c : f.children) children += (children.empty() ? "" : ", ") + evolve::type_name(c);
    lines.push_back(fmt::format("{} {}[{}]({})", evolve::type_name(f.returns), api.operations()[f.op].signature(),
                                evolve::item_name(f.item, f.param), children));
  }
  return lines;
}

namespace {

nlohmann::json domain_side(const evolve::InputDomain& d, const Api& api) {
  return {{"emcdg_edges", d.edges.size()},
          {"required_edges", d.required_edges()},
          {"provided_edges", d.provided_edges()},
          {"function_set_entries", d.functions.size()},
          {"function_set", function_set_lines(d, api)}};
}

}  // namespace

nlohmann::json input_domain_json(const evolve::InputDomain& domain, const std::vector<evolve::ParamPurity>& purity, const Api& api) {
  evolve::InputDomain purified = evolve::build_input_domain(api, domain.members, &purity);
  nlohmann::json params = nlohmann::json::array();
  for (const auto& p : purity)
    params.push_back({{"member", api.operations()[p.op].signature()},
                      {"item", evolve::item_name(p.item, p.param)},
                      {"purity", evolve::purity_name(p.purity)},
                      {"static", evolve::purity_name(p.static_purity)},
                      {"samples", p.samples},
                      {"changed", p.changed},
                      {"evidence", p.evidence}});
  return {{"members", domain.members.size()},
          {"without_purity", domain_side(domain, api)},
          {"with_purity", domain_side(purified, api)},
          {"parameters", params}};
}

// One run: its coverage, when each target was first covered, its effort.
nlohmann::json run_json(const EvolvedMethod& m, const evolve::EvolveResult& r) {
  std::vector<uint32_t> lines;
  for (uint32_t n : r.uncovered) lines.push_back(m.target_lines.size() > n ? m.target_lines[n] : 0);
  nlohmann::json covered_at = nlohmann::json::array();  // when each target was first covered
  for (const auto& t : r.targets_progress)
    covered_at.push_back({{"node", t.node},
                          {"line", m.target_lines.size() > t.node ? m.target_lines[t.node] : 0},
                          {"generation", t.covered_generation},
                          {"seconds", t.covered_seconds},
                          {"templates", t.templates}});
  return {{"full_coverage", r.full_coverage},
          {"generations", r.generations},
          {"evaluations", r.evaluations},
          {"seconds", r.seconds},
          {"templates", r.templates},
          {"local_search", {{"runs", r.local_searches}, {"improved", r.local_improvements}, {"evaluations", r.local_evaluations}}},
          {"dynamic_constants", r.dynamic_constants},
          {"stopped_by_budget", r.stopped_by_budget},
          {"targets", covered_at},
          {"uncovered_nodes", r.uncovered},
          {"uncovered_lines", lines},
          {"test_set", r.test_set.size()}};
}

// The seeded branches: the graph analysis and templates per target, and whether it was covered.
nlohmann::json seeded_json(const EvolvedMethod& m) {
  nlohmann::json seeded = nlohmann::json::array();
  for (const auto& b : m.seeded) {
    const evolve::TargetProgress* progress = nullptr;
    if (!m.runs.empty())
      for (const auto& t : m.runs[0].targets_progress)
        if (t.node == b.node) progress = &t;
    seeded.push_back({{"node", b.node},
                      {"line", m.target_lines.size() > b.node ? m.target_lines[b.node] : 0},
                      {"graph_nodes", b.graph_nodes},
                      {"graph_leaves", b.graph_leaves},
                      {"analysis_seconds", b.analysis_seconds},
                      {"templates", b.templates},
                      {"mean_template_length", b.templates ? static_cast<double>(b.template_calls) / b.templates : 0.0},
                      {"synthesis_seconds", b.template_seconds},
                      {"covered", progress && progress->covered_generation >= 0},
                      {"covered_seconds", progress ? progress->covered_seconds : -1.0},
                      {"error", b.error}});
  }
  return seeded;
}

nlohmann::json evolve_method_json(const EvolvedMethod& m, const Api& api) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto& r : m.runs) runs.push_back(run_json(m, r));
  nlohmann::json per_generation = nlohmann::json::array();
  nlohmann::json findings = nlohmann::json::array();
  if (!m.runs.empty()) {
    for (const auto& g : m.runs[0].per_generation)
      per_generation.push_back({{"generation", g.generation},
                                {"covered", g.covered},
                                {"nodes_remaining", g.remaining},
                                {"feasible", g.feasible},
                                {"best_fitness", g.best_fitness},
                                {"seconds", g.seconds}});
    for (size_t i = 0; i < m.runs[0].findings.size(); ++i) {
      const auto& f = m.runs[0].findings[i];
      nlohmann::json j{{"kind", outcome_name(f.kind)},
                       {"in", api.operations()[f.op].signature()},
                       {"message", f.message},
                       {"sequence", write_statements(api, f.domain, f.sequence)},
                       {"precondition", i < m.finding_preconditions.size() ? m.finding_preconditions[i] : ""}};
      if (i < m.finding_unconfirmed.size() && !m.finding_unconfirmed[i].empty()) j["unconfirmed"] = m.finding_unconfirmed[i];
      findings.push_back(std::move(j));
    }
  }
  nlohmann::json seeded = seeded_json(m);
  double secs = m.seconds();
  nlohmann::json mean_remaining = nlohmann::json::array();
  for (auto [generation, remaining] : m.mean_nodes_remaining())
    mean_remaining.push_back({{"generation", generation}, {"nodes_remaining", remaining}});
  return {{"method", m.signature},
          {"seeding", m.seeding},
          {"mean_branch_coverage", m.mean_branch_coverage()},
          {"seeded_branches", seeded},
          {"purity", m.purity},
          {"nodes", m.targets},
          {"scope_functions", m.scope_functions},
          {"runs", m.runs.size()},
          {"full_coverage_rate", m.full_coverage_rate()},
          {"mean_generations", m.mean_generations()},
          {"evaluations", m.evaluations()},
          {"evaluations_per_second", secs > 0 ? static_cast<double>(m.evaluations()) / secs : 0.0},
          {"generations", per_generation},
          {"mean_nodes_remaining", mean_remaining},
          {"findings", findings},
          {"run_results", runs}};
}

std::string nodes_remaining_svg(const std::vector<EvolvedMethod>& methods, const std::string& title) {
  const int w = 720, h = 420, left = 60, right = 200, top = 40, bottom = 50;
  int max_gen = 1;
  uint32_t max_nodes = 1;
  for (const auto& m : methods)
    if (!m.runs.empty()) {
      if (auto mean = m.mean_nodes_remaining(); !mean.empty()) max_gen = std::max(max_gen, mean.back().first);
      max_nodes = std::max(max_nodes, m.targets);
    }
  auto x = [&](double g) { return left + (w - left - right) * (g - 1) / std::max(1, max_gen - 1); };
  auto y = [&](double n) { return top + (h - top - bottom) * (1.0 - n / max_nodes); };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"22\" font-size=\"15\">{}</text>\n"
      "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n"
      "<text x=\"{}\" y=\"{}\">generation</text>\n<text x=\"12\" y=\"{}\" transform=\"rotate(-90 12 {})\">CFG nodes remaining (mean of "
      "runs)</text>\n",
      w, h, left, xml_text(title), left, h - bottom, w - right, h - bottom, left, top, left, h - bottom, (w - right) / 2, h - 12,
      h / 2 + 40, h / 2 + 40);
  for (int g = 1; g <= max_gen; g += std::max(1, max_gen / 10))
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", x(g), h - bottom + 16, g);
  for (uint32_t n = 0; n <= max_nodes; n += std::max(1u, max_nodes / 8))
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - 6, y(n) + 4, n);
  static const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                 "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  for (size_t i = 0; i < methods.size(); ++i) {
    if (methods[i].runs.empty()) continue;
    std::string points;
    for (auto [generation, remaining] : methods[i].mean_nodes_remaining())
      points += fmt::format("{:.1f},{:.1f} ", x(generation), y(remaining));
    const char* c = colors[i % 10];
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n", c, points);
    std::string label = xml_text(methods[i].signature);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n", w - right + 10, top + 16 * static_cast<int>(i), c, label);
  }
  return svg + "</svg>\n";
}

namespace {

// The MUT call: checked against its result, or expected to throw.
std::string checked_last_call(const Operation& op, const std::string& statement, const TestOutcome& o) {
  if (o.outcome == Outcome::Misuse || o.outcome == Outcome::Failure) return "EXPECT_ANY_THROW(([&] { " + statement + " })());";
  if (!o.has_result || !op.result.is_literal() || (o.result.kind == LiteralKind::Double && !std::isfinite(o.result.d))) return statement;
  return expect_value(statement, o.result);
}

}  // namespace

std::string evolved_gtest_file(const Api& api, const LiteralDomain& terminals, const std::vector<EvolvedMethod>& methods,
                               const std::string& include, const std::string& suite) {
  std::string out =
      "// Generated by objgen evolve: the covering test set of each method under test (eCrash).\n"
      "// Each TEST is one call sequence; the last call is the method under test.\n";
  out += include_line(include);
  out += "#include <gtest/gtest.h>\n\n#include <cstdint>\n#include <limits>\n#include <memory>\n#include <string>\n#include <utility>\n\n";
  std::set<std::string> names;  // distinct overloads may still spell alike: never two equal TESTs
  for (const auto& m : methods) {
    if (m.runs.empty()) continue;
    std::string base = test_identifier(m.signature) + (m.purity ? "" : "_without_purity");
    for (int n = 2; names.count(base + "_0"); ++n) base = test_identifier(m.signature) + "_v" + std::to_string(n);
    int k = 0;
    for (const auto& t : m.runs[0].test_set) {
      if (!emittable(api, t.sequence)) continue;
      std::vector<std::string> lines = write_statements(api, terminals, t.sequence);
      const Operation& mut = api.operations()[t.sequence.calls.back().op];
      lines.back() = checked_last_call(mut, lines.back(), t.outcome);
      std::string nodes;
      for (uint32_t n : t.new_nodes) nodes += (nodes.empty() ? "" : ", ") + std::to_string(n);
      std::string name = base + "_" + std::to_string(k++);
      names.insert(name);
      out += fmt::format("// {}: covers nodes {} (generation {})\nTEST({}, {}) {{\n", m.signature, nodes, t.generation,
                         test_identifier(suite), name);
      for (const auto& l : lines) out += "  " + l + "\n";
      out += "}\n\n";
    }
  }
  return out;
}

}  // namespace objgen::emit
