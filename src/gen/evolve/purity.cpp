#include "gen/evolve/purity.hpp"

#include <algorithm>

#include "gen/evolve/gp_tree.hpp"
#include "exec/test_runner.hpp"

namespace objgen::evolve {

namespace {

struct MemberSamples {
  uint32_t op;
  std::vector<FlatSequence> tests;
  std::vector<TestOutcome> outcomes;  // of the first outcomes.size() tests
};

// The test cases of every member whose parameters claim purity, drawn in member order (the same
// draws whatever the deadline).
std::vector<MemberSamples> draw_samples(const Api& api, const InputDomain& unpurified, const LiteralDomain& terminals,
                                        const std::vector<ParamPurity>& params, const PurityCheckOptions& options) {
  Rng rng(options.seed ^ 0x70757269747900ull);
  std::vector<MemberSamples> members;
  for (uint32_t op : unpurified.members) {
    bool claims = false;
    for (const ParamPurity& p : params) claims |= p.op == op && p.static_purity != Purity::ReadWrite;
    if (!claims) continue;
    TreeFactory trees(api, unpurified, terminals, op, TreeLimits{});
    if (!trees.can_build()) continue;
    MemberSamples m{op, {}, {}};
    for (uint32_t i = 0; i < options.samples; ++i) {
      GpTree t = trees.random_tree_within_limits(rng);
      if (trees.call_count(t) <= kMaxTestCalls) m.tests.push_back(trees.linearize(t));
    }
    members.push_back(std::move(m));
  }
  return members;
}

// Runs them a few per member at a time, until all ran or the deadline; returns whether all ran.
bool run_samples(TestRunner& runner, std::vector<MemberSamples>& members, std::chrono::steady_clock::time_point deadline) {
  constexpr size_t kRound = 5;
  for (size_t from = 0;; from += kRound) {
    bool more = false;
    for (MemberSamples& m : members) {
      if (from >= m.tests.size()) continue;
      if (std::chrono::steady_clock::now() >= deadline) return false;
      std::vector<FlatSequence> batch(m.tests.begin() + static_cast<std::ptrdiff_t>(from),
                                      m.tests.begin() + static_cast<std::ptrdiff_t>(std::min(from + kRound, m.tests.size())));
      std::vector<TestOutcome> outcomes = runner.run(batch);
      m.outcomes.insert(m.outcomes.end(), outcomes.begin(), outcomes.end());
      more = true;
    }
    if (!more) return true;
  }
}

}  // namespace

void check_purity(const Api& api, const InputDomain& unpurified, const LiteralDomain& terminals, std::vector<ParamPurity>& params,
                  const PurityCheckOptions& options) {
  RunnerOptions ro;
  ro.probe = true;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  TestRunner runner(api, terminals, ro);
  std::vector<MemberSamples> members = draw_samples(api, unpurified, terminals, params, options);
  bool all_ran = run_samples(runner, members, options.deadline);
  for (const MemberSamples& m : members)
    for (ParamPurity& p : params) {
      if (p.op != m.op || p.static_purity == Purity::ReadWrite) continue;
      for (const TestOutcome& o : m.outcomes) {
        if (!(o.probed_mask & (1u << p.slot))) continue;
        ++p.samples;
        p.changed += (o.changed_mask >> p.slot) & 1u;
      }
      if (p.changed) {
        p.purity = Purity::ReadWrite;
        p.evidence += "; refuted: changed in " + std::to_string(p.changed) + "/" + std::to_string(p.samples) + " calls";
      } else {
        p.evidence += "; unchanged in " + std::to_string(p.samples) + " calls";
        if (!all_ran) p.evidence += " (sampling stopped at half the --budget)";
      }
    }
}

}  // namespace objgen::evolve
