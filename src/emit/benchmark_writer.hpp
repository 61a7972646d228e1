// Google Benchmark suites from `objgen params`' inputs: one benchmark per method that ran, the
// receiver and arguments built outside the timed region; sweeps of a method over the size of its
// receiver with a fitted complexity; and the CMake file that builds them at -O2.
#pragma once

#include <string>
#include <vector>

#include "gen/params/parameter_search.hpp"

namespace objgen::emit {

// `--sweep METHOD:n=LO..HI`: the method's receiver holds n elements (n calls of `fill`, a builder
// taking one integer, with distinct values), for n from lo to hi by factors of `multiplier`.
struct BenchmarkSweep {
  uint32_t op = 0;    // the method, as found by the search
  uint32_t fill = 0;  // builder of the receiver's class with one integer argument
  long long lo = 1, hi = 1, multiplier = 10;
};

// Members that changed their receiver in the search (and in a sweep every non-const member) get
// a fresh receiver per iteration, built while the timer is paused; the others reuse the inputs
// built before the loop. Results go through benchmark::DoNotOptimize, changes through ClobberMemory.
std::string benchmark_file(const Api& api, const LiteralDomain& domain, const params::ParamsResult& found,
                           const std::vector<BenchmarkSweep>& sweeps, const std::string& include);

// The benchmark's name for a method (what Google Benchmark's JSON reports).
std::string benchmark_name(const Api& api, uint32_t op, bool sweep);

// Builds `source` into an executable `name` with Google Benchmark, -O2, no sanitizers.
// compile_flags: include directories, defines, the class's sources and libraries (the user's).
std::string benchmark_cmake(const std::string& name, const std::string& source, const std::vector<std::string>& compile_flags,
                            const std::vector<std::string>& sources, const std::vector<std::string>& libraries);

// Time per call against n for each sweep (log-log), one line per sweep.
struct SweepSeries {
  std::string name;                                  // the method's signature
  std::string complexity;                            // as fitted ("N", "lgN", "(1)")
  std::vector<std::pair<long long, double>> points;  // (n, nanoseconds per call)
};
std::string sweeps_svg(const std::vector<SweepSeries>& series, const std::string& title);

}  // namespace objgen::emit
