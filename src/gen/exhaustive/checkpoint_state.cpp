// The engine's state in a checkpoint (checkpoint.hpp): saved after an iteration, loaded to
// resume, and every loaded id checked before anything follows it.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gen/exhaustive/exhaustive_impl.hpp"

namespace objgen::exhaustive {

using namespace detail;

namespace {

constexpr uint64_t kStateMagic = 0x316b6f6e656774ull;       // "tgenok1"
constexpr uint64_t kSplitStateMagic = 0x736b6f6e656774ull;  // "tgenoks": records in the rank files

}  // namespace

void ExhaustiveGenerator::Impl::save_checkpoint(const CheckpointDir& dir, CheckpointManifest& manifest, bool complete) {
  manifest.iteration = plan.iteration;
  manifest.complete = complete;
  std::string sum = dir.write_shard(plan.iteration, my_shard, shards, [&](ByteWriter& w) {
    result.store.save_fingerprints(w);
    if (!records_split) return;
    uint64_t held = result.store.held_bytes();  // this rank's records follow, as a string
    w.put(held);
    size_t before = w.written();
    result.store.save_held(w);
    if (w.written() - before != held) throw std::logic_error("objgen: StateStore::held_bytes is not what save_held wrote");
  });
  manifest.shard_checksums = opt.cluster ? opt.cluster->gather_all(sum) : std::vector<std::string>{sum};
  if (!opt.cluster || opt.cluster->rank() == 0) dir.write(manifest, [&](ByteWriter& w) { save_state(w); });
  if (opt.cluster) opt.cluster->barrier();  // a rank killed after this resumes from here
}

void ExhaustiveGenerator::Impl::save_state(ByteWriter& w) const {
  w.put<uint64_t>(records_split ? kSplitStateMagic : kStateMagic);
  w.put<int32_t>(plan.iteration);
  w.put(result.explored);
  w.put_string(stop_reason_name(result.stopped_by));
  if (records_split) {
    w.put<uint32_t>(shared_states);  // the homes of later states depend on it
    result.store.save_index(w);
  } else {
    result.store.save_records(w);
  }
  w.put<uint64_t>(result.findings.size());
  for (const Finding& f : result.findings) {
    w.put(static_cast<uint8_t>(f.kind));
    w.put_string(f.message);
    w.put(f.op);
    w.put<uint64_t>(f.args.size());
    for (ArgRef a : f.args) w.put(a);
    w.put<int32_t>(f.slot);
    w.put<uint8_t>(f.in_copy);
    w.put<uint8_t>(f.reproducible);
    w.put(f.iteration);
  }
  w.put<uint64_t>(book.reported_states.size());
  book.reported_states.for_each([&](const Fingerprint& fp, uint32_t) { w.put(fp); });
  w.put<uint64_t>(book.reported_nondeterministic.size());
  for (uint32_t s : book.reported_nondeterministic) w.put(s);
  w.put<uint64_t>(book.reported_calls.size());
  for (const auto& [key, at] : book.reported_calls) {
    w.put(key.first);
    w.put_string(key.second);
    w.put<uint64_t>(at);
  }
  w.put<uint64_t>(plan.failed_literal_calls.size());
  for (const auto& [op, idx] : plan.failed_literal_calls) {
    w.put(op);
    w.put(idx);
  }
  w.put<uint64_t>(plan.clone_ok.size());
  for (size_t c = 0; c < plan.clone_ok.size(); ++c) {
    w.put(plan.clone_ok[c]);
    w.put(lessons.clone_learned[c]);
    w.put(lessons.copy_check_crashed[c]);
    w.put(lessons.copy_crashed[c]);
  }
}

void ExhaustiveGenerator::Impl::load_state(const CheckpointDir& dir, const CheckpointManifest& manifest) {
  std::string bytes = dir.read_state(manifest);
  try {
    ByteReader r(bytes);
    uint64_t magic = r.get<uint64_t>();
    if (magic != kStateMagic && magic != kSplitStateMagic) throw std::runtime_error("not an objgen checkpoint state");
    const bool split = magic == kSplitStateMagic;
    int saved = r.get<int32_t>();
    if (saved != manifest.iteration) throw std::runtime_error("of iteration " + std::to_string(saved));
    result.iterations = saved;
    result.resumed_after = saved;
    result.explored = r.get<uint64_t>();
    std::optional<StopReason> stopped = stop_reason_named(r.get_string());
    if (!stopped) throw std::runtime_error("an unknown stop reason");
    result.stopped_by = *stopped;
    // Split records resume split on as many ranks as wrote them (each rank reads its own);
    // alone or on another number of ranks (homes depend on it) every rank takes every record.
    const bool mine_only = split && records_split && manifest.shard_checksums.size() == shards;
    if (!mine_only) hold_every_record();
    if (split) {
      shared_states = r.get<uint32_t>();
      if (!mine_only) result.store.hold_only_some();  // until densified from every rank's file
      result.store.load_index(r);
    } else {
      result.store.load_records(r);
    }
    load_findings(r);
    load_learned(r);
    if (!r.done()) throw std::runtime_error("longer than what it holds");
    load_fingerprints(dir, manifest, split, mine_only);
    check_loaded_ids();
  } catch (const CheckpointError&) {
    throw;  // names its file already
  } catch (const std::runtime_error& e) {
    throw CheckpointError("the checkpoint of iteration " + std::to_string(manifest.iteration) + " in " + opt.checkpoint_dir +
                          " is damaged (" + e.what() + ")");
  }
}

// The findings of a checkpoint's state (load_state).
void ExhaustiveGenerator::Impl::load_findings(ByteReader& r) {
  uint64_t findings = r.get<uint64_t>();
  for (uint64_t i = 0; i < findings; ++i) {
    Finding f;
    f.kind = static_cast<Outcome>(r.get<uint8_t>());
    f.message = r.get_string();
    f.op = r.get<uint32_t>();
    if (f.op >= api.operations().size()) throw std::runtime_error("a finding of an operation the API lacks");
    uint64_t args = r.get<uint64_t>();
    if (args != api.operations()[f.op].params.size()) throw std::runtime_error("a finding with a wrong argument count");
    for (uint64_t a = 0; a < args; ++a) f.args.push_back(r.get<ArgRef>());
    f.slot = r.get<int32_t>();
    f.in_copy = r.get<uint8_t>();
    f.reproducible = r.get<uint8_t>();
    f.iteration = r.get<uint16_t>();
    result.findings.push_back(std::move(f));
  }
}

// What the parent had reported and learned by the checkpoint's iteration (load_state).
void ExhaustiveGenerator::Impl::load_learned(ByteReader& r) {
  for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) book.reported_states.insert(r.get<Fingerprint>(), 0);
  for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) book.reported_nondeterministic.insert(r.get<uint32_t>());
  for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) {
    uint32_t op = r.get<uint32_t>();
    std::string what = r.get_string();
    book.reported_calls.emplace(std::make_pair(op, std::move(what)), r.get<uint64_t>());
  }
  for (uint64_t i = 0, n = r.get<uint64_t>(); i < n; ++i) {
    uint32_t op = r.get<uint32_t>();
    plan.failed_literal_calls.emplace(op, r.get<uint64_t>());
  }
  if (r.get<uint64_t>() != plan.clone_ok.size()) throw std::runtime_error("made with another set of classes");
  for (size_t c = 0; c < plan.clone_ok.size(); ++c) {
    plan.clone_ok[c] = r.get<int8_t>();
    lessons.clone_learned[c] = r.get<int8_t>();
    lessons.copy_check_crashed[c] = r.get<int8_t>();
    lessons.copy_crashed[c] = r.get<int8_t>();
  }
}

// Every rank reads every rank's file (the run may resume on another number of ranks) and keeps
// its own share; together the files hold one fingerprint per state. Split records follow a
// rank's fingerprints in its file: this rank's own (mine_only), or every rank's, densified.
void ExhaustiveGenerator::Impl::load_fingerprints(const CheckpointDir& dir, const CheckpointManifest& manifest, bool split,
                                                  bool mine_only) {
  size_t read = 0;
  std::vector<bool> listed(result.store.state_count());  // so that no state lacks one
  std::vector<StateStore> donors;
  donors.reserve(manifest.shard_checksums.size());
  for (size_t shard = 0; shard < manifest.shard_checksums.size(); ++shard) {
    std::string bytes = dir.read_shard(manifest, shard);
    ByteReader r(bytes);
    read += result.store.load_fingerprints(r, [&](const Fingerprint& fp, uint32_t id) {
      if (listed[id]) throw std::runtime_error("a state with two fingerprints");
      listed[id] = true;
      return owns(fp);
    });
    if (split) {
      std::string_view held = r.get_view();
      if (!mine_only) donors.emplace_back().hold_only_some();
      if (!mine_only || shard == my_shard) load_rank_records(held, mine_only ? result.store : donors.back());
    }
    if (!r.done()) throw std::runtime_error("a fingerprint file longer than what it holds");
  }
  if (read != result.store.state_count())
    throw std::runtime_error(std::to_string(result.store.state_count()) + " states and " + std::to_string(read) + " fingerprints");
  if (split && !mine_only) densify_from(donors);
}

void ExhaustiveGenerator::Impl::load_rank_records(std::string_view bytes, StateStore& into) const {
  ByteReader r(bytes);
  into.load_held(r);
  if (!r.done()) throw std::runtime_error("a rank's records longer than what they hold");
  if (into.state_count() != result.store.state_count()) throw std::runtime_error("a rank's records of another number of states");
}

// Split records resumed by another number of ranks (or alone): every record, from the rank
// files that hold it.
void ExhaustiveGenerator::Impl::densify_from(const std::vector<StateStore>& donors) {
  result.store.densify(static_cast<uint32_t>(result.store.state_count()), params_of_op, [&](uint32_t id) {
    for (const StateStore& d : donors)
      if (d.holds(id)) return d.call_of(id, params_of_op);
    throw std::runtime_error("state " + std::to_string(id) + " in no rank's records");
  });
  result.store.densify_done();
}

// Every rank keeps every record from now on (a checkpoint that does not split them like this run).
void ExhaustiveGenerator::Impl::hold_every_record() {
  if (!records_split) return;
  records_split = false;
  result.records_split = false;
  result.store = StateStore();
  result.store.keep_check_values();
}

// Every id in a loaded store names something that exists, and calls only take states found
// before them (replaying follows those links recursively): the checksum only tells a damaged
// file from the one written, and a file made by hand must not index past an array either.
void ExhaustiveGenerator::Impl::check_loaded_ids() const {
  const StateStore& st = result.store;
  size_t classes = registered_class_count();
  for (uint32_t q = 0; q < st.sequence_count(); ++q) {
    uint32_t op = st.sequence(q).op;
    if (op >= api.operations().size()) throw std::runtime_error("a call of an operation the API lacks");
    size_t params = api.operations()[op].params.size();
    if (!st.args_in_pool(q, params)) throw std::runtime_error("a call whose arguments are missing");
  }  // their arguments are checked below, against the states the calls built
  for (uint32_t id = 0; id < st.state_count(); ++id) {
    if (!st.holds(id)) continue;  // split records: another rank's
    const StateRecord& rec = st.state(id);
    if (rec.sequence >= st.sequence_count()) throw std::runtime_error("a state without its sequence");
    if (rec.cls >= classes) throw std::runtime_error("a state of a class the API lacks");
    const SequenceNode& seq = st.sequence(rec.sequence);
    const Operation& op = api.operations()[seq.op];
    bool object_slot = rec.slot == kResultSlot
                           ? op.result.is_object()
                           : rec.slot < op.params.size() && op.params[rec.slot].is_object() && !op.params[rec.slot].consumed();
    if (!object_slot) throw std::runtime_error("a state in a place of its call that holds no object");
    if (op.params.empty()) continue;
    const ArgRef* args = st.args(rec.sequence, op.params.size()).data();
    check_loaded_args(seq.op, args, id, "a call");
    for (size_t i = 0; i < op.params.size(); ++i)  // a home holds every call its states were built by
      if (op.params[i].is_object() && !st.holds(args[i].index()))
        throw std::runtime_error("a rank's state built on a state it does not hold");
  }
  for (const Finding& f : result.findings) {
    if (f.slot < -1 || f.slot >= static_cast<int>(api.operations()[f.op].params.size()))
      throw std::runtime_error("a finding about a parameter its call lacks");
    check_loaded_args(f.op, f.args.data(), UINT32_MAX, "a finding");
  }
}

// Object arguments must be states below `before` (the state the call built, if known).
void ExhaustiveGenerator::Impl::check_loaded_args(uint32_t op, const ArgRef* args, uint32_t before, const char* what) const {
  const Operation& o = api.operations()[op];
  uint32_t limit = std::min<uint32_t>(before, static_cast<uint32_t>(result.store.state_count()));
  for (size_t i = 0; i < o.params.size(); ++i) {
    bool ok = o.params[i].is_object() ? !args[i].is_literal() && args[i].index() < limit
                                      : args[i].is_literal() && args[i].index() < opt.domain.of(o.params[i]).size();
    if (!ok) throw std::runtime_error(std::string(what) + " with an argument that names nothing before it");
  }
}

}  // namespace objgen::exhaustive
