#include "gen/invariant/search_worker.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "gen/invariant/class_layouts.hpp"
#include "gen/invariant/object_arena.hpp"
#include "gen/invariant/search_split.hpp"
#include "gen/invariant/space_linearizer.hpp"
#include "io/utf8_text.hpp"

namespace objgen::invariant {
namespace {

struct Lane {
  SearchContext& c;
  size_t index;
  WorkerProgress& progress;
  uint64_t counter;  // candidates this lane ran (the progress the pool watches)
  JobRegion* region;
  std::vector<ThrownFinding>* thrown;
  bool read_any = false;
  const ClassInfo& info;
  ObjectArena arena;
  Linearizer canonical;
  std::optional<SpaceLinearizer> from_vector;  // where it applies, until it differs from `canonical`
  uint64_t from_vector_runs = 0;
};

// Structures whose canonical form from the vector is checked against the objects' own: a lane's
// first ones, then one in kCheckEvery.
constexpr uint64_t kFirstChecked = 64;
constexpr uint64_t kCheckEvery = 1024;

void report_thrown(Lane& lane, uint32_t t, const std::string& what, const uint8_t* values, uint64_t at) {
  SearchMemory& m = lane.c.memory;
  if (m.task(t).findings++ >= kMaxThrownPerTask) return;
  const uint32_t fields = m.fields();
  std::string message = utf8_shorten(what, 1000);
  if (!lane.region) {
    lane.thrown->push_back({t, {Outcome::Failure, message, {values, values + fields}, at}});
    return;
  }
  if (m.lane(lane.index).findings++ >= kMaxRecordsPerLane) return;
  CandidateRecord r{at, static_cast<uint8_t>(Outcome::Failure)};
  r.subject = t;
  lane.region->append(r, std::string(reinterpret_cast<const char*>(values), fields) + message, true);
}

// Hands the rest of task t back in parts when another worker waits for work; true if it did.
bool hand_back_rest(Lane& lane, uint32_t t, const CursorBlock& block) {
  SearchMemory& m = lane.c.memory;
  set_worker_phase(kPhaseSplit);
  // The lane's own objects (the task this cuts ends here; the next one writes every field): a new
  // arena per hand-back would leak what the classes' constructors allocate.
  std::vector<TaskSpec> parts =
      split_search(lane.info, lane.c.space, block, lane.c.split_target, lane.arena, {&lane.progress, &lane.counter});
  set_worker_phase(kPhaseInvariant);
  auto keep_going = [&] {  // the task goes on: its candidate back in the objects the split used
    lane.arena.write_all(block.values);
    return false;
  };
  if (parts.size() < 2) return keep_going();
  std::vector<std::pair<std::vector<uint8_t>, std::vector<uint32_t>>> specs;
  specs.reserve(parts.size());
  for (TaskSpec& p : parts) specs.emplace_back(std::move(p.values), std::move(p.prefix));
  uint32_t first = m.add_tasks(specs);
  if (first == SearchMemory::kNoTask) return keep_going();
  TaskSlot& slot = m.task(t);
  slot.first_part = first;
  slot.part_count = static_cast<uint32_t>(specs.size());
  slot.state.store(kTaskSplit);
  return true;
}

// The invariant read past a vector's length (kept reads too: this call made them again): its
// answer rests on memory no object holds, a finding; the candidate counts as rejected.
bool reported_read_past(Lane& lane, uint32_t t, const CandidateCursor& cursor, const CursorBlock& block, uint64_t explored) {
  int64_t past = cursor.read_past_length(0);
  if (past < 0) return false;
  const FieldSpace& space = lane.c.space;
  const uint32_t f = static_cast<uint32_t>(past), length = f - 1 - static_cast<uint32_t>(space.fields[f].element);
  report_thrown(lane, t,
                "the invariant read " + space.field_name(f) + ", past the vector's length " +
                    space.value_text(length, block.values[length]) + " (outside the object: undefined behaviour)",
                block.values, explored);
  return true;
}

// A valid candidate's fingerprint: from its vector where that applies (and agrees with the
// objects' linearization when checked), else from its objects. True when the invariant read every
// field the root reaches (Korat's rule then adds none).
bool fingerprint_structure(Lane& lane, uint32_t t, const CursorBlock& block, Fingerprint& fp) {
  const FieldSpace& space = lane.c.space;
  if (lane.from_vector) {
    const bool all_read = lane.from_vector->run(block.values, block.seen);
    fp = lane.from_vector->fingerprint();
    const uint64_t n = lane.from_vector_runs++;
    if (n >= kFirstChecked && n % kCheckEvery != 0) return all_read;
    if (lane.canonical.run(space.root, lane.arena.root()) && std::ranges::equal(lane.canonical.words(), lane.from_vector->words()))
      return all_read;
    lane.from_vector.reset();  // it differs: the objects' linearization from now on
  }
  fp = {};
  if (lane.canonical.run(space.root, lane.arena.root()))
    fp = lane.canonical.fingerprint(space.root);
  else
    ++lane.c.memory.task(t).out_of_scope;
  return false;
}

// A valid candidate's state goes to the task's output (false: the output is full).
bool append_state(Lane& lane, uint32_t t, const CursorBlock& block, CandidateCursor& cursor) {
  set_worker_phase(kPhaseCanonical);
  Fingerprint fp{};
  const bool all_read = fingerprint_structure(lane, t, block, fp);
  if (!lane.c.memory.append(t, block.values, fp)) return false;
  if (!all_read) cursor.add_unread_reachable_fields();
  return true;
}

// The task's first candidate: its reads (with the unread fields a valid one adds) must begin
// with the prefix the split saw, in order.
bool reads_follow_prefix(SearchMemory& m, uint32_t t, const TaskSlot& slot, const CursorBlock& block) {
  const uint32_t* prefix = m.prefix(t);
  return block.depth >= slot.prefix_length && std::equal(prefix, prefix + slot.prefix_length, block.read);
}

// Runs task t to the end of its stretch (or hands its rest back).
void run_task(Lane& lane, uint32_t t, bool resumed) {
  SearchMemory& m = lane.c.memory;
  const FieldSpace& space = lane.c.space;
  TaskSlot& slot = m.task(t);
  CursorBlock& block = m.block(t);
  if (resumed && slot.state.load() != kTaskResumeAtCursor) return;  // nothing after the culprit
  if (!resumed) {
    block.clear();
    std::memcpy(block.values, m.values(t), m.fields());
  }
  CandidateCursor cursor(space, block);
  lane.arena.write_all(block.values);
  cover::LoadTrace trace = lane.arena.trace(block);
  uint64_t explored = slot.explored.load();
  slot.state.store(kTaskRunning);
  for (;;) {
    lane.progress.store(lane.counter++, std::memory_order_relaxed);
    set_worker_phase(kPhaseInvariant);
    bool valid = false;
    const uint32_t depth_before = block.depth;  // fields kept from earlier candidates
    std::string threw = call_invariant(lane.info, lane.arena, trace, valid);
    lane.read_any = lane.read_any || block.depth > depth_before;
    if (!threw.empty()) report_thrown(lane, t, threw, block.values, explored);
    if (reported_read_past(lane, t, cursor, block, explored)) valid = false;
    if (std::string alarm = lane.arena.take_alarm(space, block.values); !alarm.empty()) {
      report_thrown(lane, t, alarm, block.values, explored);
      valid = false;
    }
    bool first_of_task = explored++ == 0;
    slot.explored.store(explored, std::memory_order_relaxed);
    if (valid && !append_state(lane, t, block, cursor)) return slot.state.store(kTaskOutputFull);
    if (first_of_task) {
      if (!reads_follow_prefix(m, t, slot, block)) {
        report_thrown(lane, t,
                      "the invariant read other fields of the same candidate than before (it is not deterministic); the rest of this part "
                      "of the search is skipped",
                      block.values, explored - 1);
        break;
      }
      block.frozen = slot.prefix_length;
    }
    if (!cursor.advance()) break;
    if ((explored & 1023) == 0 && !slot.no_yield && lane.region && m.someone_waits() && m.queue_empty() && hand_back_rest(lane, t, block))
      return;
    lane.arena.write(block.values, cursor.changed());
  }
  slot.state.store(kTaskDone);
}

}  // namespace

bool run_lane(SearchContext& c, size_t lane_index, uint64_t first, WorkerProgress& progress, JobRegion* region,
              std::vector<ThrownFinding>* thrown) {
  set_worker_phase(kPhaseSetup);
  progress.store(first, std::memory_order_relaxed);  // default constructors run next: one that hangs is seen
  // The classes the pointers reach, registered in the order the layouts were read (class ids are
  // per process), and checked to be what objgen was told.
  if (encode_class_layouts(read_class_layouts(c.space.root)) != c.layouts)
    throw std::runtime_error("the classes' layouts differ between two workers");
  // The canonical forms' scope: every object of a class (the root's class may have one more) and
  // every element of the longest vector.
  uint32_t largest = 1;
  for (const SpaceClass& k : c.space.classes) largest = std::max(largest, k.count + 1);
  for (const SpaceField& f : c.space.fields) largest = std::max(largest, f.elements);
  Lane lane{c,
            lane_index,
            progress,
            first,
            region,
            thrown,
            false,
            *c.api.find_class(c.space.root),
            ObjectArena(c.space),
            Linearizer(largest, c.omit),
            {},
            0};
  if (SpaceLinearizer::applies(c.space, c.omit != nullptr)) lane.from_vector.emplace(c.space);
  LaneSlot& slot = c.memory.lane(lane_index);
  uint32_t t = slot.task.load();
  if (first > 0 && t != SearchMemory::kNoTask && t < c.memory.task_count()) {
    run_task(lane, t, true);
    slot.task.store(SearchMemory::kNoTask);
    c.memory.task_finished();
  }
  while ((t = c.memory.take_task(progress)) != SearchMemory::kNoTask) {
    lane.counter = progress.load() + 1;
    slot.task.store(t);
    run_task(lane, t, false);
    slot.task.store(SearchMemory::kNoTask);
    c.memory.task_finished();
  }
  if (region && lane.read_any) {
    CandidateRecord r{};
    r.flags = kReadsRecord;
    region->append(r, "");
  }
  return lane.read_any;
}

}  // namespace objgen::invariant
