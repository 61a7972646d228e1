// Outputs of `objgen params`: the JSON report (each method's status, tries and inputs as C++,
// the failures seen and handled per cause), the text summary, and the smoke suite calling each
// method that ran with the inputs found.
#include "emit/params_report.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/code_writer.hpp"
#include "objgen/objgen.hpp"

namespace params_report_test {
struct Shelf {
  int books = 0;
  void put(int n) { books += n; }
  int take(int n) { return books -= n; }
};
}  // namespace params_report_test
OBJGEN_FIELDS(params_report_test::Shelf, books)

namespace params_report_test {

// Operations 0: Shelf(), 1: put(int), 2: take(int), 3: a lambda without C++.
struct ShelfSearch {
  objgen::Api api;
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);  // ints 0, 1, 2
  objgen::params::ParamsResult found;
  ShelfSearch() {
    api.add_class<Shelf>().constructor<>().method("put", &Shelf::put).method("take", &Shelf::take).method("clear", [](Shelf& s) {
      s.books = 0;
    });
    // put ran at once; take after an index failure was repaired; clear gave up.
    objgen::params::MethodParams put{1, objgen::params::Status::Normal};
    put.attempts.push_back({call(1, 1)});
    objgen::params::MethodParams take{2, objgen::params::Status::Repaired};
    objgen::params::Attempt failed{call(2, 2),   objgen::Outcome::Failure, false, objgen::params::Cause::Index, "out_of_range",
                                   "n in [0, 1]"};
    take.attempts = {failed, {call(2, 0)}};
    take.samples = {call(2, 1)};
    objgen::params::MethodParams clear{3, objgen::params::Status::GaveUp};
    clear.why = "every try crashed";
    found.methods = {put, take, clear};
    found.causes[static_cast<size_t>(objgen::params::Cause::Index)] = {3, 2};
    found.causes[static_cast<size_t>(objgen::params::Cause::Value)] = {1, 0};
    found.executions = 42;
    found.seconds = 1.5;
  }
  // Shelf(); then operation `op` on it with the int literal `literal`.
  static objgen::FlatSequence call(uint32_t op, int64_t literal) {
    objgen::FlatSequence s;
    s.calls = {{0, {}}, {op, {0, -1 - literal}}};
    s.result_value = 0;
    return s;
  }
};

}  // namespace params_report_test

namespace objgen {
namespace {

TEST(ParamsReport, TheSummaryCountsMethodsThatRanAndFailuresHandledPerCause) {
  params_report_test::ShelfSearch s;
  nlohmann::json j = emit::params_summary_json(s.found);
  EXPECT_EQ(j["methods"], 3);
  EXPECT_EQ(j["ran"], 2);
  EXPECT_DOUBLE_EQ(j["ran_percent"].get<double>(), 200.0 / 3);
  EXPECT_EQ(j["failures_seen"], 4);
  EXPECT_EQ(j["failures_handled"], 2);
  EXPECT_EQ(j["handled_percent"], 50.0);
  EXPECT_EQ(j["causes"], (nlohmann::json{{"index", {{"seen", 3}, {"handled", 2}}}, {"value", {{"seen", 1}, {"handled", 0}}}}));
  EXPECT_EQ(j["executions"], 42);
}

TEST(ParamsReport, NothingSearchedIsNoDivisionByZero) {
  nlohmann::json j = emit::params_summary_json(params::ParamsResult{});
  EXPECT_EQ(j["ran_percent"], 0.0);
  EXPECT_EQ(j["handled_percent"], 0.0);
  EXPECT_EQ(j["causes"], nlohmann::json::object());
}

TEST(ParamsReport, EachMethodHasItsStatusTriesAndInputsAsCpp) {
  params_report_test::ShelfSearch s;
  nlohmann::json j = emit::params_report_json(s.api, s.domain, s.found, nullptr, 7, 16);
  EXPECT_EQ(j["seed"], 7);
  EXPECT_EQ(j["tries"], 16);
  EXPECT_EQ(j["timing"], (nlohmann::json{{"seconds", 1.5}}));
  EXPECT_FALSE(j.contains("baseline"));
  const nlohmann::json& take = j["methods"][1];
  EXPECT_EQ(take["method"], s.api.operations()[2].signature());
  EXPECT_EQ(take["status"], "repaired");
  EXPECT_EQ(take["tries"], 2);
  EXPECT_EQ(take["inputs"], "auto v0 = std::make_shared<params_report_test::Shelf>();\n(void)v0->take(0);");
  EXPECT_EQ(take["samples"], (nlohmann::json{"auto v0 = std::make_shared<params_report_test::Shelf>();\n(void)v0->take(1);"}));
  const nlohmann::json& failed = take["attempts"][0];
  EXPECT_EQ(failed["outcome"], outcome_name(Outcome::Failure));
  EXPECT_EQ(failed["cause"], "index");
  EXPECT_EQ(failed["message"], "out_of_range");
  EXPECT_EQ(failed["repair"], "n in [0, 1]");
  EXPECT_FALSE(take["attempts"][1].contains("message")) << "only what an attempt has";
  const nlohmann::json& clear = j["methods"][2];
  EXPECT_EQ(clear["status"], "gave up");
  EXPECT_EQ(clear["why"], "every try crashed");
  EXPECT_FALSE(clear.contains("inputs"));
}

TEST(ParamsReport, ABaselineIsSummedBesideWithEachMethodsStatus) {
  params_report_test::ShelfSearch s;
  params::ParamsResult baseline;
  params::MethodParams take{2, params::Status::GaveUp};
  take.why = "no try ran";
  baseline.methods = {take};
  baseline.seconds = 3;
  nlohmann::json j = emit::params_report_json(s.api, s.domain, s.found, &baseline, 7, 16);
  EXPECT_EQ(j["baseline"]["methods"], 1);
  EXPECT_EQ(j["baseline"]["ran"], 0);
  EXPECT_EQ(j["baseline"]["methods_status"],
            (nlohmann::json::array({{{"method", s.api.operations()[2].signature()}, {"status", "gave up"}, {"why", "no try ran"}}})));
  EXPECT_EQ(j["timing"]["baseline_seconds"], 3.0);
}

TEST(ParamsReport, TheTextSummaryHasOneLinePerMethodAndTheRepairsMade) {
  params_report_test::ShelfSearch s;
  std::string text = emit::params_summary_text(s.api, s.found, nullptr, true);
  EXPECT_NE(text.find("  normal       1 " + s.api.operations()[1].signature() + "  \n"), std::string::npos) << text;
  EXPECT_NE(text.find("  repaired     2 " + s.api.operations()[2].signature() + "  \n                 index -> n in [0, 1]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  gave up      0 " + s.api.operations()[3].signature() + "  every try crashed\n"), std::string::npos) << text;
  EXPECT_NE(text.find("heuristics        3      2   66.7%         4        2   50.0%      1.5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("failures handled by cause: index 2/3, value 0/1\n"), std::string::npos) << text;
  EXPECT_EQ(emit::params_summary_text(s.api, s.found, nullptr, false).find("repaired"), std::string::npos) << "no per-method lines";
}

TEST(ParamsReport, TheSmokeSuiteCallsEachMethodThatRanWithEachInput) {
  params_report_test::ShelfSearch s;
  std::string file = emit::params_gtest_file(s.api, s.domain, s.found, "shelf.hpp", "ShelfParams");
  std::string put = emit::test_identifier(s.api.operations()[1].signature());
  std::string take = emit::test_identifier(s.api.operations()[2].signature());
  EXPECT_NE(file.find("#include \"shelf.hpp\"\n"), std::string::npos);
  EXPECT_NE(file.find("// " + s.api.operations()[1].signature() + ": normal\nTEST(ShelfParams, " + put +
                      ") {\n  auto v0 = std::make_shared<params_report_test::Shelf>();\n  EXPECT_NO_THROW(([&] { v0->put(1); })());\n}\n"),
            std::string::npos)
      << file;
  EXPECT_NE(file.find("TEST(ShelfParams, " + take + ") {"), std::string::npos) << file;
  EXPECT_NE(file.find("// " + s.api.operations()[2].signature() + ": another input that ran\nTEST(ShelfParams, " + take + "_sample2) {"),
            std::string::npos)
      << file;
  EXPECT_EQ(file.find("clear"), std::string::npos) << "a method that never ran has no test";
}

TEST(ParamsReport, AReturnedValueIsCheckedInsteadOfNotThrowing) {
  params_report_test::ShelfSearch s;
  emit::ReturnedValues returned{{std::nullopt}, {Literal{LiteralKind::Int, -1}, std::nullopt}};
  std::string file = emit::params_gtest_file(s.api, s.domain, s.found, "shelf.hpp", "ShelfParams", &returned);
  EXPECT_NE(file.find("  EXPECT_EQ(static_cast<long long>(v0->take(0)), -1);\n"), std::string::npos) << file;
  EXPECT_NE(file.find("  EXPECT_NO_THROW(([&] { (void)v0->take(1); })());\n"), std::string::npos) << file;
  EXPECT_NE(file.find("  EXPECT_NO_THROW(([&] { v0->put(1); })());\n"), std::string::npos) << file;
}

}  // namespace
}  // namespace objgen
