#include "gen/invariant/invariant_search.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "cover/load_trace.hpp"
#include "exec/worker_pool.hpp"
#include "gen/invariant/class_layouts.hpp"
#include "gen/invariant/search_split.hpp"
#include "gen/invariant/search_worker.hpp"
#include "io/byte_stream.hpp"

namespace objgen::invariant {
namespace {

constexpr size_t kMaxTasks = 1 << 16;

// Read where the classes are real: the layouts, and with several workers the first tasks.
struct Setup {
  ClassLayouts layouts;
  std::string tasks;  // encoded; "" for one task from the first candidate
};

FieldSpace space_from(ClassId root, const Finitization& fin, const ClassLayouts& layouts) {
  return build_field_space(
      root, fin, [&](ClassId c) -> const ClassLayout* { return layouts.layouts.count(c) ? &layouts.layouts.at(c) : nullptr; },
      [&](ClassId c) { return layouts.names.count(c) ? layouts.names.at(c) : class_vtable(c).name; });
}

std::string run_setup(const Api& api, ClassId root, const Finitization& fin, size_t target_tasks, const Heartbeat& heartbeat = {}) {
  heartbeat.beat();  // default constructors run next: one that hangs is seen
  ClassLayouts layouts = read_class_layouts(root);
  ByteWriter w;
  w.put_string(encode_class_layouts(layouts));
  std::string tasks;
  if (target_tasks > 1) {
    FieldSpace space = space_from(root, fin, layouts);
    const uint32_t fields = static_cast<uint32_t>(space.fields.size());
    std::vector<uint32_t> memory(CursorBlock::bytes_for(fields) / 4 + 1);
    CursorBlock start;
    start.attach(memory.data(), fields);
    start.clear();
    ObjectArena arena(space);
    std::vector<TaskSpec> split = split_search(*api.find_class(root), space, start, target_tasks, arena, heartbeat);
    if (split.size() > 1) tasks = encode_tasks(split);
  }
  w.put_string(tasks);
  return w.take();
}

Setup setup_in_worker(const Api& api, ClassId root, const SearchOptions& options, const ChildOptions& child, size_t target_tasks) {
  std::string bytes;
  if (!options.isolate) {
    bytes = run_setup(api, root, options.finitization, target_tasks);
  } else {
    WorkerPool pool(1, true, options.call_timeout_seconds, 2, 64 << 20, child);
    pool.begin(
        1, [](size_t) { return uint64_t{0}; },
        [&](size_t, uint64_t, JobRegion& region, WorkerProgress& progress) {
          std::string out;
          uint64_t calls = 0;
          try {
            out = run_setup(api, root, options.finitization, target_tasks, {&progress, &calls});
          } catch (const std::invalid_argument&) {  // the finitization: objgen's process says so when it builds the space
            out = run_setup(api, root, options.finitization, 1);
          }
          region.append(CandidateRecord{}, out, true);
        });
    bool done = false, split_died = false;
    while (!done && !(options.interrupted && options.interrupted->load())) {
      for (const auto& ev : pool.wait(0.25)) {
        done = true;
        if (ev.kind != WorkerPool::Event::Done) {
          if (target_tasks <= 1) throw std::runtime_error("reading the classes' layouts in a worker failed: " + ev.what);
          split_died = true;  // the invariant died while the search was split: the search finds it
          break;
        }
        JobRegion& region = pool.region(0);
        if (region.record_count()) bytes = region.text(region.record(0));
      }
    }
    pool.end();
    if (split_died) return setup_in_worker(api, root, options, child, 1);
    if (!done) return {};  // interrupted
  }
  ByteReader r(bytes);
  Setup s;
  s.layouts = decode_class_layouts(r.get_string());
  s.tasks = r.get_string();
  return s;
}

// After a lane's worker died: the finding on the candidate its task ran, and the task's cursor
// moved past it (computed here from the worker's block, checked).
std::optional<ThrownFinding> after_death(SearchContext& c, size_t lane, const WorkerPool::Event& ev) {
  SearchMemory& m = c.memory;
  uint32_t t = m.lane(lane).task.load();
  if (t == SearchMemory::kNoTask) return std::nullopt;  // between tasks: the lane starts again
  if (t >= m.task_count()) throw std::runtime_error("the code under test damaged the search's memory in its worker");
  TaskSlot& slot = m.task(t);
  uint32_t state = slot.state.load();
  if (state != kTaskRunning) return std::nullopt;  // it had ended (done, split, full): the lane goes on
  if (ev.phase == kPhaseSplit) {                   // while cutting its rest into parts: it goes on from its cursor, in one piece
    slot.no_yield = 1;
    slot.state.store(kTaskResumeAtCursor);
    return std::nullopt;
  }
  // A copy, checked and stepped here: the other workers (running the code under test) share the
  // block's memory.
  const uint32_t fields = m.fields();
  CursorBlock& shared = m.block(t);
  std::vector<uint32_t> memory(CursorBlock::bytes_for(fields) / 4 + 1);
  CursorBlock block;
  block.attach(memory.data(), fields);
  block.depth = std::min(shared.depth, fields + 1);
  std::memcpy(block.values, shared.values, fields);
  std::memcpy(block.read, shared.read, std::min(block.depth, fields) * sizeof(uint32_t));
  bool sound = block.depth <= fields && slot.prefix_length <= fields;
  for (uint32_t k = 0; sound && k < fields; ++k) sound = block.values[k] < c.space.domains[c.space.fields[k].domain].size;
  std::memset(block.seen, 0, fields);
  for (uint32_t k = 0; sound && k < block.depth; ++k) sound = block.read[k] < fields && !block.seen[block.read[k]]++;
  if (!sound) throw std::runtime_error("the code under test damaged the search's memory in its worker");
  ThrownFinding f{t,
                  {ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout,
                   (ev.phase == kPhaseCanonical ? "reading the structure the invariant accepted: " : "") + ev.what,
                   {block.values, block.values + fields},
                   slot.explored.load()}};
  if (ev.phase != kPhaseCanonical) slot.explored.fetch_add(1);  // the candidate it died on was run
  CandidateCursor cursor(c.space, block);
  if (ev.phase == kPhaseCanonical) cursor.add_unread_reachable_fields();
  // The task's prefix holds even when the death came before its first candidate was checked.
  const uint32_t* prefix = m.prefix(t);
  bool prefix_read = block.depth >= slot.prefix_length && std::equal(prefix, prefix + slot.prefix_length, block.read);
  block.frozen = slot.prefix_length;
  bool more = prefix_read && cursor.advance();
  std::memcpy(shared.values, block.values, fields);
  std::memcpy(shared.seen, block.seen, fields);
  std::memcpy(shared.read, block.read, block.depth * sizeof(uint32_t));
  shared.depth = block.depth;
  shared.frozen = block.frozen;
  slot.state.store(more ? kTaskResumeAtCursor : kTaskExhausted);
  return f;
}

// The lanes on the worker pool until every task is done; exceptions and deaths into `found`.
void run_lanes(SearchContext& c, const SearchOptions& options, const ChildOptions& child, std::vector<ThrownFinding>& found, bool& reads,
               bool& interrupted) {
  const int workers = std::max(1, options.workers);
  WorkerPool pool(workers, true, options.call_timeout_seconds, kMaxRecordsPerLane + 2, 4 << 20, child);
  pool.begin(
      static_cast<size_t>(workers), [](size_t) { return uint64_t{0}; },
      [&](size_t lane, uint64_t first, JobRegion& region, WorkerProgress& progress) {
        run_lane(c, lane, first, progress, &region, nullptr);
      });
  const uint32_t fields = c.memory.fields();
  size_t done = 0;
  auto last_report = std::chrono::steady_clock::now();
  while (done < static_cast<size_t>(workers)) {
    if (options.interrupted && options.interrupted->load()) {
      interrupted = true;
      break;
    }
    for (const auto& ev : pool.wait(0.25)) {
      if (ev.kind != WorkerPool::Event::Done) {
        // Making the objects is the same in every worker: a death there would come back forever.
        if (ev.phase == kPhaseSetup)
          throw std::runtime_error("a worker died while making the search's objects (their default constructors): " + ev.what);
        if (auto f = after_death(c, ev.job, ev)) found.push_back(std::move(*f));
        pool.resume(ev.job, ev.at + 1);
        continue;
      }
      JobRegion& region = pool.region(ev.job);
      for (size_t i = 0; i < region.record_count(); ++i) {
        const CandidateRecord& r = region.record(i);
        std::string text = region.text(r);
        if (r.flags == kReadsRecord)
          reads = true;
        else if (text.size() >= fields && r.subject < c.memory.task_count())
          found.push_back({r.subject, {Outcome::Failure, text.substr(fields), {text.begin(), text.begin() + fields}, r.candidate}});
      }
      ++done;
    }
    if (options.on_progress && std::chrono::steady_clock::now() - last_report > std::chrono::milliseconds(250)) {
      uint64_t explored = 0, structures = 0;
      for (uint32_t t = 0; t < c.memory.task_count(); ++t) explored += c.memory.task(t).explored.load(), structures += c.memory.count(t);
      options.on_progress(explored, structures);
      last_report = std::chrono::steady_clock::now();
    }
  }
  pool.end();
}

// The tasks in the order of the sequential search: each followed by the parts it handed back.
std::vector<uint32_t> task_order(const SearchMemory& m, uint32_t roots) {
  std::vector<uint32_t> order, stack;
  std::vector<char> seen(m.task_count(), 0);
  for (uint32_t r = roots; r-- > 0;) stack.push_back(r);
  while (!stack.empty()) {
    uint32_t t = stack.back();
    stack.pop_back();
    if (t >= seen.size() || seen[t]++) throw std::runtime_error("the code under test damaged the search's tasks in its worker");
    order.push_back(t);
    const TaskSlot& s = m.task(t);
    if (s.state.load() != kTaskSplit) continue;
    if (s.first_part <= t || uint64_t{s.first_part} + s.part_count > seen.size())
      throw std::runtime_error("the code under test damaged the search's tasks in its worker");
    for (uint32_t k = s.part_count; k-- > 0;) stack.push_back(s.first_part + k);
  }
  return order;
}

// The search's results, its structures left in its memory (which the result keeps).
void collect(const std::shared_ptr<const SearchMemory>& memory, uint32_t roots, std::vector<ThrownFinding> found, SearchResult& result) {
  const SearchMemory& m = *memory;
  const size_t fields = result.space.fields.size();
  std::vector<uint32_t> order = task_order(m, roots);
  std::vector<size_t> rank(m.task_count(), 0);
  for (size_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  result.found = FoundStructures(static_cast<uint32_t>(fields));
  for (uint32_t t : order) {
    const TaskSlot& s = m.task(t);
    result.explored += s.explored.load();
    result.out_of_scope += s.out_of_scope;
    result.truncated = result.truncated || s.state.load() == kTaskOutputFull;
    m.add_structures(t, result.found, memory);
  }
  std::stable_sort(found.begin(), found.end(), [&](const ThrownFinding& a, const ThrownFinding& b) {
    return rank[a.task] != rank[b.task] ? rank[a.task] < rank[b.task] : a.finding.explored_at < b.finding.explored_at;
  });
  for (auto& f : found) result.findings.push_back(std::move(f.finding));
  // Workers wrote these in memory the code under test shares: a value outside its domain would
  // index past objgen's tables when the structures are printed or compared. Each field's largest
  // value over all structures, compared once (one pass the compiler vectorizes).
  std::vector<uint8_t> highest(fields, 0);
  for (const FoundStructures::Run& run : result.found.runs())
    for (size_t i = 0; i < size_t{run.count} * fields; i += fields)
      for (size_t k = 0; k < fields; ++k) highest[k] = std::max(highest[k], run.values[i + k]);
  auto check = [&](const uint8_t* v) {
    for (size_t k = 0; k < fields; ++k)
      if (v[k] >= result.space.domains[result.space.fields[k].domain].size)
        throw std::runtime_error("the code under test damaged the structures in its worker");
  };
  if (result.found.size() > 0) check(highest.data());
  for (const InvariantFinding& f : result.findings)
    if (f.candidate.size() == fields)
      check(f.candidate.data());
    else
      throw std::runtime_error("the code under test damaged a finding in its worker");
  result.structures = result.found.size();
  result.jobs = order.size();
}

}  // namespace

SearchResult search_from_invariant(const Api& api, ClassId root, const SearchOptions& options) {
  auto started = std::chrono::steady_clock::now();
  const ClassInfo* info = api.find_class(root);
  if (!info) throw std::runtime_error("the class is not registered");
  if (!info->invariant)
    throw std::runtime_error(info->name + " has no registered invariant: register one with .invariant(&" + info->name +
                             "::repOK, \"repOK\") (a bool member that says whether the object is valid)");
  ChildOptions child;
  child.code_under_test_loader = api.worker_setup();
  child.memory_limit_bytes = options.worker_memory_limit_bytes;
  const int workers = options.isolate ? std::max(1, options.workers) : 1;
  Setup setup = setup_in_worker(api, root, options, child, workers > 1 ? 8 * static_cast<size_t>(workers) : 1);
  SearchResult result;
  result.setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (options.interrupted && options.interrupted->load()) {
    result.interrupted = true;
    return result;
  }
  result.space = space_from(root, options.finitization, setup.layouts);
  const FieldSpace& space = result.space;
  std::vector<TaskSpec> first =
      setup.tasks.empty() ? std::vector<TaskSpec>{{std::vector<uint8_t>(space.fields.size(), 0), {}}} : decode_tasks(setup.tasks, space);
  const std::string layout_bytes = encode_class_layouts(setup.layouts);
  // Shared with the result, which reads its structures where the workers wrote them (collect:
  // by then the workers, and whatever they started, have ended).
  auto memory = std::make_shared<SearchMemory>(std::max(kMaxTasks, first.size()), static_cast<size_t>(workers),
                                               static_cast<uint32_t>(space.fields.size()), options.max_structures);
  std::vector<std::pair<std::vector<uint8_t>, std::vector<uint32_t>>> specs;
  specs.reserve(first.size());
  for (TaskSpec& t : first) specs.emplace_back(std::move(t.values), std::move(t.prefix));
  memory->add_tasks(specs);
  SearchContext context{api, space, layout_bytes, *memory, 4 * static_cast<size_t>(workers), options.omit};
  std::vector<ThrownFinding> found;
  bool reads = false;
  if (!options.isolate) {
    std::atomic<uint64_t> counter{0};
    WorkerProgress progress(&counter);
    reads = run_lane(context, 0, 0, progress, nullptr, &found);
  } else {
    run_lanes(context, options, child, found, reads, result.interrupted);
  }
  collect(memory, static_cast<uint32_t>(specs.size()), std::move(found), result);
  result.reads_nothing = !reads && !result.interrupted;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace objgen::invariant
