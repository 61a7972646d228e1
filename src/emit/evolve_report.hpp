// Outputs of `objgen evolve`: the JSON report, the nodes-remaining plot (SVG, like eCrash's
// Fig. 10) and the covering test sets as a GoogleTest file.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/evolve/evolve.hpp"
#include "gen/evolve/function_set.hpp"
#include "gen/seeding/template_synthesis.hpp"

namespace objgen::emit {

struct EvolvedMethod {
  uint32_t op;
  std::string signature;
  bool purity;
  uint32_t targets = 0;
  std::vector<uint32_t> target_lines;        // source line of each target node (0: unknown)
  std::vector<std::string> scope_functions;  // whose nodes count: the method's body, then callees (--coverage-scope)
  std::vector<evolve::EvolveResult> runs;
  std::string seeding = "off";                   // "evoobj": templates from object construction graphs
  std::vector<seeding::BranchSeedStats> seeded;  // per target node the analysis looked at (first run)
  // Per finding of the first run: why it is likely a precondition violation, or "" (a bug).
  std::vector<std::string> finding_preconditions;
  // Per finding of the first run: why its sequence, run alone in a fresh worker, did not show the
  // fault ("": it did, or it was not replayed); such a finding is listed as not confirmed.
  std::vector<std::string> finding_unconfirmed;
  double full_coverage_rate() const;
  double mean_branch_coverage() const;  // covered targets / targets, mean over the runs
  double mean_generations() const;      // over the runs that reached full coverage (0: none did)
  uint64_t evaluations() const;
  double seconds() const;
  // (generation, mean over the runs of the nodes still uncovered after it), at the generations
  // the longest run kept (a run that finished early counts with what it left: 0 when it reached
  // full coverage; one between its kept generations with the last kept before).
  std::vector<std::pair<int, double>> mean_nodes_remaining() const;
};

// "Stack Stack::push(int)[IP](Stack, int)": each function of the set, its type and children.
std::vector<std::string> function_set_lines(const evolve::InputDomain& domain, const Api& api);

nlohmann::json input_domain_json(const evolve::InputDomain& domain, const std::vector<evolve::ParamPurity>& purity, const Api& api);
nlohmann::json evolve_method_json(const EvolvedMethod& m, const Api& api);

// Mean nodes remaining per generation over each method's runs, one line per method.
std::string nodes_remaining_svg(const std::vector<EvolvedMethod>& methods, const std::string& title);

// One TEST per covering test case of each method's first run; the MUT call is checked against
// what it did during the search (its primitive result, or that it threw).
std::string evolved_gtest_file(const Api& api, const LiteralDomain& terminals, const std::vector<EvolvedMethod>& methods,
                               const std::string& include, const std::string& suite);

}  // namespace objgen::emit
