#include "gen/random/random_batch.hpp"

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "exec/worker_pool.hpp"

namespace objgen {
namespace {

// Results cross from worker processes as text: numbers, one operation per line, then skipped
// calls and findings with their sequences. decode checks what it reads (the region is shared with
// the code under test) and throws std::runtime_error on anything malformed.
void encode_sequence(std::ostream& out, const FlatSequence& seq) {
  out << seq.calls.size() << ' ' << seq.result_value;
  for (const FlatCall& c : seq.calls) {
    out << ' ' << c.op << ' ' << c.args.size();
    for (int64_t a : c.args) out << ' ' << a;
    out << ' ' << c.produced.size();
    for (int p : c.produced) out << ' ' << p;
  }
  out << '\n';
}

std::string encode(const RandomResult& r) {
  std::ostringstream out;
  out << r.calls << ' ' << r.states << ' ' << r.target_states << ' ' << r.largest_object << ' '
      << r.field_extensions << ' ' << r.seconds << ' ' << r.effects.size() << ' ' << r.findings.size() << ' '
      << r.skipped.size() << '\n';
  for (const auto& s : r.skipped) {
    out << s.call << ' ' << s.op << ' ' << s.ran << ' ';
    encode_sequence(out, s.sequence);
  }
  for (const auto& e : r.effects)
    out << e.normal << ' ' << e.misuse << ' ' << e.changed_input << ' ' << e.returned_object << '\n';
  for (const auto& f : r.findings) {
    std::string m = f.message;
    for (char& c : m)
      if (c == '\n' || c == '\r') c = ' ';
    out << static_cast<int>(f.kind) << ' ' << f.op << ' ';
    encode_sequence(out, f.sequence);
    out << m << '\n';
  }
  out << "end\n";
  return out.str();
}

template <class T>
T read(std::istream& in, T bound = std::numeric_limits<T>::max()) {
  T v{};
  if (!(in >> v) || v > bound) throw std::runtime_error("a random run's result is malformed");
  return v;
}

FlatSequence decode_sequence(std::istream& in, size_t operations) {
  FlatSequence seq;
  size_t calls = read<size_t>(in, 1 << 20);
  seq.result_value = read<int>(in);
  seq.calls.resize(calls);
  for (FlatCall& c : seq.calls) {
    c.op = read<uint32_t>(in, static_cast<uint32_t>(operations - 1));
    c.args.resize(read<size_t>(in, 64));
    for (int64_t& a : c.args) a = read<int64_t>(in);
    c.produced.resize(read<size_t>(in, 65));
    for (int& p : c.produced) p = read<int>(in);
  }
  return seq;
}

RandomResult decode(const std::string& text, size_t operations, const LiteralDomain& domain) {
  std::istringstream in(text);
  RandomResult r;
  r.calls = read<uint64_t>(in);
  r.states = read<uint64_t>(in);
  r.target_states = read<uint64_t>(in);
  r.largest_object = read<uint32_t>(in);
  r.field_extensions = read<uint64_t>(in);
  r.seconds = read<double>(in);
  size_t effects = read<size_t>(in, operations), findings = read<size_t>(in, 1 << 20),
         skipped = read<size_t>(in, 1 << 24);
  r.skipped.resize(skipped);
  for (auto& s : r.skipped) {
    s.call = read<uint64_t>(in);
    s.op = read<uint32_t>(in, static_cast<uint32_t>(operations - 1));
    s.ran = read<int>(in, 1) != 0;
    s.sequence = decode_sequence(in, operations);
  }
  r.effects.resize(effects);
  for (auto& e : r.effects) {
    e.normal = read<uint64_t>(in);
    e.misuse = read<uint64_t>(in);
    e.changed_input = read<uint64_t>(in);
    e.returned_object = read<uint64_t>(in);
  }
  for (size_t i = 0; i < findings; ++i) {
    SequenceFinding f{};
    f.kind = static_cast<Outcome>(read<int>(in, static_cast<int>(kLastOutcome)));
    f.op = read<uint32_t>(in, static_cast<uint32_t>(operations - 1));
    f.sequence = decode_sequence(in, operations);
    in.get();
    std::getline(in, f.message);
    f.domain = domain;
    r.findings.push_back(std::move(f));
  }
  std::string end;
  if (!(in >> end) || end != "end") throw std::runtime_error("a random run's result is truncated");
  return r;
}

// One finding per (operation, kind), counting how often it happened.
void add_crash_findings(std::vector<std::pair<uint64_t, SequenceFinding>>& crashes, RandomResult& result) {
  std::vector<std::pair<SequenceFinding, size_t>> merged;
  for (auto& [call, f] : crashes) {
    for (const auto& s : result.skipped)
      if (s.call == call) {
        f.op = s.op;
        f.sequence = s.sequence;
      }
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
  std::vector<std::vector<std::pair<uint64_t, SequenceFinding>>> crashes(runs.size());
  ChildOptions workers;
  workers.memory_limit_bytes = options.worker_memory_limit_bytes;
  WorkerPool pool(options.workers, options.isolate, options.call_timeout_seconds, 4, 16 << 20, workers);
  pool.begin(
      runs.size(), [](size_t) { return uint64_t{0}; },
      [&](size_t job, uint64_t, JobRegion& region, std::atomic<uint64_t>& progress) {
        RandomOptions opt = runs[job];
        opt.leak_pool_at_end = options.isolate;
        if (crashes[job].size() >= static_cast<size_t>(options.max_crashes_per_run))
          opt.max_calls = std::max<uint64_t>(1, crashes[job].back().first);
        RandomResult r = run_random(api, opt, &progress);
        region.append(CandidateRecord{}, encode(r), true);
      });
  std::vector<char> finished(runs.size(), 0);
  size_t done = 0, next_release = 0;
  while (done < runs.size() && !(options.interrupted && options.interrupted->load())) {
    for (const auto& ev : pool.wait(0.25)) {
      if (ev.kind != WorkerPool::Event::Done) {
        Outcome kind = ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout;
        bool copying = (ev.phase & kRandomPhaseCopy) != 0;
        crashes[ev.job].push_back({ev.at, SequenceFinding{kind, UINT32_MAX, (copying ? "copying an input: " : "") + ev.what,
                                                          {}, runs[ev.job].domain}});
        // The run starts again: without that call, or lending instead of copying that class.
        if (copying) {
          runs[ev.job].no_copy.push_back(static_cast<ClassId>(ev.phase & 0xffffffffu));
          runs[ev.job].note_calls.push_back(ev.at);
        } else {
          runs[ev.job].skip_calls.push_back(ev.at);
        }
        pool.resume(ev.job, ev.at + 1);
        continue;
      }
      JobRegion& region = pool.region(ev.job);
      results[ev.job] = region.record_count()
                            ? decode(region.text(region.record(0)), api.operations().size(), runs[ev.job].domain)
                            : RandomResult{};
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
