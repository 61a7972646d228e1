// objgen params --emit-benchmark / --sweep / --run-benchmarks: the Google Benchmark suite of the
// inputs found, its CMake file, and (on request) building and running it and reading its JSON.
#include "cli/params_benchmarks.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "emit/benchmark_writer.hpp"
#include "exec/confined_program.hpp"
#include "harness/harness_compiler.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cli {
namespace fs = std::filesystem;

SweepRequest parse_sweep(const std::string& spec) {
  static const std::regex form(R"(^\s*([^:\s]+)\s*:\s*n\s*=\s*([0-9]+)\s*\.\.\s*([0-9]+)\s*$)");
  std::smatch m;
  if (!std::regex_match(spec, m, form)) throw UsageError("bad --sweep '" + spec + "': write METHOD:n=LO..HI, e.g. insert:n=10..100000");
  SweepRequest r{m[1], 0, 0};
  try {
    r.lo = std::stoll(m[2]);
    r.hi = std::stoll(m[3]);
  } catch (const std::exception&) {
    throw UsageError("bad --sweep '" + spec + "': a bound is too large");
  }
  if (r.lo < 1 || r.hi < r.lo || r.hi > 100000000) throw UsageError("bad --sweep '" + spec + "': need 1 <= LO <= HI <= 100000000");
  return r;
}

void require_sweep_methods(const Api& api, ClassId target, const std::vector<SweepRequest>& sweeps, const std::vector<uint32_t>& searched) {
  for (const SweepRequest& s : sweeps) {
    bool known = false, in_search = false;
    for (uint32_t k = 0; k < api.operations().size(); ++k) {
      const Operation& o = api.operations()[k];
      if (o.owner != target || o.kind != OpKind::Method || o.name != s.method) continue;
      known = true;
      in_search = in_search || std::find(searched.begin(), searched.end(), k) != searched.end();
    }
    if (!known) throw UsageError("--sweep: " + s.method + " is not a method of " + class_vtable(target).name);
    if (!in_search) throw UsageError("--sweep: " + s.method + " is left out by --methods");
  }
}

namespace {

// A parameter the emitted loop can pass distinct integers to: int or wider, or bool (not an
// enumeration, not a char or short, which would wrap and repeat values).
bool fills_with_integers(const SlotType& p) {
  if (!p.is_literal() || !p.enum_type.empty()) return false;
  if (p.literal == LiteralKind::Bool) return true;
  if (p.literal != LiteralKind::Int) return false;
  for (const char* narrow : {"char", "short", "int8_t", "int16_t"})
    if (p.cpp_type.find(narrow) != std::string::npos) return false;
  return true;
}

// A member of the class taking one integer that adds one element per call: after 8 calls with
// distinct values on the method's receiver, size() is 8 more (push_back(x), insert(x); not
// reserve(n) or resize(n)). Those the search used as builders most are tried first.
int one_element_builder(const Api& api, ClassId target, const FlatSequence& inputs, const params::ParamsResult& found, TestRunner& runner,
                        const LiteralDomain& domain) {
  const auto& ops = api.operations();
  int size_op = params::size_observer(api, target);
  if (size_op < 0 || inputs.calls.empty() || ops[inputs.calls.back().op].kind != OpKind::Method) return -1;
  std::vector<uint32_t> candidates;
  for (uint32_t k = 0; k < ops.size(); ++k) {
    const Operation& o = ops[k];
    if (o.kind == OpKind::Method && !o.is_const && o.owner == target && o.params.size() == 2 && o.emittable && !o.through.derived() &&
        !o.result.is_object() && fills_with_integers(o.params[1]))
      candidates.push_back(k);  // push_back(bool) too: the emitted loop passes integers, which convert
  }
  auto used = [&](uint32_t k) { return k < found.fill_ran.size() ? found.fill_ran[k] : 0u; };
  std::stable_sort(candidates.begin(), candidates.end(), [&](uint32_t a, uint32_t b) { return used(a) > used(b); });
  FlatSequence setup = inputs;
  setup.calls.pop_back();
  int64_t receiver = inputs.calls.back().args[0];
  auto value_index = [&](int64_t v) -> int64_t {
    const auto& ints = domain.of(LiteralKind::Int);
    for (size_t i = 0; i < ints.size(); ++i)
      if (ints[i].i == v) return static_cast<int64_t>(i);
    return -1;
  };
  constexpr int kCalls = 8;
  for (uint32_t k : candidates) {
    FlatSequence before = setup, after = setup;
    bool ok = true;
    bool boolean = ops[k].params[1].literal == LiteralKind::Bool;
    for (int c = 0; c < kCalls && ok; ++c) {
      int64_t idx = boolean ? 1 : value_index(20 + c);  // distinct, above the small values builders used
      ok = idx >= 0;
      after.calls.push_back(FlatCall{k, {receiver, -1 - idx}, {static_cast<int>(receiver), -1}});
    }
    if (!ok) continue;
    before.calls.push_back(FlatCall{static_cast<uint32_t>(size_op), {receiver}, {static_cast<int>(receiver)}});
    after.calls.push_back(before.calls.back());
    std::vector<TestOutcome> o = runner.run({before, after});
    if (o[0].feasible && o[1].feasible && o[0].has_result && o[1].has_result && o[1].result.i - o[0].result.i == kCalls)
      return static_cast<int>(k);
  }
  return -1;
}

}  // namespace

std::vector<emit::BenchmarkSweep> resolve_sweeps(const Api& api, ClassId target, const params::ParamsResult& found,
                                                 const std::vector<SweepRequest>& requests, TestRunner& runner,
                                                 const LiteralDomain& domain) {
  std::vector<emit::BenchmarkSweep> out;
  for (const SweepRequest& r : requests) {
    const params::MethodParams* best = nullptr;  // the overload that ran with the fewest parameters
    for (const params::MethodParams& m : found.methods) {
      const Operation& o = api.operations()[m.op];
      if (o.owner != target || o.kind != OpKind::Method || o.name != r.method || !m.ran()) continue;
      const Operation* b = best ? &api.operations()[best->op] : nullptr;
      if (!b || o.params.size() < b->params.size() || (o.params.size() == b->params.size() && o.is_const && !b->is_const))
        best = &m;  // fewest parameters; a const overload (find() const) before the other
    }
    if (!best) throw UsageError("--sweep: no overload of " + r.method + " ran, so there is nothing to time");
    int fill = one_element_builder(api, target, best->attempts.back().sequence, found, runner, domain);
    if (fill < 0)
      throw UsageError("--sweep " + r.method + ": no member of " + class_vtable(target).name +
                       " taking one integer adds one element per call (size() grows by one), so the receiver cannot be "
                       "filled to n elements");
    out.push_back({best->op, static_cast<uint32_t>(fill), r.lo, r.hi, 10});
  }
  return out;
}

void write_benchmarks(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found,
                      const std::vector<emit::BenchmarkSweep>& sweeps, const BenchmarkTarget& t) {
  SplitFlags flags = split_user_flags(t.build_flags);
  std::vector<std::string> sources, libraries;
  for (const std::string& a : t.build_flags)
    if (is_source_file(a)) sources.push_back(fs::absolute(a).string());
  for (const std::string& a : flags.link)
    if (!is_source_file(a)) libraries.push_back(a);
  std::string source = t.name + "_bench.cpp";
  write_file_atomically(t.dir + "/" + source, emit::benchmark_file(api, domain, found, sweeps, t.include));
  write_file_atomically(t.dir + "/CMakeLists.txt", emit::benchmark_cmake(t.name + "_bench", source, flags.compile, sources, libraries));
}

namespace {

double to_ns(double value, const std::string& unit) {
  if (unit == "us") return value * 1e3;
  if (unit == "ms") return value * 1e6;
  if (unit == "s") return value * 1e9;
  return value;
}

}  // namespace

int run_benchmarks(const Api& api, const BenchmarkTarget& t, const std::atomic<bool>* interrupted, bool quiet, std::string* plot) {
  std::string build = t.dir + "/build", log = t.dir + "/build.log";
  std::string exe = build + "/" + t.name + "_bench", results = t.dir + "/results.json";
  if (!quiet) std::fprintf(stderr, "objgen: building the benchmarks (%s)\n", log.c_str());
  std::remove(log.c_str());
  if (run_tool({"cmake", "-S", t.dir, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"}, log, interrupted) != 0 ||
      run_tool({"cmake", "--build", build}, log + ".build", interrupted) != 0)
    throw UsageError("the benchmarks do not build: see " + log + " and " + log + ".build");
  if (!quiet) std::fprintf(stderr, "objgen: running %s\n", exe.c_str());
  // The benchmark runs the code under test: confined, as objgen's workers are.
  ProgramRun run = run_confined_program({exe, "--benchmark_out=" + results, "--benchmark_out_format=json", "--benchmark_min_time=0.05"},
                                        t.dir + "/run.log", interrupted, 0);
  if (run.interrupted) throw Interrupted("interrupted while running the benchmarks");
  if (!run.exited || run.exit_code != 0)
    throw UsageError("the benchmarks did not run to the end (" + run.death + "): see " + t.dir + "/run.log");
  nlohmann::json j = nlohmann::json::parse(read_whole_file(results).value_or("{}"), nullptr, false);
  if (!j.is_object() || !j.contains("benchmarks")) throw UsageError("cannot read " + results);
  std::map<std::string, std::string> signature_of;  // benchmark family -> signature (overloads spelt alike get _v2, ...)
  for (uint32_t k = 0; k < api.operations().size(); ++k) {
    signature_of.emplace(emit::benchmark_name(api, k, false), api.operations()[k].signature());
    signature_of.emplace(emit::benchmark_name(api, k, true), api.operations()[k].signature());
  }
  std::map<std::string, emit::SweepSeries> series;
  std::printf("%-64s %14s\n", "benchmark", "ns per call");
  size_t skipped = 0, total = 0;
  for (const nlohmann::json& b : j["benchmarks"]) {
    std::string name = b.value("name", ""), run_name = b.value("run_name", name);
    std::string family = run_name.substr(0, run_name.find('/'));
    if (!signature_of.count(family))
      if (size_t v = family.rfind("_v"); v != std::string::npos && signature_of.count(family.substr(0, v)))
        signature_of[family] = signature_of[family.substr(0, v)];
    if (b.contains("error_occurred") && b["error_occurred"].get<bool>()) ++skipped;
    if (b.value("aggregate_name", "") == "BigO") {
      series[family].complexity = b.value("big_o", "?");
      continue;
    }
    if (b.value("run_type", "iteration") != "iteration") continue;
    ++total;
    double ns = to_ns(b.value("real_time", 0.0), b.value("time_unit", "ns"));
    if (family.rfind("BM_sweep_", 0) == 0) {
      series[family].name = signature_of.count(family) ? signature_of[family] : family;
      series[family].points.push_back({std::stoll(run_name.substr(run_name.find('/') + 1)), ns});
    }
    std::printf("%-64s %14.1f\n", (signature_of.count(family) ? signature_of[family] : family).substr(0, 64).c_str(), ns);
  }
  std::vector<emit::SweepSeries> sweeps;
  for (auto& [family, s] : series) {
    std::printf("sweep %-58s O(%s)\n", s.name.substr(0, 58).c_str(), s.complexity.c_str());
    sweeps.push_back(s);
  }
  std::printf("%zu benchmarks ran, %zu skipped with an error\n", total, skipped);
  if (!sweeps.empty()) {
    std::string svg = emit::sweeps_svg(sweeps, "objgen params: time per call vs n");
    write_file_atomically(t.dir + "/sweeps.svg", svg);
    if (plot) *plot = std::move(svg);
  }
  return kExitOk;
}

}  // namespace objgen::cli
