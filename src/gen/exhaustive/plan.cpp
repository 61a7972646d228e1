// Planning an iteration: its candidate spaces, the global order of their segments, and the jobs
// that cut it (ExhaustiveGenerator::Impl, exhaustive_impl.hpp).
#include <algorithm>
#include <functional>
#include <vector>

#include "gen/exhaustive/exhaustive_impl.hpp"

namespace objgen::exhaustive {

using namespace detail;

namespace {

// About this many candidates per range of receivers: a constant, so that the merge order does
// not depend on the job size or the number of workers.
constexpr uint64_t kRangeCandidates = 16384;

constexpr uint64_t kPlanCheckEvery = 1 << 16;

// Cuts the positions up to group_ends.back() into jobs of at most `size`, each ending at a group's
// end where it can; false when must_stop() said to stop first.
template <class MustStop>
bool cut_into_jobs(const std::vector<uint64_t>& group_ends, uint64_t size, std::vector<Job>& jobs, MustStop& must_stop) {
  uint64_t lo = 0, end = 0;
  for (uint64_t e : group_ends) {
    if (e - lo > size && end > lo) {  // the next range would overflow the job: close it
      jobs.push_back({lo, end});
      lo = end;
    }
    for (; e - lo > size; lo += size) {
      if (must_stop()) return false;
      jobs.push_back({lo, lo + size});
    }
    end = e;
  }
  if (end > lo) jobs.push_back({lo, end});
  return true;
}

}  // namespace

// Plans iteration `iteration`; returns why the run must stop before it could plan it all (an
// iteration over millions of states can have billions of jobs), or nothing.
std::optional<StopReason> ExhaustiveGenerator::Impl::plan_iteration(const std::function<double()>& elapsed) {
  book.unconfirmed.clear();
  book.retried.clear();
  plan.spaces.clear();
  plan.jobs.clear();
  size_t classes = registered_class_count() + 1;
  plan.class_states.assign(classes, {});
  plan.frontier_start.assign(classes, 0);
  plan.frontier_first_state = first_state_of(plan.iteration - 1);
  for (size_t c = 0; c < classes; ++c) {  // size_t: a ClassId counter would wrap at 2^16 classes
    const auto& all = result.store.states_of(static_cast<ClassId>(c));
    plan.class_states[c] = all;
    uint32_t start = static_cast<uint32_t>(all.size());
    while (start > 0 && result.store.iteration_of(all[start - 1]) == plan.iteration - 1) --start;
    plan.frontier_start[c] = start;
  }
  for (uint32_t op_index : opt.operations) {
    const Operation& op = api.operations()[op_index];
    OpSpace s;
    s.op = op_index;
    // Literal-only operations (constructors) run in every iteration, as in BEAPI: they find
    // nothing new after the first, but BEAPI's explored counts include them.
    size_t objects = op.object_param_count();
    s.semi_naive = objects > 1;
    s.literal_only = objects == 0;
    bool any_new = objects == 0;
    for (const auto& p : op.params) {
      SlotDomain d;
      if (p.is_object()) {
        d.object = true;
        d.cls = p.cls;
        uint32_t end = static_cast<uint32_t>(plan.class_states[p.cls].size());
        d.base = s.semi_naive ? 0 : plan.frontier_start[p.cls];
        d.count = end - d.base;
        any_new |= plan.frontier_start[p.cls] < end;
      } else {
        d.literal = p.literal;
        d.count = static_cast<uint32_t>(opt.domain.of(p).size());
      }
      s.total *= d.count;
      s.slots.push_back(d);
    }
    if (s.total == 0 || !any_new) continue;
    plan.spaces.push_back(std::move(s));
  }
  return plan_jobs(elapsed);
}

// The first state found in `it` or later (states are added in the order of their iterations).
uint32_t ExhaustiveGenerator::Impl::first_state_of(int it) const {
  uint32_t lo = 0, hi = static_cast<uint32_t>(result.store.state_count());
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (result.store.iteration_of(mid) < it)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// The order in which candidates are merged (which fixes each state's recorded sequence): first
// the literal-only spaces, then, per receiver class, ranges of receivers with every operation
// on each range before the next range (so that one worker rebuilds a receiver once for all its
// operations), then the other spaces. The ranges depend on nothing but the plan, so the order
// is the same for any number of workers; jobs cut it into pieces that keep every worker busy,
// at range boundaries where they can. Planning too checks the run's limits, every
// kPlanCheckEvery pieces, except in a cluster, where every rank must plan the same jobs.
std::optional<StopReason> ExhaustiveGenerator::Impl::plan_jobs(const std::function<double()>& elapsed) {
  plan.segments.clear();
  uint64_t pieces = 0;
  std::optional<StopReason> why;
  auto must_stop = [&] {
    if (!opt.cluster && ++pieces % kPlanCheckEvery == 0 && !why) why = stop_reason(elapsed());
    return why.has_value();
  };
  plan.receiver_range = 0;
  std::vector<uint64_t> group_ends;  // positions where a range (or a whole space) ends
  uint64_t pos = 0;
  auto add = [&](uint32_t space, uint64_t lo, uint64_t hi) {
    if (lo == hi) return;
    plan.segments.push_back({space, lo, hi, pos});
    pos += hi - lo;
  };
  for (uint32_t i = 0; i < plan.spaces.size(); ++i)
    if (plan.spaces[i].literal_only) {
      add(i, 0, plan.spaces[i].total);
      group_ends.push_back(pos);
    }
  for (size_t c = 0; c < plan.class_states.size(); ++c) {
    std::vector<uint32_t> led;
    uint64_t per_receiver = 0;
    for (uint32_t i = 0; i < plan.spaces.size(); ++i)
      if (plan.receiver_led(plan.spaces[i]) && plan.spaces[i].slots[0].cls == c) {
        led.push_back(i);
        per_receiver += plan.spaces[i].total / plan.spaces[i].slots[0].count;
      }
    if (led.empty()) continue;
    uint64_t receivers = plan.spaces[led[0]].slots[0].count;
    uint64_t range = std::max<uint64_t>(1, kRangeCandidates / std::max<uint64_t>(1, per_receiver));
    plan.receiver_range = std::max(plan.receiver_range, std::min(range, receivers));
    for (uint64_t r = 0; r < receivers; r += range) {
      if (must_stop()) return why;
      for (uint32_t i : led) {
        uint64_t inner = plan.spaces[i].total / receivers;
        add(i, r * inner, std::min(r + range, receivers) * inner);
      }
      plan.segments.back().last_on_receivers = true;
      group_ends.push_back(pos);
    }
  }
  for (uint32_t i = 0; i < plan.spaces.size(); ++i)
    if (!plan.spaces[i].literal_only && !plan.receiver_led(plan.spaces[i])) {
      add(i, 0, plan.spaces[i].total);
      group_ends.push_back(pos);
    }
  uint64_t cap = std::max<uint64_t>(1, opt.job_size);  // a region holds one job at most
  uint64_t size = std::min(cap, std::max<uint64_t>(16, pos / (static_cast<uint64_t>(all_workers()) * 4)));
  return cut_into_jobs(group_ends, size, plan.jobs, must_stop) ? std::nullopt : why;
}

}  // namespace objgen::exhaustive
