#include "gen/evolve/purity.hpp"

#include "gen/evolve/gp_tree.hpp"
#include "gen/evolve/test_runner.hpp"

namespace objgen::evolve {

void check_purity(const Api& api, const InputDomain& unpurified, const LiteralDomain& terminals,
                  std::vector<ParamPurity>& params, const PurityCheckOptions& options) {
  RunnerOptions ro;
  ro.probe = true;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  TestRunner runner(api, terminals, ro);
  Rng rng(options.seed ^ 0x70757269747900ull);
  for (uint32_t op : unpurified.members) {
    bool claims = false;
    for (const ParamPurity& p : params) claims |= p.op == op && p.static_purity != Purity::ReadWrite;
    if (!claims) continue;
    TreeFactory trees(api, unpurified, terminals, op, TreeLimits{});
    if (!trees.can_build()) continue;
    std::vector<FlatSequence> tests;
    for (uint32_t i = 0; i < options.samples; ++i) {
      GpTree t = trees.random_tree_within_limits(rng);
      if (trees.call_count(t) <= kMaxTestCalls) tests.push_back(trees.linearize(t));
    }
    std::vector<TestOutcome> outcomes = runner.run(tests);
    for (ParamPurity& p : params) {
      if (p.op != op || p.static_purity == Purity::ReadWrite) continue;
      for (const TestOutcome& o : outcomes) {
        if (!(o.probed_mask & (1u << p.slot))) continue;
        ++p.samples;
        p.changed += (o.changed_mask >> p.slot) & 1u;
      }
      if (p.changed) {
        p.purity = Purity::ReadWrite;
        p.evidence += "; refuted: changed in " + std::to_string(p.changed) + "/" + std::to_string(p.samples) + " calls";
      } else {
        p.evidence += "; unchanged in " + std::to_string(p.samples) + " calls";
      }
    }
  }
}

}  // namespace objgen::evolve
