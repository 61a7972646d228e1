// Distributed rounds (options.cluster): jobs shared out over the ranks, the owners' decisions on
// which states are first, every rank's records exchanged and merged in order, and rank 0
// gathering split records at the end (exhaustive.hpp, docs/DISTRIBUTED.md).
#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exec/checked_heap.hpp"
#include "gen/exhaustive/exhaustive_impl.hpp"

namespace objgen::exhaustive {

using namespace detail;

namespace {

// Whether the other ranks need a record: a state a job found new to it is sent only when the
// owners said it is the first of the iteration; a copy check, even when it is not (what the
// checked object's state was does not change what its class's copies do).
bool worth_sending(const CandidateRecord& r) {
  return static_cast<Outcome>(r.kind) != Outcome::Normal || r.new_mask != 0 || r.copy_checked != 0;
}

// The answers to every rank's questions about this rank's fingerprints, one byte each, in the
// order asked: sealed (found in an earlier iteration), found earlier in this one (an earlier
// round, or a smaller position in this round), or the first.
constexpr char kSealed = 0, kFoundEarlier = 1, kFirst = 2;

void add_part(PackedJob& whole, PackedJob&& part, uint32_t parts_before) {
  if (parts_before == 0) {
    whole = std::move(part);
    return;
  }
  whole.explored += part.explored;
  whole.records.insert(whole.records.end(), part.records.begin(), part.records.end());
  whole.texts.insert(whole.texts.end(), std::make_move_iterator(part.texts.begin()), std::make_move_iterator(part.texts.end()));
  whole.crashes.insert(whole.crashes.end(), std::make_move_iterator(part.crashes.begin()), std::make_move_iterator(part.crashes.end()));
}

// The parts of a job, one rank's after another, as one rank running it all would have written
// them (a candidate's records come from the one rank that ran it, in their order).
void in_position_order(PackedJob& p) {
  std::vector<uint32_t> order(p.records.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return p.records[a].candidate < p.records[b].candidate; });
  std::vector<CandidateRecord> records;
  std::vector<std::string> texts;
  records.reserve(order.size());
  texts.reserve(order.size());
  for (uint32_t i : order) {
    records.push_back(p.records[i]);
    texts.push_back(std::move(p.texts[i]));
  }
  p.records = std::move(records);
  p.texts = std::move(texts);
}

// What comes next in a rank's bytes of a round: a job, or what the rank learned (put_learned).
constexpr uint8_t kLearned = 1, kJob = 0;

}  // namespace

// One of several ranks: job j runs on rank j mod ranks (split records: every rank runs its share
// of every job, runs_here), on this rank's workers for the whole iteration (their caches of live
// objects stay warm). Jobs are exchanged in rounds of a few per rank: once this rank's jobs of a
// round are done, the owners decide which states are first (ask_owners), the ranks all-gather
// the round's records and every rank merges all of them in order, while the workers go on with
// the next round's jobs. So every rank numbers the states alike; rounds bound the records in
// flight and let a stop on any rank (time limit, interrupt, memory) end the run on all of them
// after the same job.
std::optional<StopReason> ExhaustiveGenerator::Impl::run_rounds(WorkerPool& pool, Tick& tick) {
  const size_t k = static_cast<size_t>(ranks()), me = static_cast<size_t>(opt.cluster->rank());
  const size_t round = k * static_cast<size_t>(std::max(4, 4 * most_rank_workers));
  const size_t rounds = (plan.jobs.size() + round - 1) / round;
  std::vector<size_t> mine;  // split records: every job, of which this rank runs its share
  for (size_t j = records_split ? 0 : me; j < plan.jobs.size(); j += records_split ? 1 : k) mine.push_back(j);
  size_t next_round = 0;
  std::optional<StopReason> agreed;
  std::vector<PackedJob> held;  // this rank's jobs of the round, until the owners answered
  ByteWriter out;
  // Every rank calls this once per round, in order (it is a collective).
  auto exchange = [&](std::optional<StopReason> mine_stop) {
    size_t first = next_round * round, last = std::min(plan.jobs.size(), first + round);
    ++next_round;
    ask_owners(held);
    for (const PackedJob& p : held) {
      out.put(kJob);
      pack_job(out, p, worth_sending);
    }
    held.clear();
    out.put(kLearned);
    put_learned(out);
    result.sent_bytes += out.bytes().size();
    ++result.rounds;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<std::string> from = opt.cluster->gather_all(out.take());
    auto t1 = std::chrono::steady_clock::now();
    bool whole = merge_round(from, first, last);
    result.exchange_seconds += std::chrono::duration<double>(t1 - t0).count();
    result.merge_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    agreed = agreed_stop(whole || mine_stop ? mine_stop : StopReason::RankStopped);
    report(tick, plan.frontier_size());
    return !agreed;
  };
  std::optional<StopReason> why = run_jobs(pool, mine, tick, [&](size_t i, JobRegion& region, std::vector<CrashNote>& crashes) {
    size_t j = mine[i];
    add_unconfirmed(j, crashes);
    held.push_back(read_job(j, explored_by(j, region), region, std::move(crashes)));
    attach_subjects(held.back());
    bool last_of_round = i + 1 == mine.size() || mine[i + 1] / round != j / round;
    while (last_of_round && next_round <= j / round)
      if (!exchange(std::nullopt)) return false;
    return true;
  });
  // The rounds the other ranks still expect: those with none of this rank's jobs, or all of
  // them after a stop here (its partial round tells the others to stop too).
  while (!agreed && next_round < rounds) exchange(why == StopReason::Halted ? std::nullopt : why);
  return agreed;
}

// Each state the round's jobs of this rank found new to them goes to the owner of its
// fingerprint (as its position and slot, and the fingerprint: 24 bytes), which answers whether
// it is the state's first candidate of the iteration (decide_owned); the others lose their new
// bit. Positions are unique and rounds come in order, so the first is the one a single process
// would have kept.
void ExhaustiveGenerator::Impl::ask_owners(std::vector<PackedJob>& held) {
  if (shards == 1) return;
  struct Asked {
    uint32_t job, record;
    uint8_t slot;
  };
  std::vector<std::vector<Asked>> asked(shards);
  std::vector<ByteWriter> to(shards);
  for (uint32_t h = 0; h < held.size(); ++h) {
    const Job& job = plan.jobs[held[h].job];
    for (uint32_t i = 0; i < held[h].records.size(); ++i) {
      const CandidateRecord& r = held[h].records[i];
      if (static_cast<Outcome>(r.kind) != Outcome::Normal || r.candidate < job.lo || r.candidate >= job.hi) continue;
      for (uint8_t j = 0; j < kMaxRecordSlots; ++j) {
        if (!(r.new_mask >> j & 1)) continue;
        uint32_t o = owner_of(r.fps[j]);
        asked[o].push_back({h, i, j});
        to[o].put<uint64_t>(r.candidate << 3 | j);
        to[o].put(r.fps[j]);
      }
    }
  }
  std::vector<std::string> questions(shards);
  for (uint32_t o = 0; o < shards; ++o) {
    if (o != my_shard) result.sent_bytes += to[o].bytes().size();
    questions[o] = to[o].take();
  }
  auto t0 = std::chrono::steady_clock::now();
  std::vector<std::string> from = opt.cluster->exchange(questions);
  auto t1 = std::chrono::steady_clock::now();
  std::vector<std::string> answers = decide_owned(from);
  auto t2 = std::chrono::steady_clock::now();
  for (uint32_t o = 0; o < shards; ++o)
    if (o != my_shard) result.sent_bytes += answers[o].size();
  std::vector<std::string> back = opt.cluster->exchange(answers);
  result.exchange_seconds += std::chrono::duration<double>(t1 - t0 + (std::chrono::steady_clock::now() - t2)).count();
  result.merge_seconds += std::chrono::duration<double>(t2 - t1).count();
  for (uint32_t o = 0; o < shards; ++o) {
    if (back[o].size() != asked[o].size()) throw std::runtime_error("a rank answered another number of questions");
    for (size_t q = 0; q < asked[o].size(); ++q) {
      CandidateRecord& r = held[asked[o][q].job].records[asked[o][q].record];
      auto bit = static_cast<uint8_t>(1u << asked[o][q].slot);
      if (back[o][q] != kFirst) r.new_mask &= static_cast<uint8_t>(~bit);
      if (back[o][q] == kSealed) r.copy_checked &= static_cast<uint8_t>(~bit);
    }
  }
}

std::vector<std::string> ExhaustiveGenerator::Impl::decide_owned(const std::vector<std::string>& from) const {
  std::vector<std::string> answers(shards);
  FingerprintSet first;  // fingerprint -> the question with the smallest position so far
  std::vector<uint64_t> keys;
  std::vector<std::pair<uint32_t, uint32_t>> asker;  // (rank, question)
  constexpr size_t kQuestion = sizeof(uint64_t) + sizeof(Fingerprint);
  for (uint32_t r = 0; r < shards; ++r) {
    if (from[r].size() % kQuestion != 0) throw std::runtime_error("a rank sent a malformed question");
    ByteReader in(from[r]);
    size_t n = from[r].size() / kQuestion;
    answers[r].assign(n, kFoundEarlier);
    for (uint32_t q = 0; q < n; ++q) {
      uint64_t key = in.get<uint64_t>();
      Fingerprint fp = in.get<Fingerprint>();
      if (!owns(fp)) throw std::runtime_error("a rank asked about a fingerprint this rank does not own");
      if (result.store.contains_sealed(fp)) {
        answers[r][q] = kSealed;
        continue;
      }
      if (result.store.contains_fresh(fp)) continue;  // an earlier round's
      auto at = static_cast<uint32_t>(keys.size());
      keys.push_back(key);
      asker.emplace_back(r, q);
      bool inserted = false;
      uint32_t* best = first.find_or_insert(fp, at, &inserted);
      if (!inserted && keys[*best] > key) *best = at;
    }
  }
  first.for_each([&](const Fingerprint&, uint32_t at) { answers[asker[at].first][asker[at].second] = kFirst; });
  return answers;
}

// What a rank learned about copies and failing calls in its jobs: every rank applies all of it,
// so that they all stay alike.
void ExhaustiveGenerator::Impl::put_learned(ByteWriter& w) {
  w.put<uint64_t>(lessons.copy_crashed.size());
  for (size_t c = 0; c < lessons.copy_crashed.size(); ++c) {
    w.put(lessons.copy_crashed[c]);
    w.put(lessons.copy_check_crashed[c]);
  }
  w.put<uint64_t>(lessons.failing_now.size());
  for (const auto& [op, idx] : lessons.failing_now) {
    w.put(op);
    w.put(idx);
  }
  lessons.failing_now.clear();
}

void ExhaustiveGenerator::Impl::get_learned(ByteReader& r) {
  if (r.get<uint64_t>() != lessons.copy_crashed.size()) throw std::runtime_error("ranks with different class counts");
  for (size_t c = 0; c < lessons.copy_crashed.size(); ++c) {
    lessons.copy_crashed[c] |= r.get<int8_t>();
    lessons.copy_check_crashed[c] |= r.get<int8_t>();
  }
  uint64_t n = r.get<uint64_t>();
  for (uint64_t i = 0; i < n; ++i) {
    uint32_t op = r.get<uint32_t>();
    lessons.failing_on_ranks.emplace_back(op, r.get<uint64_t>());  // this rank's own come back too
  }
}

// Merges jobs [first, last) from every rank's bytes, in order, up to the first one no rank
// finished (a rank stopped early). Returns whether all of them were there.
bool ExhaustiveGenerator::Impl::merge_round(const std::vector<std::string>& from, size_t first, size_t last) {
  std::vector<PackedJob> got(last - first);
  std::vector<uint32_t> parts(last - first, 0);  // split records: every rank sends its part of each job
  book.subject_calls.clear();
  for (const std::string& bytes : from) {
    ByteReader r(bytes);
    while (r.left() > 0) {
      if (r.get<uint8_t>() == kLearned) {
        get_learned(r);
        continue;
      }
      PackedJob p = unpack_job(r);
      if (p.job < first || p.job >= last) throw std::runtime_error("a rank sent a job of another round");
      for (SubjectCall& c : p.subjects) book.subject_calls[c.state] = std::move(c);
      add_part(got[p.job - first], std::move(p), parts[p.job - first]++);
    }
  }
  for (size_t j = first; j < last; ++j) {
    if (parts[j - first] < (records_split ? shards : 1)) return false;
    if (records_split) in_position_order(got[j - first]);
    merge_records(plan.jobs[j], got[j - first], got[j - first].crashes, got[j - first].explored);
    got[j - first] = PackedJob{};
  }
  return true;
}

// Split records: rank 0 writes every output, from every record. The ranks send theirs a range of
// ids at a time, and rank 0 takes them into its store, freeing its own as it passes them (and
// its fingerprints first: nothing after the run looks them up).
void ExhaustiveGenerator::Impl::gather_records() {
  if (!records_split) return;
  const bool root = opt.cluster->rank() == 0;
  const auto n = static_cast<uint32_t>(result.store.state_count());
  constexpr uint32_t kRange = 1u << 20;
  plan.class_states = {};  // the last plan's copy of the class lists: no more candidates
  if (root) {
    result.store.drop_fingerprints();
    return_freed_memory();
  }
  for (uint32_t lo = 0; lo < n; lo += std::min(kRange, n - lo)) {
    uint32_t hi = lo + std::min(kRange, n - lo);
    ByteWriter w;
    for (uint32_t id = std::max(lo, shared_states); !root && id < hi; ++id) {
      if (!result.store.holds(id)) continue;
      StateStore::Call c = result.store.call_of(id, params_of_op);
      w.put(id);
      w.put(c.op);
      w.put(c.slot);
      w.put(c.cls);
      for (ArgRef a : c.args) w.put(a);
    }
    // To rank 0 alone (an all-to-all with nothing for the others): all-gathered, every rank
    // received every range, K times the bytes and a range's records on every rank at once.
    std::vector<std::string> to(static_cast<size_t>(ranks()));
    to[0] = w.take();
    std::vector<std::string> from = opt.cluster->exchange(to);
    if (!root) continue;
    std::vector<std::string_view> at(hi - lo);  // each missing state's bytes
    for (const std::string& bytes : from)
      for (ByteReader r(bytes); r.left() > 0;) {
        size_t offset = bytes.size() - r.left();
        uint32_t id = r.get<uint32_t>();
        if (id < lo || id >= hi) throw std::runtime_error("a rank sent a record of another range");
        read_call(r, nullptr);
        at[id - lo] = std::string_view(bytes).substr(offset);
      }
    ArgRef args[kMaxRecordSlots];
    result.store.densify(hi, params_of_op, [&](uint32_t id) {
      if (at[id - lo].empty()) throw std::runtime_error("no rank sent the record of state " + std::to_string(id));
      ByteReader r(at[id - lo]);
      r.get<uint32_t>();
      return read_call(r, args);
    });
    return_freed_memory();  // the records passed, before the next range's arrive
  }
  if (root) result.store.densify_done();
}

// A gathered record's call, after its id (args: where its arguments go, or null to skip them).
StateStore::Call ExhaustiveGenerator::Impl::read_call(ByteReader& r, ArgRef* args) const {
  StateStore::Call c;
  c.op = r.get<uint32_t>();
  if (c.op >= params_of_op.size()) throw std::runtime_error("a rank sent a record of an operation the API lacks");
  c.slot = r.get<uint8_t>();
  c.cls = r.get<ClassId>();
  for (uint32_t a = 0; a < params_of_op[c.op]; ++a) {
    ArgRef v = r.get<ArgRef>();
    if (args) args[a] = v;
  }
  if (args) c.args = std::span<const ArgRef>(args, params_of_op[c.op]);
  return c;
}

// Before the first iteration: every rank must plan the same jobs from the same run and the
// same checkpoint, or the ranks' exchanges would not match (a hang, or records dropped).
void ExhaustiveGenerator::Impl::agree_with_ranks(const std::string& run_lines) {
  uint64_t workers[1] = {static_cast<uint64_t>(opt.workers)};
  opt.cluster->sum(workers);
  ranks_workers = static_cast<int>(workers[0]);
  uint64_t most[1] = {static_cast<uint64_t>(opt.workers)};
  opt.cluster->max(most);
  most_rank_workers = static_cast<int>(most[0]);
  uint64_t h = std::hash<std::string>{}(run_lines + "\n" + std::to_string(result.resumed_after) + " " + std::to_string(records_split) +
                                        " " + std::to_string(shared_states));
  uint64_t seen[2] = {h, ~h};
  opt.cluster->max(seen);
  if (seen[0] != h || seen[1] != ~h)
    throw CheckpointError(
        "the ranks disagree on the run (options, or the checkpoint they resumed from: " +
        std::string(opt.checkpoint_dir.empty() ? "none" : "is " + opt.checkpoint_dir + " the same directory on every node?") + ")");
}

// The first stop reason any rank has (all ranks call this at the same point).
std::optional<StopReason> ExhaustiveGenerator::Impl::agreed_stop(std::optional<StopReason> mine) {
  // Ranked: the largest code wins, so a rank that saw only that another stopped yields to the
  // one that knows why.
  static constexpr StopReason kRanked[] = {StopReason::RankStopped, StopReason::Interrupted, StopReason::TimeLimit,
                                           StopReason::MemoryLimit};
  uint64_t code[1] = {0};
  for (size_t i = 0; mine && i < std::size(kRanked); ++i)
    if (*mine == kRanked[i]) code[0] = i + 1;
  if (mine && code[0] == 0) code[0] = 1;
  opt.cluster->max(code);
  return code[0] ? std::optional<StopReason>(kRanked[code[0] - 1]) : std::nullopt;
}

}  // namespace objgen::exhaustive
