#include "gen/minimize/history_cut.hpp"

#include <numeric>

#include "exec/test_runner.hpp"

namespace objgen::minimize {

namespace {

// Delta debugging over the history's test cases (each kept or dropped whole), the finding's
// sequence always run last.
class HistoryCut {
 public:
  HistoryCut(const SequenceFinding& finding, const std::vector<FlatSequence>& cases, FindingOracle& oracle, const MinimizeOptions& options)
      : finding_(finding), cases_(cases), oracle_(oracle), options_(options) {}

  // Whether the cases `kept` (indices, in order), run before the finding's sequence in one fresh
  // worker, show the fault the first such run showed.
  bool shows(const std::vector<size_t>& kept) {
    std::vector<FlatSequence> before;
    before.reserve(kept.size());
    for (size_t i : kept) before.push_back(cases_[i]);
    ++runs_;
    FindingOracle::Verdict v = oracle_.run_after(finding_, before, finding_.sequence);
    if (!v.same_call) return false;
    if (bucket_.empty()) bucket_ = v.bucket;
    return v.bucket == bucket_;
  }

  // ddmin: complements of n chunks, n doubling up to one case per chunk; 1-minimal unless the
  // budget ran out.
  std::vector<size_t> cut(std::vector<size_t> kept) {
    size_t n = 2;
    while (!kept.empty() && !out_of_budget()) {
      n = std::min(n, kept.size());
      bool removed = false;
      for (size_t k = 0; k < n && !removed && !out_of_budget(); ++k) {
        std::vector<size_t> rest;
        for (size_t i = 0; i < kept.size(); ++i)
          if (i < k * kept.size() / n || i >= (k + 1) * kept.size() / n) rest.push_back(kept[i]);
        if (shows(rest)) {
          kept = std::move(rest);
          n = std::max<size_t>(n - 1, 2);
          removed = true;
        }
      }
      if (removed) continue;
      if (n >= kept.size()) break;
      n = std::min(kept.size(), 2 * n);
    }
    return kept;
  }

  size_t runs() const { return runs_; }

 private:
  bool out_of_budget() const { return options_.out_of_budget(runs_); }

  const SequenceFinding& finding_;
  const std::vector<FlatSequence>& cases_;
  FindingOracle& oracle_;
  const MinimizeOptions& options_;
  std::string bucket_;
  size_t runs_ = 0;
};

}  // namespace

Minimized minimize_with_history(const Api& api, const SequenceFinding& finding, FindingOracle& oracle, const MinimizeOptions& options) {
  Minimized m;
  m.sequence = finding.sequence;
  m.original_calls = finding.sequence.calls.size();
  std::vector<FlatSequence> cases;  // what a test case can hold
  for (const FlatSequence& h : finding.history)
    if (!h.calls.empty() && h.calls.size() <= kMaxTestCalls) {
      cases.push_back(h);
      m.history_calls += h.calls.size();
    }
  if (cases.empty() || finding.sequence.calls.empty()) return m;
  HistoryCut history(finding, cases, oracle, options);
  std::vector<size_t> all(cases.size());
  std::iota(all.begin(), all.end(), size_t{0});
  bool shown = history.shows(all);
  m.runs = history.runs();
  if (!shown) return m;
  FlatSequence joined;
  for (size_t i : history.cut(all)) append_sequence(api, joined, cases[i]);
  m.runs = history.runs();
  m.history_kept = joined.calls.size();
  joined.result_value = append_sequence(api, joined, finding.sequence);
  if (joined.calls.size() > kMaxTestCalls) return m;
  SequenceFinding one = finding;
  one.sequence = std::move(joined);
  one.history.clear();
  MinimizeOptions rest = options;
  rest.max_runs = options.max_runs > m.runs ? options.max_runs - m.runs : 1;
  Minimized calls = minimize_finding(api, one, oracle, rest);
  calls.original_calls = m.original_calls;
  calls.history_calls = m.history_calls;
  calls.history_kept = m.history_kept;
  calls.runs += m.runs;
  return calls;
}

}  // namespace objgen::minimize
