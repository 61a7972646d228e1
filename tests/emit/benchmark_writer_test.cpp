// Google Benchmark suites from the inputs `objgen params` found: one benchmark per method that
// ran (inputs built outside the timed region), sweeps over the receiver's size, the CMake file
// that builds them, and the plot of time per call against size.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/benchmark_writer.hpp"
#include "example_api.hpp"

namespace objgen {
namespace {

struct BenchmarkWriterStack : testing::ExampleApi {
  LiteralDomain domain = LiteralDomain::defaults(3);  // ints 0, 1, 2
  BenchmarkWriterStack() : ExampleApi("stack") {}
  // A method that ran on a new stack: Stack(), then the method (with the int 1 if it takes one).
  params::MethodParams ran(const std::string& name, bool receiver_unchanged = false) const {
    params::MethodParams m;
    m.op = op(name);
    m.status = params::Status::Normal;
    params::Attempt a;
    a.sequence.calls.push_back({op("Stack"), {}});
    if (m.op != op("Stack")) {
      std::vector<int64_t> args{0};
      if (api.operations()[m.op].params.size() == 2) args.push_back(-2);
      a.sequence.calls.push_back({m.op, args});
    }
    a.receiver_unchanged = receiver_unchanged;
    m.attempts.push_back(a);
    return m;
  }
  std::string file(const std::vector<params::MethodParams>& methods, const std::vector<emit::BenchmarkSweep>& sweeps = {}) const {
    params::ParamsResult r;
    r.methods = methods;
    return emit::benchmark_file(api, domain, r, sweeps, "stack/stack.hpp");
  }
};

TEST(BenchmarkName, IsTheSignatureAsAnIdentifier) {
  BenchmarkWriterStack s;
  EXPECT_EQ(emit::benchmark_name(s.api, s.op("push"), false), "BM_Stack_push_int");
  EXPECT_EQ(emit::benchmark_name(s.api, s.op("size"), true), "BM_sweep_Stack_size_const");
}

TEST(BenchmarkFile, StartsWithTheIncludeAndEndsWithMain) {
  BenchmarkWriterStack s;
  std::string text = s.file({});
  EXPECT_NE(text.find("#include \"stack/stack.hpp\"\n\n#include <benchmark/benchmark.h>\n"), std::string::npos) << text;
  EXPECT_EQ(text.substr(text.size() - 18), "BENCHMARK_MAIN();\n");
  EXPECT_EQ(text.find("static void"), std::string::npos);
}

// size() is const: the stack is built once, before the loop.
TEST(BenchmarkFile, AConstMemberReusesItsInputs) {
  BenchmarkWriterStack s;
  EXPECT_NE(s.file({s.ran("size")})
                .find("// Stack::size() const\n"
                      "static void BM_Stack_size_const(benchmark::State& state) {\n"
                      "  auto v0 = std::make_shared<examples::Stack>();\n"
                      "  for (auto _ : state) {\n"
                      "    benchmark::DoNotOptimize(v0->size());\n"
                      "  }\n"
                      "}\n"
                      "BENCHMARK(BM_Stack_size_const);\n\n"),
            std::string::npos);
}

// push() changes its stack: each iteration gets a new one, built while the timer is paused.
TEST(BenchmarkFile, AMemberThatChangesItsReceiverGetsAFreshOneEachIteration) {
  BenchmarkWriterStack s;
  std::string text = s.file({s.ran("push")});
  EXPECT_NE(text.find("static void BM_Stack_push_int(benchmark::State& state) {\n"
                      "  for (auto _ : state) {\n"
                      "    state.PauseTiming();\n"
                      "    {\n"
                      "      auto v0 = std::make_shared<examples::Stack>();\n"
                      "      state.ResumeTiming();\n"
                      "      benchmark::DoNotOptimize(v0->push(1));\n"
                      "      state.PauseTiming();\n"
                      "    }\n"
                      "    state.ResumeTiming();\n"
                      "  }\n"
                      "}\n"
                      "BENCHMARK(BM_Stack_push_int);\n"),
            std::string::npos)
      << text;
}

TEST(BenchmarkFile, AMemberProbedNotToChangeItsReceiverReusesIt) {
  BenchmarkWriterStack s;
  std::string text = s.file({s.ran("search", true)});
  EXPECT_EQ(text.find("PauseTiming"), std::string::npos) << text;
  EXPECT_NE(text.find("    benchmark::DoNotOptimize(v0->search(1));\n"), std::string::npos) << text;
}

TEST(BenchmarkFile, AConstructorIsTimedAsAValue) {
  BenchmarkWriterStack s;
  EXPECT_NE(s.file({s.ran("Stack")}).find("  for (auto _ : state) {\n    benchmark::DoNotOptimize(examples::Stack());\n  }\n"),
            std::string::npos);
}

TEST(BenchmarkFile, OnlyMethodsThatRanAndEachNameOnce) {
  BenchmarkWriterStack s;
  params::MethodParams gave_up = s.ran("pop");
  gave_up.status = params::Status::GaveUp;
  std::string text = s.file({s.ran("size"), gave_up, s.ran("size")});
  EXPECT_EQ(text.find("pop"), std::string::npos) << text;
  EXPECT_NE(text.find("BENCHMARK(BM_Stack_size_const);"), std::string::npos);
  EXPECT_NE(text.find("BENCHMARK(BM_Stack_size_const_v2);"), std::string::npos);
}

TEST(BenchmarkFile, ASweepFillsAFreshReceiverWithNDistinctElements) {
  BenchmarkWriterStack s;
  emit::BenchmarkSweep sweep{.op = s.op("push"), .fill = s.op("push"), .lo = 1, .hi = 100, .multiplier = 10};
  std::string text = s.file({s.ran("push", true)}, {sweep});
  EXPECT_NE(text.find("// Stack::push(int), receiver of n = 1..100 elements\n"
                      "static void BM_sweep_Stack_push_int(benchmark::State& state) {\n"
                      "  for (auto _ : state) {\n"
                      "    state.PauseTiming();\n"
                      "    {\n"
                      "      auto v0 = std::make_shared<examples::Stack>();\n"
                      "      for (long long i = 0; i < state.range(0); ++i) {\n"
                      "        (void)v0->push(static_cast<int>(1000000LL + i));\n"
                      "      }\n"
                      "      state.ResumeTiming();\n"),
            std::string::npos)
      << "a sweep rebuilds even when the probe saw no change\n"
      << text;
  EXPECT_NE(text.find("  state.SetComplexityN(state.range(0));\n}\n"
                      "BENCHMARK(BM_sweep_Stack_push_int)->RangeMultiplier(10)->Range(1, 100)->Complexity()->Iterations(200);\n"),
            std::string::npos)
      << text;
}

TEST(BenchmarkFile, ASweepOfAConstMemberFillsOnceAndRunsFreely) {
  BenchmarkWriterStack s;
  emit::BenchmarkSweep sweep{.op = s.op("search"), .fill = s.op("push"), .lo = 8, .hi = 512, .multiplier = 8};
  std::string text = s.file({s.ran("search")}, {sweep});
  EXPECT_NE(text.find("static void BM_sweep_Stack_search_int_const(benchmark::State& state) {\n"
                      "  auto v0 = std::make_shared<examples::Stack>();\n"
                      "  for (long long i = 0; i < state.range(0); ++i) {\n"
                      "    (void)v0->push(static_cast<int>(1000000LL + i));\n"
                      "  }\n"
                      "  for (auto _ : state) {\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("BENCHMARK(BM_sweep_Stack_search_int_const)->RangeMultiplier(8)->Range(8, 512)->Complexity();\n"), std::string::npos);
}

TEST(BenchmarkFile, ASweepOfAMethodThatDidNotRunIsLeftOut) {
  BenchmarkWriterStack s;
  emit::BenchmarkSweep sweep{.op = s.op("pop"), .fill = s.op("push")};
  EXPECT_EQ(s.file({s.ran("size")}, {sweep}).find("BENCHMARK(BM_sweep"), std::string::npos);
}

TEST(BenchmarkCmake, QuotesEveryArgumentAndEscapesQuotes) {
  EXPECT_EQ(emit::benchmark_cmake("bench", "/w/bench.cpp", {"-I/inc dir", "-DNAME=\"x\""}, {"/w/a.cpp"}, {"-lm"}),
            "# Generated by objgen params: builds the benchmarks at -O2 without sanitizers.\n"
            "cmake_minimum_required(VERSION 3.16)\nproject(objgen_benchmarks CXX)\n"
            "set(CMAKE_CXX_STANDARD 20)\nset(CMAKE_CXX_STANDARD_REQUIRED ON)\n"
            "if(NOT CMAKE_BUILD_TYPE)\n  set(CMAKE_BUILD_TYPE Release)\nendif()\n"
            "find_package(benchmark REQUIRED)\n"
            "add_executable(bench \"/w/bench.cpp\" \"/w/a.cpp\")\n"
            "target_compile_options(bench PRIVATE -O2 \"-I/inc dir\" \"-DNAME=\\\"x\\\"\")\n"
            "target_link_libraries(bench PRIVATE benchmark::benchmark \"-lm\")\n");
}

TEST(SweepsSvg, PlotsEachSeriesOnLogLogAxes) {
  std::string svg = emit::sweeps_svg({{"Stack::push(int)", "N", {{1, 10.0}, {100, 1000.0}}}}, "push <sweep>");
  EXPECT_NE(svg.find(">push &lt;sweep&gt;</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("points=\"70.0,370.0 520.0,40.0 \""), std::string::npos) << svg;
  EXPECT_NE(svg.find(">Stack::push(int) O(N)</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">1e1 ns</text>"), std::string::npos);
  EXPECT_NE(svg.find(">1e3 ns</text>"), std::string::npos);
  EXPECT_NE(svg.find(">n=1e2</text>"), std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(SweepsSvg, EachSeriesItsOwnColourAndShortName) {
  std::string long_name(40, 'x');
  std::string svg = emit::sweeps_svg({{"a", "lgN", {{1, 5.0}, {10, 6.0}}}, {long_name, "(1)", {{1, 5.0}, {10, 5.0}}}}, "t");
  EXPECT_NE(svg.find("stroke=\"#1f77b4\""), std::string::npos);
  EXPECT_NE(svg.find("stroke=\"#d62728\""), std::string::npos);
  EXPECT_NE(svg.find(">" + std::string(34, 'x') + " O((1))</text>"), std::string::npos) << "names cut to 34 characters";
  EXPECT_EQ(svg.find(std::string(35, 'x')), std::string::npos);
}

TEST(SweepsSvg, NoSeriesIsEmptyAxes) {
  std::string svg = emit::sweeps_svg({}, "nothing");
  EXPECT_EQ(svg.find("<polyline"), std::string::npos);
  EXPECT_NE(svg.find(">nothing</text>"), std::string::npos);
  EXPECT_NE(svg.find(">n=1e0</text>"), std::string::npos);
}

}  // namespace
}  // namespace objgen
