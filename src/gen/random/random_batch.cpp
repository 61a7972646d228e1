#include "exec/run_deadline.hpp"
#include "gen/random/random_batch.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "exec/worker_pool.hpp"
#include "objgen/detail/class_vtable.hpp"

namespace objgen::random {
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

// A kept store: its sequence nodes, then its states in id order with their fingerprints.
void encode_store(std::ostream& out, const Api& api, const RandomResult& r) {
  if (!r.store) {
    out << "0 0\n";
    return;
  }
  const StateStore& store = *r.store;
  out << store.sequence_count() << ' ' << store.state_count() << '\n';
  for (uint32_t i = 0; i < store.sequence_count(); ++i) {
    uint32_t op = store.sequence(i).op;
    out << op;
    for (ArgRef a : store.args(i, api.operations()[op].params.size())) out << ' ' << a.bits;
    out << '\n';
  }
  std::vector<Fingerprint> fps(store.state_count());
  store.for_each_fingerprint([&](const Fingerprint& fp, uint32_t id) { fps[id] = fp; });
  for (uint32_t i = 0; i < store.state_count(); ++i) {
    const StateRecord& s = store.state(i);
    out << s.sequence << ' ' << int{s.slot} << ' ' << s.cls << ' ' << int{i < r.broken.size() && r.broken[i]} << ' ' << fps[i].lo << ' '
        << fps[i].hi << '\n';
  }
}

std::string encode(const Api& api, const RandomResult& r) {
  std::ostringstream out;
  out << r.calls << ' ' << r.states << ' ' << r.target_states << ' ' << r.largest_object << ' ' << r.field_extensions << ' ' << r.seconds
      << ' ' << r.effects.size() << ' ' << r.findings.size() << ' ' << r.skipped.size() << '\n';
  for (const auto& s : r.skipped) {
    out << s.call << ' ' << s.op << ' ' << s.ran << ' ';
    encode_sequence(out, s.sequence);
    out << s.history.size() << '\n';
    for (const FlatSequence& h : s.history) encode_sequence(out, h);
  }
  for (const auto& e : r.effects) out << e.normal << ' ' << e.misuse << ' ' << e.changed_input << ' ' << e.returned_object << '\n';
  for (const auto& f : r.findings) {
    std::string m = f.message;
    for (char& c : m)
      if (c == '\n' || c == '\r') c = ' ';
    out << static_cast<int>(f.kind) << ' ' << f.op << ' ' << f.hits << ' ';
    encode_sequence(out, f.sequence);
    out << m << '\n';
  }
  encode_store(out, api, r);
  out << "end\n";
  return out.str();
}

template <class T>
T read(std::istream& in, T bound = std::numeric_limits<T>::max()) {
  T v{};
  if (!(in >> v) || v > bound) throw std::runtime_error("a random run's result is malformed");
  return v;
}

// Whether every argument of seq is a literal of its slot's domain or a value an earlier call made
// (a worker whose heap the code under test damaged may send anything).
bool well_formed(const Api& api, const LiteralDomain& domain, const FlatSequence& seq) {
  int values = 0;
  for (const FlatCall& c : seq.calls) {
    const Operation& op = api.operations()[c.op];
    if (c.args.size() != op.params.size() || c.produced.size() != op.params.size() + 1) return false;
    for (size_t i = 0; i < c.args.size(); ++i) {
      const SlotType& p = op.params[i];
      int64_t a = c.args[i];
      if (p.is_object() ? (a < 0 || a >= values) : (a >= 0 || -1 - a >= static_cast<int64_t>(domain.of(p).size()))) return false;
      if (c.produced[i] != (p.is_object() && !p.consumed() ? a : -1)) return false;
    }
    if (c.produced.back() != (op.result.is_object() ? values : -1)) return false;
    values += op.result.is_object();
  }
  return seq.result_value < values;
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

void decode_store(std::istream& in, const Api& api, const LiteralDomain& domain, RandomResult& r) {
  size_t sequences = read<size_t>(in, 1u << 31), states = read<size_t>(in, 1u << 31);
  if (sequences == 0 && states == 0) return;
  if (sequences == 0) throw std::runtime_error("a random run's states are malformed");
  r.store = std::make_shared<StateStore>();
  std::vector<ArgRef> args;
  for (size_t i = 0; i < sequences; ++i) {
    uint32_t op = read<uint32_t>(in, static_cast<uint32_t>(api.operations().size() - 1));
    const Operation& o = api.operations()[op];
    args.resize(o.params.size());
    for (size_t k = 0; k < args.size(); ++k) {
      args[k].bits = read<uint32_t>(in);
      bool ok = o.params[k].is_literal() ? args[k].is_literal() && args[k].index() < domain.of(o.params[k]).size()
                                         : !args[k].is_literal() && args[k].index() < states;
      if (!ok) throw std::runtime_error("a random run's states are malformed");
    }
    r.store->add_sequence(op, args);
  }
  r.broken.resize(states);
  for (size_t i = 0; i < states; ++i) {
    uint32_t seq = read<uint32_t>(in, static_cast<uint32_t>(sequences - 1));
    int slot_read = read<int>(in, 255);
    int cls_read = read<int>(in, static_cast<int>(registered_class_count()) - 1);
    size_t params = api.operations()[r.store->sequence(seq).op].params.size();
    if (slot_read < 0 || cls_read < 0 || (slot_read != kResultSlot && static_cast<size_t>(slot_read) >= params))
      throw std::runtime_error("a random run's states are malformed");
    auto slot = static_cast<uint8_t>(slot_read);
    auto cls = static_cast<ClassId>(cls_read);
    r.broken[i] = static_cast<uint8_t>(read<int>(in, 1));
    Fingerprint fp{};
    fp.lo = read<uint64_t>(in);
    fp.hi = read<uint64_t>(in);
    if (r.store->add_state(fp, seq, slot, cls, 0) != i) throw std::runtime_error("a random run's states are malformed");
  }
}

RandomResult decode(const std::string& text, const Api& api, const LiteralDomain& domain) {
  size_t operations = api.operations().size();
  std::istringstream in(text);
  RandomResult r;
  r.calls = read<uint64_t>(in);
  r.states = read<uint64_t>(in);
  r.target_states = read<uint64_t>(in);
  r.largest_object = read<uint32_t>(in);
  r.field_extensions = read<uint64_t>(in);
  r.seconds = read<double>(in);
  size_t effects = read<size_t>(in, operations), findings = read<size_t>(in, 1 << 20), skipped = read<size_t>(in, 1 << 24);
  r.skipped.resize(skipped);
  for (auto& s : r.skipped) {
    s.call = read<uint64_t>(in);
    s.op = read<uint32_t>(in, static_cast<uint32_t>(operations - 1));
    s.ran = read<int>(in, 1) != 0;
    s.sequence = decode_sequence(in, operations);
    if (!well_formed(api, domain, s.sequence)) s.sequence = FlatSequence{};
    s.history.resize(read<size_t>(in, 1 << 16));
    bool history_well_formed = true;
    for (FlatSequence& h : s.history) {
      h = decode_sequence(in, operations);
      history_well_formed = history_well_formed && well_formed(api, domain, h);
    }
    if (!history_well_formed) s.history.clear();
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
    f.hits = read<uint64_t>(in);
    f.sequence = decode_sequence(in, operations);
    in.get();
    std::getline(in, f.message);
    f.domain = domain;
    if (!well_formed(api, domain, f.sequence)) f.sequence = FlatSequence{};  // reported without one
    r.findings.push_back(std::move(f));
  }
  decode_store(in, api, domain, r);
  std::string end;
  if (!(in >> end) || end != "end") throw std::runtime_error("a random run's result is truncated");
  return r;
}

// One finding per (operation, kind), counting how often it happened.
void add_crash_findings(std::vector<std::pair<uint64_t, SequenceFinding>>& crashes, RandomResult& result) {
  std::vector<std::pair<SequenceFinding, size_t>> merged;
  for (auto& [call, f] : crashes) {
    for (const auto& s : result.skipped)
      if (s.call == call && (f.op == UINT32_MAX || s.op == f.op)) {
        f.op = s.op;
        f.sequence = s.sequence;
        f.history = s.history;
      }
    auto same =
        std::find_if(merged.begin(), merged.end(), [&f = f](const auto& m) { return m.first.op == f.op && m.first.kind == f.kind; });
    if (same != merged.end())
      ++same->second;
    else
      merged.push_back({std::move(f), 1});
  }
  for (auto& [f, n] : merged) {
    f.hits = n;
    result.findings.push_back(std::move(f));
  }
}

// What an attempt of a run died at after `at`, forgotten: an attempt that dies before it (code
// whose crashes depend on time or on the process) has taken another path from there, so an index
// past it may now draw another operation, and a skip recorded there would blame that one. A fault
// of the code is met again.
void forget_after(uint64_t at, RandomOptions& run, std::vector<std::pair<uint64_t, SequenceFinding>>& crashes) {
  auto later = [at](uint64_t call) { return call > at; };
  std::erase_if(run.skip_calls, later);
  std::erase_if(run.note_calls, later);
  std::erase_if(run.contract_crashes, [&](const auto& c) { return later(c.first); });
  std::erase_if(crashes, [&](const auto& c) { return later(c.first); });
}

// A worker died in run `ev.job`: notes the finding, and how the run starts again (without that
// call, or that check at that call, or lending instead of copying that class). Returns the call to
// resume at.
uint64_t restart_after_death(const WorkerPool::Event& ev, RandomOptions& run, std::vector<std::pair<uint64_t, SequenceFinding>>& crashes) {
  const ClassId cls = static_cast<ClassId>(ev.phase & 0xffffffffu);
  forget_after(ev.at, run, crashes);
  bool copying = (ev.phase & kRandomPhaseCopy) != 0, checking = (ev.phase & kRandomPhaseContract) != 0;
  // objgen's own calls on copies, or its refusal to slice one: no finding of the class's.
  bool refused = copying && ev.what.find(detail::kSlicedCopyRefusal) != std::string::npos;
  if ((ev.phase & ~uint64_t{0xffffffffu}) == kRandomPhaseCopyProbe || refused) {
    run.no_copy.push_back(cls);
    return ev.at;
  }
  Outcome kind = ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout;
  uint32_t check = checking ? static_cast<uint32_t>(ev.phase & 0xffffffffu) : UINT32_MAX;
  crashes.push_back({ev.at, SequenceFinding{kind, check, (copying ? "copying an input: " : "") + ev.what, {}, run.domain}});
  if (checking) {
    run.contract_crashes.push_back({ev.at, check});
  } else if (copying) {
    run.no_copy.push_back(cls);
    run.note_calls.push_back(ev.at);
  } else {
    run.skip_calls.push_back(ev.at);
  }
  return ev.at + 1;
}

// When each run stops starting calls, by objgen's clock: a run with a time share ends its wave's
// (runs are handed out in order, one per worker: run j is in wave j / workers), so a run whose
// worker died and replays its calls cannot take more than the batch's time; none past stop_at.
std::vector<std::chrono::steady_clock::time_point> run_deadlines(const std::vector<RandomOptions>& runs,
                                                                 const RandomBatchOptions& options) {
  using clock = std::chrono::steady_clock;
  const clock::time_point start = clock::now();
  std::vector<clock::time_point> out(runs.size(), options.stop_at);
  const size_t workers = static_cast<size_t>(std::max(1, options.workers));
  double waves = 0;
  for (size_t j = 0; j < runs.size(); ++j) {
    if (runs[j].time_limit_seconds <= 0) continue;
    if (j % workers == 0) waves += runs[j].time_limit_seconds;
    clock::time_point own = start + clock_seconds(waves);
    if (out[j] == clock::time_point{} || own < out[j]) out[j] = own;
  }
  return out;
}

// The latest of the deadlines, `grace` seconds later; {} when a run has none.
std::chrono::steady_clock::time_point last_of(const std::vector<std::chrono::steady_clock::time_point>& at, double grace) {
  std::chrono::steady_clock::time_point last{};
  for (auto t : at) {
    if (t == std::chrono::steady_clock::time_point{}) return {};
    last = std::max(last, t);
  }
  return last + clock_seconds(grace);
}

}  // namespace

std::vector<RandomResult> run_random_batch(const Api& api, std::vector<RandomOptions> runs, const RandomBatchOptions& options) {
  std::vector<RandomResult> results(runs.size());
  if (runs.empty()) return results;
  // Which operation a crashing call ran is known only to the worker; the restarted run draws
  // the same calls and reports the operation of each call it skips.
  std::vector<std::vector<std::pair<uint64_t, SequenceFinding>>> crashes(runs.size());
  std::vector<size_t> deaths(runs.size(), 0);  // crashes forgotten (forget_after) included
  ChildOptions workers;
  workers.code_under_test_loader = api.worker_setup();
  workers.memory_limit_bytes = options.worker_memory_limit_bytes;
  std::vector<std::chrono::steady_clock::time_point> stop_at = run_deadlines(runs, options);
  const auto hard_end = last_of(stop_at, options.call_timeout_seconds + 1.0);
  WorkerPool pool(options.workers, options.isolate, options.call_timeout_seconds, 4, options.result_bytes, workers);
  pool.begin(
      runs.size(), [](size_t) { return uint64_t{0}; },
      [&](size_t job, uint64_t, JobRegion& region, WorkerProgress& progress) {
        RandomOptions opt = runs[job];
        opt.leak_pool_at_end = options.isolate;
        opt.stop_at = stop_at[job];
        if (deaths[job] >= static_cast<size_t>(options.max_crashes_per_run) && !crashes[job].empty())
          opt.max_calls = std::max<uint64_t>(1, crashes[job].back().first);
        RandomResult r = run_random(api, opt, &progress);
        region.append(CandidateRecord{}, encode(api, r), true);
      });
  std::vector<char> finished(runs.size(), 0);
  size_t done = 0, next_release = 0;
  while (done < runs.size() && !(options.interrupted && options.interrupted->load()) &&
         !(hard_end != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() > hard_end)) {
    for (const auto& ev : pool.wait(0.25)) {
      if (ev.kind != WorkerPool::Event::Done) {
        ++deaths[ev.job];
        runs[ev.job].resume_at = restart_after_death(ev, runs[ev.job], crashes[ev.job]);
        // Past its time: the run replays up to this death, describes it and ends there.
        if (stop_at[ev.job] != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() >= stop_at[ev.job])
          runs[ev.job].end_after_call = ev.at;
        pool.resume(ev.job, runs[ev.job].resume_at);
        continue;
      }
      JobRegion& region = pool.region(ev.job);
      try {
        results[ev.job] = region.record_count() ? decode(region.text(region.record(0)), api, runs[ev.job].domain) : RandomResult{};
      } catch (const std::runtime_error& e) {  // the code under test wrote over the worker's region
        std::fprintf(stderr, "objgen: random run %zu: %s (the code under test damaged it); left out\n", ev.job, e.what());
        results[ev.job] = RandomResult{};
      }
      finished[ev.job] = 1;
      ++done;
      if (options.on_result) options.on_result(ev.job, results[ev.job]);
      while (next_release < runs.size() && finished[next_release]) pool.release(next_release++);
    }
  }
  pool.end();
  for (size_t j = 0; j < runs.size(); ++j) add_crash_findings(crashes[j], results[j]);
  return results;
}

size_t merge_run_states(const Api& api, const RandomResult& run, StateStore& into) {
  if (!run.store) return 0;
  const StateStore& from = *run.store;
  std::vector<Fingerprint> fps(from.state_count());
  from.for_each_fingerprint([&](const Fingerprint& fp, uint32_t id) { fps[id] = fp; });
  std::vector<uint32_t> state_map(from.state_count(), UINT32_MAX), sequence_map(from.sequence_count(), UINT32_MAX);
  std::vector<ArgRef> args;
  size_t added = 0;
  for (uint32_t s = 0; s < from.state_count(); ++s) {
    if (s < run.broken.size() && run.broken[s]) continue;
    if (const uint32_t* known = into.find(fps[s])) {
      state_map[s] = *known;
      continue;
    }
    const StateRecord& rec = from.state(s);
    uint32_t& seq = sequence_map[rec.sequence];
    if (seq == UINT32_MAX) {
      const SequenceNode& node = from.sequence(rec.sequence);
      auto refs = from.args(rec.sequence, api.operations()[node.op].params.size());
      args.assign(refs.begin(), refs.end());
      bool built = true;
      for (ArgRef& a : args)
        if (!a.is_literal()) {
          built = built && state_map[a.index()] != UINT32_MAX;
          a = ArgRef::state(state_map[a.index()]);
        }
      if (!built) continue;  // made from a broken state: no sequence to rebuild it by
      seq = into.add_sequence(node.op, args);
    }
    state_map[s] = into.add_state(fps[s], seq, rec.slot, rec.cls, 0);
    ++added;
  }
  return added;
}

}  // namespace objgen::random
