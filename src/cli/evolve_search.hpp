// objgen evolve's options, and the search of one method under test with them: its scoped CFG,
// its test runner and tree factory, its runs (src/gen/evolve does the searching).
#pragma once

#include <chrono>
#include <functional>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "cli/choice_option.hpp"
#include "cli/evolve_seeding.hpp"
#include "cli/run_args.hpp"
#include "cli/subject.hpp"
#include "cover/coverage_map.hpp"
#include "cover/coverage_scope.hpp"
#include "emit/evolve_report.hpp"
#include "gen/evolve/evolve.hpp"
#include "gen/evolve/function_set.hpp"
#include "gen/evolve/gp_tree.hpp"

namespace objgen::cli {

enum class PurityMode { On, Off, Both };  // Both: every method with and without, compared
enum class SeedingMode { Off, EvoObj };
enum class LocalSearchMode { Auto, On, Off };
inline const Choices<PurityMode> kPurityModes{{"on", PurityMode::On}, {"off", PurityMode::Off}, {"both", PurityMode::Both}};
inline const Choices<SeedingMode> kSeedingModes{{"off", SeedingMode::Off}, {"evoobj", SeedingMode::EvoObj}};
inline const Choices<evolve::EvolveOptions::Fitness> kFitnessKinds{{"nodes", evolve::EvolveOptions::Fitness::Nodes},
                                                                   {"branch", evolve::EvolveOptions::Fitness::Branch}};
inline const Choices<LocalSearchMode> kLocalSearchModes{
    {"auto", LocalSearchMode::Auto}, {"on", LocalSearchMode::On}, {"off", LocalSearchMode::Off}};
inline const Choices<cover::CoverageScope> kCoverageScopes{
    {"class", cover::CoverageScope::Class}, {"header", cover::CoverageScope::Header}, {"library", cover::CoverageScope::Library}};

struct EvolveArgs : RunArgs, OutputArgs, FindingArgs {
  PurityMode purity = PurityMode::On;
  int generations = 100;
  int population = 10;
  int runs = 1;
  double distance_weight = 0;
  double p_reproduction = 0.33, p_crossover = 0.33, p_mutation = 0.34;
  std::string plot;
  bool show_domain = false;
  SeedingMode seeding = SeedingMode::Off;
  evolve::EvolveOptions::Fitness fitness = evolve::EvolveOptions::Fitness::Nodes;
  double p_app = 0.3;
  double p_constant = 0.5;
  LocalSearchMode local_search = LocalSearchMode::Auto;
  cover::CoverageScope coverage_scope = cover::CoverageScope::Header;
  int dynamic_pool = 256;
  int seed_depth = 5;
  int max_test_length = 40;
  int max_depth = 8;
  std::string budget;      // seconds, "" for none
  std::string show_graph;  // METHOD:LINE
  bool generations_given = false;
};
// Every option of objgen evolve but the subject's.
void add_evolve_options(CLI::App* cmd, const std::shared_ptr<EvolveArgs>& args);

// What every method's search shares.
struct Session {
  const EvolveArgs& a;
  const Api& api;
  const cover::CoverageMap& map;
  LiteralDomain& terminals;                                 // grows by the values local searches and the dynamic pool keep
  const evolve::InputDomain* domains[2];                    // without, with purity
  SeedingSession* seeding;                                  // null: --seeding off
  const std::map<uint32_t, analysis::ConstantPool>* pools;  // by method under test
  double budget;                                            // seconds per run, 0: none
  // The first run's budget counts from the command's start (harness build, IR loading).
  std::chrono::steady_clock::time_point* first_run_start;
  cover::CoverageScope scope;
  std::string scope_directory;  // header scope: callees written under it count ("": the MUT's file's)
};

// Header scope counts the functions written under the header's directory; for <lib/x.hpp> (and
// --example) that of the method's own file ("").
std::string scope_directory(const SubjectArgs& s);
// auto: with the branch fitness or seeding, the two that steer by branch distance.
bool uses_local_search(const EvolveArgs& a);
evolve::TreeLimits tree_limits(const EvolveArgs& a);
// All runs of one method under test, with or without purity.
emit::EvolvedMethod evolve_one(const Session& s, uint32_t op, bool purity);

// One search to run: a method under test, with or without purity.
struct MethodSearch {
  uint32_t op;
  bool purity;
};
// The searches in order, `threads` at a time (waves, --threads), each on a copy of the terminals
// as its wave began; after a wave the values its searches kept join the session's terminals in
// search order, and their sequences are renumbered into them, so the same seed and --threads give
// the same results. One at a time (--threads 1, or seeding, whose analysis is shared), each search
// starts from what the ones before it kept: eCrash's loop. `done` gets each result, in order.
void evolve_methods(Session& s, const std::vector<MethodSearch>& searches, int threads,
                    const std::function<void(emit::EvolvedMethod)>& done);

}  // namespace objgen::cli
