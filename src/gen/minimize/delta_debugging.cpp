#include "gen/minimize/delta_debugging.hpp"

#include <algorithm>

#include "exec/test_runner.hpp"

namespace objgen::minimize {

std::optional<FlatSequence> without_calls(const FlatSequence& seq, std::vector<bool> drop) {
  size_t n = seq.calls.size();
  if (n == 0 || drop.size() != n || drop[n - 1]) return std::nullopt;
  std::vector<int> renumbered;  // old value number -> new (-1: gone)
  FlatSequence out;
  int next = 0;
  for (size_t i = 0; i < n; ++i) {
    const FlatCall& c = seq.calls[i];
    for (int64_t a : c.args)
      if (a >= 0 && (static_cast<size_t>(a) >= renumbered.size() || renumbered[static_cast<size_t>(a)] < 0)) drop[i] = true;
    int result = c.produced.empty() ? -1 : c.produced.back();
    if (result >= 0 && static_cast<size_t>(result) >= renumbered.size()) renumbered.resize(static_cast<size_t>(result) + 1, -1);
    if (drop[i]) continue;
    FlatCall k = c;
    for (int64_t& a : k.args)
      if (a >= 0) a = renumbered[static_cast<size_t>(a)];
    if (result >= 0) renumbered[static_cast<size_t>(result)] = next++;
    for (size_t p = 0; p < k.produced.size(); ++p)
      if (k.produced[p] >= 0) k.produced[p] = renumbered[static_cast<size_t>(c.produced[p])];
    out.calls.push_back(std::move(k));
  }
  if (drop[n - 1]) return std::nullopt;
  if (seq.result_value >= 0 && static_cast<size_t>(seq.result_value) < renumbered.size())
    out.result_value = renumbered[static_cast<size_t>(seq.result_value)];
  return out;
}

struct FindingOracle::Impl {
  TestRunner runner;
  Impl(const Api& api, const LiteralDomain& domain, const RunnerOptions& ro) : runner(api, domain, ro) {}
};

FindingOracle::FindingOracle(const Api& api, const LiteralDomain& domain, const MinimizeOptions& options) {
  RunnerOptions ro;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  ro.enumerations = options.enumerations;
  impl_ = std::make_unique<Impl>(api, domain, ro);
}

FindingOracle::~FindingOracle() = default;

namespace {

FindingOracle::Verdict verdict_of(const SequenceFinding& finding, const FlatSequence& seq, const TestOutcome& r) {
  FindingOracle::Verdict v;
  uint32_t at = r.feasible ? r.length : r.failed_at;
  v.same_call = !seq.calls.empty() && at == seq.calls.size() && r.length == seq.calls.size() && r.outcome == finding.kind &&
                seq.calls.back().op == finding.op;
  v.message = r.message;
  v.bucket = finding_bucket(SequenceFinding{finding.kind, finding.op, r.message, {}, {}});
  return v;
}

}  // namespace

std::vector<FindingOracle::Verdict> FindingOracle::run(const SequenceFinding& finding, const std::vector<FlatSequence>& candidates) {
  std::vector<Verdict> out(candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i) {
    // Each candidate in a fresh worker: damage an earlier one left behind must not decide it.
    impl_->runner.restart_worker();
    ++runs_;
    out[i] = verdict_of(finding, candidates[i], impl_->runner.run({candidates[i]})[0]);
  }
  return out;
}

FindingOracle::Verdict FindingOracle::run_after(const SequenceFinding& finding, const std::vector<FlatSequence>& before,
                                                const FlatSequence& candidate) {
  std::vector<FlatSequence> batch = before;
  batch.push_back(candidate);
  impl_->runner.restart_worker();
  ++runs_;
  std::vector<TestOutcome> r = impl_->runner.run(batch);
  Verdict v = verdict_of(finding, candidate, r.back());
  for (size_t i = 0; i + 1 < r.size(); ++i)
    if (r[i].outcome == Outcome::Crash || r[i].outcome == Outcome::Timeout || r[i].outcome == Outcome::OutOfMemory) v.same_call = false;
  return v;
}

namespace {

class Reducer {
 public:
  Reducer(const Api& api, const SequenceFinding& finding, FindingOracle& oracle, const MinimizeOptions& options)
      : api_(api), finding_(finding), oracle_(oracle), options_(options) {}

  Minimized run() {
    Minimized m;
    m.sequence = finding_.sequence;
    m.original_calls = finding_.sequence.calls.size();
    auto first = oracle_.run(finding_, {finding_.sequence});
    m.runs = 1;
    if (!first[0].same_call) return m;
    m.reproduced = true;
    m.message = first[0].message;
    bucket_ = first[0].bucket;
    current_ = finding_.sequence;
    for (int round = 0; round < 4; ++round) {
      remove_calls();
      if (!simplify_arguments()) break;
    }
    m.one_minimal = remove_calls() && !out_of_budget();
    m.sequence = current_;
    m.runs = runs_ + 1;
    return m;
  }

 private:
  bool out_of_budget() const { return options_.out_of_budget(runs_); }

  // Index of the first candidate that reproduces, or -1.
  int first_reproducing(const std::vector<FlatSequence>& candidates) {
    for (size_t i = 0; i < candidates.size() && !out_of_budget(); ++i) {
      ++runs_;
      FindingOracle::Verdict v = oracle_.run(finding_, {candidates[i]})[0];
      if (v.same_call && v.bucket == bucket_) return static_cast<int>(i);
    }
    return -1;
  }

  // ddmin over the calls before the last one: complements of n chunks, n doubling up to one call
  // per chunk. Returns true when it ended at single calls with none removable (1-minimal).
  bool remove_calls() {
    size_t n = 2;
    while (!out_of_budget()) {
      size_t removable = current_.calls.size() - 1;
      if (removable == 0) return true;
      n = std::min(n, removable);
      std::vector<FlatSequence> candidates;
      for (size_t k = 0; k < n; ++k) {
        std::vector<bool> drop(current_.calls.size(), false);
        for (size_t i = k * removable / n; i < (k + 1) * removable / n; ++i) drop[i] = true;
        if (auto c = without_calls(current_, drop)) candidates.push_back(std::move(*c));
      }
      int hit = first_reproducing(candidates);
      if (hit >= 0) {
        current_ = std::move(candidates[static_cast<size_t>(hit)]);
        n = std::max<size_t>(n - 1, 2);
        continue;
      }
      if (n == removable) return true;
      n = std::min(removable, 2 * n);
    }
    return false;
  }

  // Literals to smaller indices of their domain, objects to ones built earlier. Returns whether
  // anything changed.
  bool simplify_arguments() {
    bool changed = false;
    for (size_t i = 0; i < current_.calls.size() && !out_of_budget(); ++i) {
      const Operation& op = api_.operations()[current_.calls[i].op];
      for (size_t k = 0; k < current_.calls[i].args.size() && !out_of_budget(); ++k) {
        int64_t a = current_.calls[i].args[k];
        std::vector<FlatSequence> candidates;
        if (a < 0) {
          for (int64_t lit = -1; lit > a; --lit) candidates.push_back(with_argument(i, k, lit));
        } else {
          for (int64_t v = 0; v < a; ++v)
            if (value_class(v, i) == op.params[k].cls) candidates.push_back(with_argument(i, k, v));
        }
        int hit = first_reproducing(candidates);
        if (hit < 0) continue;
        current_ = std::move(candidates[static_cast<size_t>(hit)]);
        changed = true;
      }
    }
    return changed;
  }

  FlatSequence with_argument(size_t call, size_t slot, int64_t arg) const {
    FlatSequence s = current_;
    s.calls[call].args[slot] = arg;
    if (arg >= 0 && slot + 1 < s.calls[call].produced.size() && s.calls[call].produced[slot] >= 0)
      s.calls[call].produced[slot] = static_cast<int>(arg);  // the slot now holds the other object
    return s;
  }

  // The class of value v if a call before `before` built it and no call since took it away
  // (moved from it), else UINT32_MAX.
  uint32_t value_class(int64_t v, size_t before) const {
    uint32_t cls = UINT32_MAX;
    for (size_t i = 0; i < before; ++i) {
      const FlatCall& c = current_.calls[i];
      if (!c.produced.empty() && c.produced.back() == v) cls = api_.operations()[c.op].result.cls;
      const Operation& op = api_.operations()[c.op];
      for (size_t k = 0; k < c.args.size(); ++k)
        if (c.args[k] == v && op.params[k].consumed()) cls = UINT32_MAX;
    }
    return cls;
  }

  const Api& api_;
  const SequenceFinding& finding_;
  FindingOracle& oracle_;
  const MinimizeOptions& options_;
  std::string bucket_;
  FlatSequence current_;
  size_t runs_ = 0;
};

}  // namespace

Minimized minimize_finding(const Api& api, const SequenceFinding& finding, FindingOracle& oracle, const MinimizeOptions& options) {
  return Reducer(api, finding, oracle, options).run();
}

}  // namespace objgen::minimize
