// objgen params --emit-benchmark / --sweep / --run-benchmarks: the Google Benchmark suite of the
// inputs found, its CMake file, and (on request) building and running it and reading its JSON.
#include "cli/params_benchmarks.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "emit/benchmark_writer.hpp"
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
  if (r.lo < 1 || r.hi < r.lo || r.hi > 100000000)
    throw UsageError("bad --sweep '" + spec + "': need 1 <= LO <= HI <= 100000000");
  return r;
}

void require_sweep_methods(const Api& api, ClassId target, const std::vector<SweepRequest>& sweeps) {
  for (const SweepRequest& s : sweeps) {
    bool known = false;
    for (const Operation& o : api.operations()) known = known || (o.owner == target && o.kind == OpKind::Method && o.name == s.method);
    if (!known) throw UsageError("--sweep: " + s.method + " is not a method of " + class_vtable(target).name);
  }
}

std::vector<BenchmarkSweep> resolve_sweeps(const Api& api, ClassId target, const params::ParamsResult& found,
                                           const std::vector<SweepRequest>& requests) {
  std::vector<BenchmarkSweep> out;
  for (const SweepRequest& r : requests) {
    const params::MethodParams* best = nullptr;  // the overload that ran with the fewest parameters
    for (const params::MethodParams& m : found.methods) {
      const Operation& o = api.operations()[m.op];
      if (o.owner == target && o.kind == OpKind::Method && o.name == r.method && m.ran() &&
          (!best || o.params.size() < api.operations()[best->op].params.size()))
        best = &m;
    }
    if (!best) throw UsageError("--sweep: no overload of " + r.method + " ran, so there is nothing to time");
    int fill = -1;  // a builder of the receiver with one integer, the one that ran most often
    for (uint32_t k = 0; k < api.operations().size(); ++k) {
      const Operation& o = api.operations()[k];
      bool one_int = o.kind == OpKind::Method && !o.is_const && o.owner == target && o.params.size() == 2 &&
                     o.params[1].is_literal() && o.params[1].literal == LiteralKind::Int && !o.through.derived();
      if (one_int && k < found.fill_ran.size() && found.fill_ran[k] > 0 &&
          (fill < 0 || found.fill_ran[k] > found.fill_ran[static_cast<size_t>(fill)]))
        fill = static_cast<int>(k);
    }
    if (fill < 0)
      throw UsageError("--sweep " + r.method + ": no builder of " + class_vtable(target).name +
                       " taking one integer ran in the search, so the receiver cannot be filled to n elements");
    out.push_back({best->op, static_cast<uint32_t>(fill), r.lo, r.hi, 10});
  }
  return out;
}

void write_benchmarks(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found,
                      const std::vector<BenchmarkSweep>& sweeps, const BenchmarkTarget& t) {
  SplitFlags flags = split_user_flags(t.build_flags);
  std::vector<std::string> sources, libraries;
  for (const std::string& a : t.build_flags)
    if (is_source_file(a)) sources.push_back(fs::absolute(a).string());
  for (const std::string& a : flags.link)
    if (!is_source_file(a)) libraries.push_back(a);
  std::string source = t.name + "_bench.cpp";
  write_file_atomically(t.dir + "/" + source, benchmark_file(api, domain, found, sweeps, t.include));
  write_file_atomically(t.dir + "/CMakeLists.txt", benchmark_cmake(t.name + "_bench", source, flags.compile, sources, libraries));
}

namespace {

double to_ns(double value, const std::string& unit) {
  if (unit == "us") return value * 1e3;
  if (unit == "ms") return value * 1e6;
  if (unit == "s") return value * 1e9;
  return value;
}

}  // namespace

int run_benchmarks(const Api& api, const BenchmarkTarget& t, const std::atomic<bool>* interrupted, bool quiet) {
  std::string build = t.dir + "/build", log = t.dir + "/build.log";
  std::string exe = build + "/" + t.name + "_bench", results = t.dir + "/results.json";
  if (!quiet) std::fprintf(stderr, "objgen: building the benchmarks (%s)\n", log.c_str());
  std::remove(log.c_str());
  if (run_tool({"cmake", "-S", t.dir, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"}, log, interrupted) != 0 ||
      run_tool({"cmake", "--build", build}, log + ".build", interrupted) != 0)
    throw UsageError("the benchmarks do not build: see " + log + " and " + log + ".build");
  if (!quiet) std::fprintf(stderr, "objgen: running %s\n", exe.c_str());
  if (run_tool({exe, "--benchmark_out=" + results, "--benchmark_out_format=json", "--benchmark_min_time=0.05"},
               t.dir + "/run.log", interrupted) != 0)
    throw UsageError("the benchmarks did not run to the end: see " + t.dir + "/run.log");
  nlohmann::json j = nlohmann::json::parse(read_whole_file(results).value_or("{}"), nullptr, false);
  if (!j.is_object() || !j.contains("benchmarks")) throw UsageError("cannot read " + results);
  std::map<std::string, std::string> signature_of;
  for (uint32_t k = 0; k < api.operations().size(); ++k) {
    signature_of.emplace(benchmark_name(api, k, false), api.operations()[k].signature());
    signature_of.emplace(benchmark_name(api, k, true), api.operations()[k].signature());
  }
  std::map<std::string, SweepSeries> series;
  std::printf("%-64s %14s\n", "benchmark", "ns per call");
  size_t skipped = 0, total = 0;
  for (const nlohmann::json& b : j["benchmarks"]) {
    std::string name = b.value("name", ""), run_name = b.value("run_name", name);
    std::string family = run_name.substr(0, run_name.find('/'));
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
  std::vector<SweepSeries> plot;
  for (auto& [family, s] : series) {
    std::printf("sweep %-58s O(%s)\n", s.name.substr(0, 58).c_str(), s.complexity.c_str());
    plot.push_back(s);
  }
  std::printf("%zu benchmarks ran, %zu skipped with an error\n", total, skipped);
  if (!plot.empty()) write_file_atomically(t.dir + "/sweeps.svg", sweeps_svg(plot, "objgen params: time per call vs n"));
  return kExitOk;
}

}  // namespace objgen::cli
