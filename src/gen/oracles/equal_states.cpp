#include "gen/oracles/equal_states.hpp"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <unordered_map>

#include "exec/run_deadline.hpp"
#include "exec/sequence.hpp"
#include "exec/worker_pool.hpp"
#include "io/byte_stream.hpp"

namespace objgen::oracles {

namespace {

enum class Ending : uint8_t { Grouped = 0, OverBudget = 1, OneWay = 2 };

// a == b, false when it refuses (a subclass would slice) or throws.
bool equal(const ClassVTable& v, const Object& a, const Object& b) {
  bool result = false;
  try {
    return v.equals(a.get(), b.get(), &result) && result;
  } catch (...) {
    return false;
  }
}

// std::hash of the object, 0 when the class has none, refuses or throws (the bucket of all such).
size_t hash_of(const ClassVTable& v, const Object& o) {
  size_t h = 0;
  try {
    if (!v.hash || !v.hash(o.get(), &h)) return 0;
  } catch (...) {
    return 0;
  }
  return h;
}

// The groups as the worker finds them: each state joins the first group whose first state is
// equal to it both ways, or starts one.
class Grouping {
 public:
  Grouping(const ClassVTable& v, uint64_t max_comparisons) : v_(v), max_comparisons_(max_comparisons) {}

  // The group of o (a state rebuilt; null when its rebuild failed: a group of its own). Stops
  // (Grouped no more) when the comparisons run out or == holds one way only: no equivalence.
  Ending place(const Object& o, uint32_t& group) {
    std::vector<uint32_t>& candidates = buckets_[o && v_.hash ? hash_of(v_, o) : 0];
    for (size_t k = 0; o && k < candidates.size(); ++k) {
      uint32_t g = candidates[k];
      if (!firsts_[g]) continue;
      if ((comparisons_ += 2) > max_comparisons_) return Ending::OverBudget;
      bool forth = equal(v_, o, firsts_[g]), back = equal(v_, firsts_[g], o);
      group = g;
      if (forth != back) return Ending::OneWay;
      if (forth) return Ending::Grouped;
    }
    group = static_cast<uint32_t>(firsts_.size());
    firsts_.push_back(o);
    candidates.push_back(group);
    return Ending::Grouped;
  }
  uint64_t comparisons() const { return comparisons_; }

 private:
  const ClassVTable& v_;
  uint64_t max_comparisons_;
  std::vector<Object> firsts_;
  std::unordered_map<size_t, std::vector<uint32_t>> buckets_;  // by hash (all in 0 without std::hash)
  uint64_t comparisons_ = 0;
};

// In the worker: every state rebuilt in turn and placed; the groups as bytes.
std::string group_in_worker(const Api& api, const FoundStates& found, uint64_t max_comparisons, WorkerProgress& progress) {
  const std::vector<uint32_t>& states = found.target_states();
  Replayer replayer(api, found.store, found.domain);
  Grouping grouping(class_vtable(found.target), max_comparisons);
  std::vector<uint32_t> group_of(states.size());
  Ending ending = Ending::Grouped;
  std::array<uint64_t, 2> one_way{};  // the state and the group where == held one way only
  for (size_t i = 0; i < states.size() && ending == Ending::Grouped; ++i) {
    progress.store(i, std::memory_order_relaxed);
    Object o;
    try {
      o = replayer.build(states[i]);
    } catch (...) {  // its sequence did not rebuild it: a group of its own
    }
    ending = grouping.place(o, group_of[i]);
    if (ending == Ending::OneWay) one_way[0] = i, one_way[1] = group_of[i];
  }
  ByteWriter w;
  w.put(ending);
  w.put(grouping.comparisons());
  w.put(one_way);
  if (ending == Ending::Grouped) w.put_raw(group_of.data(), group_of.size() * sizeof(uint32_t));
  return w.take();
}

// The worker's bytes read back, checked: what the code under test could have written over is
// never trusted (groups are numbered in the order they start).
void read_groups(const std::string& bytes, const std::vector<uint32_t>& states, const EqualStatesOptions& options, EqualStates& out) {
  ByteReader r(bytes);
  auto ending = r.get<uint8_t>();
  out.comparisons = r.get<uint64_t>();
  auto one_way = r.get<std::array<uint64_t, 2>>();
  if (ending == static_cast<uint8_t>(Ending::OverBudget)) {
    out.why_not =
        fmt::format("more than {} comparisons with operator== (the class has no std::hash to narrow them)", options.max_comparisons);
    return;
  }
  if (ending == static_cast<uint8_t>(Ending::OneWay)) {  // numbers for people: nothing is indexed with them
    out.why_not = fmt::format(
        "operator== is not symmetric: it held one way only between state {} found and the first state of group {}, so it "
        "is no equivalence to group by",
        one_way[0] + 1, one_way[1] + 1);
    return;
  }
  if (ending != static_cast<uint8_t>(Ending::Grouped) || r.left() != states.size() * sizeof(uint32_t))
    throw std::runtime_error("the worker's answer is damaged");
  out.group_of.resize(states.size());
  r.get_raw(out.group_of.data(), states.size() * sizeof(uint32_t));
  for (size_t i = 0; i < states.size(); ++i) {
    if (out.group_of[i] > out.representatives.size()) throw std::runtime_error("the worker's answer is damaged");
    if (out.group_of[i] == out.representatives.size()) out.representatives.push_back(states[i]);
  }
  out.grouped = true;
}

}  // namespace

EqualStates group_equal_states(const Api& api, const FoundStates& found, const EqualStatesOptions& options) {
  EqualStates out;
  const ClassVTable& v = class_vtable(found.target);
  if (!v.equals) {
    out.why_not = "the class has no operator==";
    return out;
  }
  out.by_hash = v.hash != nullptr;
  const std::vector<uint32_t>& states = found.target_states();
  auto start = std::chrono::steady_clock::now();
  ChildOptions child;
  child.code_under_test_loader = api.worker_setup();
  child.memory_limit_bytes = options.worker_memory_limit_bytes;
  WorkerPool pool(1, options.isolate, options.call_timeout_seconds, 2, states.size() * sizeof(uint32_t) + 64, child);
  pool.begin(
      1, [](size_t) { return uint64_t{0}; },
      [&](size_t, uint64_t, JobRegion& region, WorkerProgress& progress) {
        region.append(CandidateRecord{}, group_in_worker(api, found, options.max_comparisons, progress), true);
      });
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  bool ended = false;
  while (!ended && out.why_not.empty()) {
    if (options.interrupted && options.interrupted->load()) out.why_not = "interrupted";
    if (run_deadline_passed()) out.why_not = "objgen's time limit ended first";
    if (seconds() > options.max_seconds) out.why_not = fmt::format("it took longer than {:g} s", options.max_seconds);
    for (const WorkerPool::Event& ev : pool.wait(0.25)) {
      ended = true;
      if (ev.kind != WorkerPool::Event::Done) {
        out.why_not = fmt::format("the worker {} while rebuilding, comparing or destroying state {} of {}: {}",
                                  ev.kind == WorkerPool::Event::Crashed ? "died" : "hung", ev.at + 1, states.size(), ev.what);
      } else if (JobRegion& region = pool.region(0); region.record_count() == 1) {
        try {
          read_groups(region.text(region.record(0)), states, options, out);
        } catch (const std::exception& e) {
          out = EqualStates{};
          out.why_not = std::string("the code under test wrote over the grouping's memory: ") + e.what();
        }
      } else {
        out.why_not = "the code under test wrote over the grouping's memory";
      }
    }
  }
  pool.end();
  out.seconds = seconds();
  return out;
}

}  // namespace objgen::oracles
