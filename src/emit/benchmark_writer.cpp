#include "emit/benchmark_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "emit/code_writer.hpp"

namespace objgen::emit {
namespace {

constexpr long long kSweepBase = 1000000;  // sweep elements: distinct, and apart from the found arguments

// The end of the template argument list that starts at `open` ('<').
size_t closing_angle(const std::string& s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '<') ++depth;
    if (s[i] == '>' && --depth == 0) return i;
  }
  return std::string::npos;
}

// The timed statement for the method's call as write_statements wrote it: its result kept alive
// for the optimizer (DoNotOptimize), without the shared_ptr the tests hold objects in.
std::string timed_call(const Operation& op, const std::string& stmt) {
  if (stmt.rfind("(void)", 0) == 0) return "benchmark::DoNotOptimize(" + stmt.substr(6, stmt.size() - 7) + ");";
  if (size_t ms = stmt.find("std::make_shared<"); ms != std::string::npos && stmt.rfind("auto ", 0) == 0) {
    size_t open = ms + std::string("std::make_shared").size();
    size_t close = closing_angle(stmt, open);
    if (close != std::string::npos && close + 1 < stmt.size() && stmt[close + 1] == '(') {
      std::string cls = stmt.substr(open + 1, close - open - 1);
      std::string inner = stmt.substr(close + 2, stmt.size() - close - 4);  // between "(" and ");"
      return op.kind == OpKind::Constructor ? "benchmark::DoNotOptimize(" + cls + "(" + inner + "));"
                                            : "benchmark::DoNotOptimize(" + inner + ");";
    }
  }
  if (stmt.rfind("std::shared_ptr<", 0) == 0) {
    size_t close = closing_angle(stmt, std::string("std::shared_ptr").size());
    size_t open = close == std::string::npos ? close : stmt.find('(', close);
    if (open != std::string::npos) return "benchmark::DoNotOptimize(" + stmt.substr(open + 1, stmt.size() - open - 3) + ");";
  }
  return stmt + " benchmark::ClobberMemory();";
}

// A sweep's call must not see what its earlier iterations did (insert(3) into a set that has it
// from the last iteration): every non-const member rebuilds. A single benchmark trusts the probe.
bool rebuilds(const Operation& op, bool sweep, bool unchanged) {
  for (const SlotType& p : op.params)
    if (p.consumed()) return true;  // moved from: the next iteration needs a new one
  return op.kind == OpKind::Method && !op.is_const && (sweep || !unchanged);
}

std::string block(const std::vector<std::string>& lines, size_t count, const std::string& indent) {
  std::string out;
  for (size_t i = 0; i < count && i < lines.size(); ++i) out += indent + lines[i] + "\n";
  return out;
}

std::string fill_loop(const Api& api, const BenchmarkSweep& s, const std::string& receiver, const std::string& indent) {
  std::string call = call_statement(api.operations()[s.fill], {receiver, fmt::format("static_cast<int>({}LL + i)", kSweepBase)}, "");
  return indent + "for (long long i = 0; i < state.range(0); ++i) {\n" + indent + "  " + call + "\n" + indent + "}\n";
}

// One benchmark: the found inputs, then the call in the timed loop.
std::string method_benchmark(const Api& api, const LiteralDomain& domain, const params::Attempt& found, const std::string& name,
                             const BenchmarkSweep* sweep) {
  const FlatSequence& seq = found.sequence;
  const Operation& op = api.operations()[seq.calls.back().op];
  bool fresh = rebuilds(op, sweep != nullptr, found.receiver_unchanged);
  std::vector<std::string> lines = write_statements(api, domain, seq);
  std::string call = timed_call(op, lines.back());
  std::string receiver = op.kind == OpKind::Method ? "v" + std::to_string(seq.calls.back().args[0]) : "";
  std::string out = "static void " + name + "(benchmark::State& state) {\n";
  if (!fresh) {
    out += block(lines, lines.size() - 1, "  ");
    if (sweep) out += fill_loop(api, *sweep, receiver, "  ");
    out += "  for (auto _ : state) {\n    " + call + "\n  }\n";
  } else {  // a fresh receiver per iteration, built and destroyed while the timer is paused
    out += "  for (auto _ : state) {\n    state.PauseTiming();\n    {\n";
    out += block(lines, lines.size() - 1, "      ");
    if (sweep) out += fill_loop(api, *sweep, receiver, "      ");
    out += "      state.ResumeTiming();\n      " + call + "\n      state.PauseTiming();\n    }\n    state.ResumeTiming();\n  }\n";
  }
  if (sweep) out += "  state.SetComplexityN(state.range(0));\n";
  out += "}\n";
  std::string reg = "BENCHMARK(" + name + ")";
  if (sweep) {
    reg += fmt::format("->RangeMultiplier({})->Range({}, {})->Complexity()", sweep->multiplier, sweep->lo, sweep->hi);
    if (fresh) reg += "->Iterations(200)";  // each iteration rebuilds n elements untimed
  }
  return out + reg + ";\n\n";
}

}  // namespace

std::string benchmark_name(const Api& api, uint32_t op, bool sweep) {
  return (sweep ? "BM_sweep_" : "BM_") + test_identifier(api.operations()[op].signature());
}

std::string benchmark_file(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found,
                           const std::vector<BenchmarkSweep>& sweeps, const std::string& include) {
  std::string out =
      "// Generated by objgen params: one benchmark per method that ran, with the receiver and arguments\n"
      "// found for it; BM_sweep_* time a method against the size of its receiver (Complexity()).\n";
  out += include_line(include);
  out +=
      "#include <benchmark/benchmark.h>\n\n#include <climits>\n#include <cstdint>\n#include <limits>\n#include <memory>\n#include "
      "<string>\n#include <utility>\n\n";
  std::set<std::string> names;
  auto unique = [&](std::string name) {
    std::string base = name;
    for (int n = 2; names.count(name); ++n) name = base + "_v" + std::to_string(n);
    names.insert(name);
    return name;
  };
  for (const params::MethodParams& m : found.methods) {
    if (!m.ran() || !emittable(api, m.attempts.back().sequence)) continue;
    out += "// " + api.operations()[m.op].signature() + "\n";
    out += method_benchmark(api, domain, m.attempts.back(), unique(benchmark_name(api, m.op, false)), nullptr);
  }
  for (const BenchmarkSweep& s : sweeps)
    for (const params::MethodParams& m : found.methods)
      if (m.op == s.op && m.ran() && emittable(api, m.attempts.back().sequence)) {
        out += "// " + api.operations()[m.op].signature() + fmt::format(", receiver of n = {}..{} elements\n", s.lo, s.hi);
        out += method_benchmark(api, domain, m.attempts.back(), unique(benchmark_name(api, m.op, true)), &s);
      }
  return out + "BENCHMARK_MAIN();\n";
}

std::string benchmark_cmake(const std::string& name, const std::string& source, const std::vector<std::string>& compile_flags,
                            const std::vector<std::string>& sources, const std::vector<std::string>& libraries) {
  auto quoted = [](const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) {
      std::string q;
      for (char c : s) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
      out += " \"" + q + "\"";
    }
    return out;
  };
  std::string out =
      "# Generated by objgen params: builds the benchmarks at -O2 without sanitizers.\n"
      "cmake_minimum_required(VERSION 3.16)\nproject(objgen_benchmarks CXX)\n"
      "set(CMAKE_CXX_STANDARD 20)\nset(CMAKE_CXX_STANDARD_REQUIRED ON)\n"
      "if(NOT CMAKE_BUILD_TYPE)\n  set(CMAKE_BUILD_TYPE Release)\nendif()\n"
      "find_package(benchmark REQUIRED)\n";
  out += "add_executable(" + name + " \"" + source + "\"" + quoted(sources) + ")\n";
  out += "target_compile_options(" + name + " PRIVATE -O2" + quoted(compile_flags) + ")\n";
  out += "target_link_libraries(" + name + " PRIVATE benchmark::benchmark" + quoted(libraries) + ")\n";
  return out;
}

std::string sweeps_svg(const std::vector<SweepSeries>& series, const std::string& title) {
  const int w = 760, h = 420, left = 70, right = 240, top = 40, bottom = 50;
  double nlo = 1e300, nhi = 0, tlo = 1e300, thi = 0;
  for (const SweepSeries& s : series)
    for (auto [n, t] : s.points) {
      nlo = std::min(nlo, static_cast<double>(n));
      nhi = std::max(nhi, static_cast<double>(n));
      tlo = std::min(tlo, std::max(t, 1e-3));
      thi = std::max(thi, t);
    }
  if (nhi <= 0) nlo = 1, nhi = 10, tlo = 1, thi = 10;
  double lx0 = std::log10(nlo), lx1 = std::max(std::log10(nhi), lx0 + 1), ly0 = std::floor(std::log10(tlo)),
         ly1 = std::max(std::ceil(std::log10(thi)), ly0 + 1);
  auto x = [&](double n) { return left + (std::log10(n) - lx0) / (lx1 - lx0) * (w - left - right); };
  auto y = [&](double t) { return h - bottom - (std::log10(std::max(t, 1e-3)) - ly0) / (ly1 - ly0) * (h - top - bottom); };
  auto esc = [](const std::string& s) {
    std::string out;
    for (char c : s) out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    return out;
  };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"11\">\n", w, h);
  svg += fmt::format("<text x=\"{}\" y=\"20\" font-size=\"13\">{}</text>\n", left, esc(title));
  svg += fmt::format(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"black\"/><line x1=\"{0}\" y1=\"{3}\" x2=\"{0}\" y2=\"{1}\" "
      "stroke=\"black\"/>\n",
      left, h - bottom, w - right, top);
  for (double d = ly0; d <= ly1; ++d)
    svg += fmt::format("<text x=\"{}\" y=\"{:.0f}\" text-anchor=\"end\">1e{} ns</text>\n", left - 4, y(std::pow(10, d)) + 4, d);
  for (double d = std::ceil(lx0); d <= lx1; ++d)
    svg += fmt::format("<text x=\"{:.0f}\" y=\"{}\" text-anchor=\"middle\">n=1e{}</text>\n", x(std::pow(10, d)), h - bottom + 16, d);
  const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
  for (size_t i = 0; i < series.size(); ++i) {
    std::string pts;
    for (auto [n, t] : series[i].points) pts += fmt::format("{:.1f},{:.1f} ", x(static_cast<double>(n)), y(t));
    const char* c = colors[i % 6];
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n", c, pts);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"{}\">{} O({})</text>\n", w - right + 8, top + 16 * static_cast<int>(i), c,
                       esc(series[i].name.substr(0, 34)), esc(series[i].complexity));
  }
  return svg + "</svg>\n";
}

}  // namespace objgen::emit
