// objgen params' benchmarks: --sweep parsing, the sweeps' receivers, writing the Google Benchmark
// suite and its CMake file, and --run-benchmarks (build, run, read the JSON, print and plot).
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "emit/benchmark_writer.hpp"
#include "gen/params/parameter_search.hpp"

namespace objgen::cli {

struct SweepRequest {
  std::string method;
  long long lo = 1, hi = 1;
};
// "insert:n=10..100000"; UsageError naming a malformed one.
SweepRequest parse_sweep(const std::string& spec);
// UsageError unless each sweep names a method of the target among those searched.
void require_sweep_methods(const Api& api, ClassId target, const std::vector<SweepRequest>& sweeps, const std::vector<uint32_t>& searched);
// Each request's method (its overload that ran: fewest parameters, const first) and the member
// that fills its receiver: one integer argument, one element per call (checked by running it).
std::vector<emit::BenchmarkSweep> resolve_sweeps(const Api& api, ClassId target, const params::ParamsResult& found,
                                                 const std::vector<SweepRequest>& requests, TestRunner& runner,
                                                 const LiteralDomain& domain);

struct BenchmarkTarget {
  std::string dir;                       // --emit-benchmark
  std::string name;                      // file stem: <name>_bench.cpp, executable <name>_bench
  std::string include;                   // what the suite #includes
  std::vector<std::string> build_flags;  // subject_build_flags
};
void write_benchmarks(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found,
                      const std::vector<emit::BenchmarkSweep>& sweeps, const BenchmarkTarget& t);
// Builds (CMake, Ninja) and runs the suite in t.dir; prints ns per call of each benchmark and the
// fitted complexity of each sweep; writes results.json and sweeps.svg there (and its text to
// *plot when given: the run's page shows it).
int run_benchmarks(const Api& api, const BenchmarkTarget& t, const std::atomic<bool>* interrupted, bool quiet, std::string* plot = nullptr);

}  // namespace objgen::cli
