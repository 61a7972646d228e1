// Outputs of `objgen evolve`: each method's statistics over its runs (coverage, generations,
// the mean nodes remaining per generation), its JSON, the nodes-remaining plot and the
// covering test sets as a GoogleTest file.
#include "emit/evolve_report.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "emit/code_writer.hpp"
#include "objgen/objgen.hpp"

namespace evolve_report_test {
struct Dial {
  int at = 0;
  void turn(int by) { at += by; }
  int read() const { return at; }
};
}  // namespace evolve_report_test
OBJGEN_FIELDS(evolve_report_test::Dial, at)

namespace evolve_report_test {

// A run with the nodes remaining after each of the given generations.
inline objgen::evolve::EvolveResult evolve_run(bool full, int generations, uint32_t uncovered,
                                               std::vector<std::pair<int, uint32_t>> remaining) {
  objgen::evolve::EvolveResult r;
  r.full_coverage = full;
  r.generations = generations;
  for (uint32_t n = 0; n < uncovered; ++n) r.uncovered.push_back(n);
  for (auto [g, left] : remaining) r.per_generation.push_back({g, 0, left, 0, 0.0, 0.0});
  r.evaluations = 100;
  r.seconds = 2;
  return r;
}

// Operations 0: Dial(), 1: turn(int), 2: read().
struct DialApi {
  objgen::Api api;
  objgen::LiteralDomain terminals = objgen::LiteralDomain::defaults(3);  // ints 0, 1, 2
  DialApi() { api.add_class<Dial>().constructor<>().method("turn", &Dial::turn).method("read", &Dial::read); }
  // Dial(); turn(2); read() covering nodes 1 and 3 in generation 4, read() returning `value`.
  objgen::evolve::CoveringTest reading(int64_t value) const {
    objgen::evolve::CoveringTest t;
    t.sequence.calls = {{0, {}}, {1, {0, -3}}, {2, {0}}};
    t.sequence.result_value = 0;
    t.generation = 4;
    t.new_nodes = {1, 3};
    t.outcome.feasible = true;
    t.outcome.has_result = true;
    t.outcome.result = objgen::Literal{objgen::LiteralKind::Int, value};
    return t;
  }
};

}  // namespace evolve_report_test

namespace objgen {
namespace {

using evolve_report_test::evolve_run;

TEST(EvolveReport, CoverageAndGenerationsAreMeansOverTheRuns) {
  emit::EvolvedMethod m{2, "Dial::read()", true, 4};
  m.runs = {evolve_run(true, 6, 0, {}), evolve_run(false, 20, 2, {}), evolve_run(true, 10, 0, {}), evolve_run(false, 20, 3, {})};
  EXPECT_DOUBLE_EQ(m.full_coverage_rate(), 0.5);
  EXPECT_DOUBLE_EQ(m.mean_branch_coverage(), (1.0 + 0.5 + 1.0 + 0.25) / 4);
  EXPECT_DOUBLE_EQ(m.mean_generations(), 8.0) << "only the runs that reached full coverage";
  EXPECT_EQ(m.evaluations(), 400u);
  EXPECT_DOUBLE_EQ(m.seconds(), 8.0);
}

TEST(EvolveReport, NoRunsOrNoTargetsAreZeroes) {
  emit::EvolvedMethod none{2, "Dial::read()", true, 4};
  EXPECT_EQ(none.full_coverage_rate(), 0.0);
  EXPECT_EQ(none.mean_branch_coverage(), 0.0);
  EXPECT_EQ(none.mean_generations(), 0.0);
  EXPECT_TRUE(none.mean_nodes_remaining().empty());
  emit::EvolvedMethod no_targets{2, "Dial::read()", true, 0};
  no_targets.runs = {evolve_run(false, 3, 0, {})};
  EXPECT_EQ(no_targets.mean_branch_coverage(), 0.0);
  EXPECT_EQ(no_targets.mean_generations(), 0.0);
}

TEST(EvolveReport, NodesRemainingAreAtTheLongestRunsGenerationsAndAShortRunKeepsWhatItLeft) {
  emit::EvolvedMethod m{2, "Dial::read()", true, 8};
  m.runs = {evolve_run(false, 10, 2, {{1, 8}, {4, 6}, {7, 4}, {10, 2}}),  // the longest
            evolve_run(true, 5, 0, {{1, 6}, {3, 2}, {5, 0}}),             // finished early
            evolve_run(false, 1, 8, {})};                                 // kept nothing: counts as 0
  std::vector<std::pair<int, double>> expected{{1, (8 + 6) / 3.0}, {4, (6 + 2) / 3.0}, {7, (4 + 0) / 3.0}, {10, (2 + 0) / 3.0}};
  EXPECT_EQ(m.mean_nodes_remaining(), expected);
}

TEST(EvolveReport, TheMethodsJsonHasItsStatisticsAndTheFirstRunsGenerations) {
  evolve_report_test::DialApi d;
  emit::EvolvedMethod m{2, "Dial::read()", false, 4};
  m.target_lines = {10, 11, 12, 13};
  m.runs = {evolve_run(false, 7, 1, {{1, 3}, {7, 1}}), evolve_run(true, 3, 0, {{1, 2}, {3, 0}})};
  nlohmann::json j = emit::evolve_method_json(m, d.api);
  EXPECT_EQ(j["method"], "Dial::read()");
  EXPECT_EQ(j["purity"], false);
  EXPECT_EQ(j["nodes"], 4);
  EXPECT_EQ(j["runs"], 2);
  EXPECT_EQ(j["full_coverage_rate"], 0.5);
  EXPECT_EQ(j["mean_generations"], 3.0);
  EXPECT_EQ(j["evaluations"], 200);
  EXPECT_EQ(j["evaluations_per_second"], 50.0);
  ASSERT_EQ(j["generations"].size(), 2u);
  EXPECT_EQ(j["generations"][1]["generation"], 7);
  EXPECT_EQ(j["generations"][1]["nodes_remaining"], 1);
  EXPECT_EQ(j["run_results"][0]["uncovered_nodes"], (nlohmann::json{0}));
  EXPECT_EQ(j["run_results"][0]["uncovered_lines"], (nlohmann::json{10}));
  EXPECT_EQ(j["mean_nodes_remaining"][1], (nlohmann::json{{"generation", 7}, {"nodes_remaining", 0.5}}));
  EXPECT_EQ(j["findings"], nlohmann::json::array());
}

TEST(EvolveReport, ThePlotHasOneLabelledLinePerMethodWithRuns) {
  emit::EvolvedMethod a{2, "Dial::read() <&>", true, 4};
  a.runs = {evolve_run(true, 3, 0, {{1, 4}, {3, 0}})};
  emit::EvolvedMethod unrun{1, "Dial::turn(int)", true, 4};
  std::string svg = emit::nodes_remaining_svg({a, unrun}, "a & b");
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find(">a &amp; b</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">Dial::read() &lt;&amp;&gt;</text>"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("Dial::turn"), std::string::npos) << "a method without runs has no line";
  size_t lines = 0;
  for (size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++lines;
  EXPECT_EQ(lines, 1u);
  // Generation 1 at the left edge with all 4 nodes at the top, generation 3 at the right with none.
  EXPECT_NE(svg.find("points=\"60.0,40.0 520.0,370.0 \""), std::string::npos) << svg;
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(EvolveReport, EachCoveringTestIsATestCheckingTheMethodsResult) {
  evolve_report_test::DialApi d;
  emit::EvolvedMethod m{2, "Dial::read()", true, 4};
  m.runs = {evolve_run(true, 4, 0, {})};
  m.runs[0].test_set = {d.reading(2), d.reading(5)};
  std::string file = emit::evolved_gtest_file(d.api, d.terminals, {m}, "dial.hpp", "dial evolved");
  EXPECT_NE(file.find("#include \"dial.hpp\"\n"), std::string::npos) << file;
  std::string first =
      "// Dial::read(): covers nodes 1, 3 (generation 4)\n"
      "TEST(" +
      emit::test_identifier("dial evolved") + ", " + emit::test_identifier("Dial::read()") +
      "_0) {\n"
      "  auto v0 = std::make_shared<evolve_report_test::Dial>();\n"
      "  v0->turn(2);\n"
      "  EXPECT_EQ(static_cast<long long>(v0->read()), 2);\n"
      "}\n";
  EXPECT_NE(file.find(first), std::string::npos) << file;
  EXPECT_NE(file.find("_1) {\n  auto v0 = std::make_shared<evolve_report_test::Dial>();\n  v0->turn(2);\n  EXPECT_EQ(static_cast<long "
                      "long>(v0->read()), 5);\n"),
            std::string::npos)
      << file;
}

TEST(EvolveReport, AThrowingCallIsExpectedToThrowAndAMethodWithoutPurityIsNamedSo) {
  evolve_report_test::DialApi d;
  emit::EvolvedMethod m{2, "Dial::read()", false, 4};
  m.runs = {evolve_run(true, 4, 0, {})};
  evolve::CoveringTest t = d.reading(0);
  t.outcome.outcome = Outcome::Failure;
  m.runs[0].test_set = {t};
  std::string file = emit::evolved_gtest_file(d.api, d.terminals, {m}, "dial.hpp", "Dial");
  EXPECT_NE(file.find(emit::test_identifier("Dial::read()") + "_without_purity_0) {\n"), std::string::npos) << file;
  EXPECT_NE(file.find("  EXPECT_ANY_THROW(([&] { (void)v0->read(); })());\n"), std::string::npos) << file;
}

TEST(EvolveReport, TwoMethodsSpelledAlikeGetDistinctTestNames) {
  evolve_report_test::DialApi d;
  emit::EvolvedMethod a{2, "Dial::read()", true, 4}, b{2, "Dial::read()", true, 4};
  a.runs = b.runs = {evolve_run(true, 4, 0, {})};
  a.runs[0].test_set = b.runs[0].test_set = {d.reading(2)};
  std::string file = emit::evolved_gtest_file(d.api, d.terminals, {a, b}, "dial.hpp", "Dial");
  std::string id = emit::test_identifier("Dial::read()");
  EXPECT_NE(file.find(", " + id + "_0) {"), std::string::npos) << file;
  EXPECT_NE(file.find(", " + id + "_v2_0) {"), std::string::npos) << file;
}

}  // namespace
}  // namespace objgen
