#include "gen/random/random_batch.hpp"

#include <algorithm>
#include <sstream>

#include "exec/worker_pool.hpp"

namespace objgen {
namespace {

// Results cross from worker processes as text: numbers, one operation per line, then findings.
std::string encode(const RandomResult& r) {
  std::ostringstream out;
  out << r.calls << ' ' << r.states << ' ' << r.target_states << ' ' << r.largest_object << ' '
      << r.field_extensions << ' ' << r.seconds << ' ' << r.effects.size() << ' ' << r.findings.size() << ' '
      << r.skipped.size() << '\n';
  for (const auto& [call, op] : r.skipped) out << call << ' ' << op << '\n';
  for (const auto& e : r.effects)
    out << e.normal << ' ' << e.misuse << ' ' << e.changed_input << ' ' << e.returned_object << '\n';
  for (const auto& f : r.findings) {
    std::string m = f.message;
    for (char& c : m)
      if (c == '\n') c = ' ';
    out << static_cast<int>(f.kind) << ' ' << f.op << ' ' << m << '\n';
  }
  return out.str();
}

RandomResult decode(const std::string& text) {
  std::istringstream in(text);
  RandomResult r;
  size_t effects = 0, findings = 0, skipped = 0;
  in >> r.calls >> r.states >> r.target_states >> r.largest_object >> r.field_extensions >> r.seconds >> effects >>
      findings >> skipped;
  r.skipped.resize(skipped);
  for (auto& [call, op] : r.skipped) in >> call >> op;
  r.effects.resize(effects);
  for (auto& e : r.effects) in >> e.normal >> e.misuse >> e.changed_input >> e.returned_object;
  for (size_t i = 0; i < findings; ++i) {
    int kind = 0;
    RandomFinding f;
    in >> kind >> f.op;
    in.get();
    std::getline(in, f.message);
    f.kind = static_cast<Outcome>(kind);
    r.findings.push_back(std::move(f));
  }
  return r;
}

// One finding per (operation, kind), counting how often it happened.
void add_crash_findings(std::vector<std::pair<uint64_t, RandomFinding>>& crashes, RandomResult& result) {
  std::vector<std::pair<RandomFinding, size_t>> merged;
  for (auto& [call, f] : crashes) {
    for (const auto& [skipped_call, op] : result.skipped)
      if (skipped_call == call) f.op = op;
    auto same = std::find_if(merged.begin(), merged.end(),
                             [&](const auto& m) { return m.first.op == f.op && m.first.kind == f.kind; });
    if (same != merged.end()) ++same->second;
    else merged.push_back({std::move(f), 1});
  }
  for (auto& [f, n] : merged) {
    if (n > 1) f.message += " (" + std::to_string(n) + " calls)";
    result.findings.push_back(std::move(f));
  }
}

}  // namespace

std::vector<RandomResult> run_random_batch(const Api& api, std::vector<RandomOptions> runs,
                                           const RandomBatchOptions& options) {
  std::vector<RandomResult> results(runs.size());
  if (runs.empty()) return results;
  // Which operation a crashing call ran is known only to the worker; the restarted run draws
  // the same calls and reports the operation of each call it skips.
  std::vector<std::vector<std::pair<uint64_t, RandomFinding>>> crashes(runs.size());
  WorkerPool pool(options.workers, options.isolate, options.call_timeout_seconds, 4);
  pool.begin(
      runs.size(), [](size_t) { return uint64_t{0}; },
      [&](size_t job, uint64_t, JobRegion& region, std::atomic<uint64_t>& progress) {
        RandomOptions opt = runs[job];
        opt.leak_pool_at_end = options.isolate;
        if (crashes[job].size() >= static_cast<size_t>(options.max_crashes_per_run))
          opt.max_calls = std::max<uint64_t>(1, crashes[job].back().first);
        RandomResult r = run_random(api, opt, &progress);
        region.append(CandidateRecord{}, encode(r));
      });
  std::vector<char> finished(runs.size(), 0);
  size_t done = 0, next_release = 0;
  while (done < runs.size() && !(options.interrupted && options.interrupted->load())) {
    for (const auto& ev : pool.wait(0.25)) {
      if (ev.kind != WorkerPool::Event::Done) {
        Outcome kind = ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout;
        crashes[ev.job].push_back({ev.at, RandomFinding{kind, UINT32_MAX, ev.what}});
        runs[ev.job].skip_calls.push_back(ev.at);
        pool.resume(ev.job, ev.at + 1);
        continue;
      }
      JobRegion& region = pool.region(ev.job);
      results[ev.job] = region.record_count() ? decode(region.text(region.record(0))) : RandomResult{};
      finished[ev.job] = 1;
      ++done;
      while (next_release < runs.size() && finished[next_release]) pool.release(next_release++);
    }
  }
  pool.end();
  for (size_t j = 0; j < runs.size(); ++j) add_crash_findings(crashes[j], results[j]);
  return results;
}

}  // namespace objgen
