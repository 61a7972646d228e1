#include "gen/invariant/invariant_search.hpp"

#include <sys/mman.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>

#include "cover/load_trace.hpp"
#include "exec/worker_pool.hpp"
#include "gen/invariant/candidate_cursor.hpp"
#include "gen/invariant/class_layouts.hpp"
#include "gen/invariant/object_arena.hpp"

namespace objgen::invariant {
namespace {

// Memory a worker writes and objgen's process reads: mapped before the workers are forked.
class SharedMemory {
 public:
  explicit SharedMemory(size_t bytes) : bytes_(bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    base_ = static_cast<char*>(p);
  }
  ~SharedMemory() { munmap(base_, bytes_); }
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;
  char* data() const { return base_; }
  size_t size() const { return bytes_; }

 private:
  char* base_;
  size_t bytes_;
};

// A job's cursor and what it found, in shared memory. The worker appends a structure (its
// vector, then its fingerprint) and only then counts it, so what objgen reads after a crash
// is whole.
struct JobHeader {
  std::atomic<uint64_t> structures;
  std::atomic<uint64_t> explored;
  std::atomic<uint32_t> state;  // JobState
  uint32_t out_of_scope;
};
enum JobState : uint32_t { kRunning = 0, kResumeAtCursor = 1, kExhausted = 2, kOutputFull = 3, kDone = 4 };

class JobMemory {
 public:
  JobMemory(uint32_t fields, size_t max_structures)
      : fields_(fields),
        record_(fields + sizeof(Fingerprint)),
        cursor_bytes_((CursorBlock::bytes_for(fields) + 63) & ~size_t{63}),
        capacity_(max_structures),
        memory_(kBlockAt + 64 + cursor_bytes_ + capacity_ * record_) {
    static_assert(sizeof(JobHeader) <= kBlockAt && sizeof(CursorBlock) <= 64);
    header().structures = 0, header().explored = 0, header().state = kRunning, header().out_of_scope = 0;
    new (memory_.data() + kBlockAt) CursorBlock;
    block().clear();
  }
  JobHeader& header() const { return *reinterpret_cast<JobHeader*>(memory_.data()); }
  // The cursor, in shared memory with its arrays (the hooks write the read fields there). Its
  // pointers are set again at each use: a worker's code under test may have overwritten them.
  CursorBlock& block() {
    auto* b = reinterpret_cast<CursorBlock*>(memory_.data() + kBlockAt);
    b->attach(memory_.data() + kBlockAt + 64, fields_);
    return *b;
  }
  size_t capacity() const { return capacity_; }
  uint8_t* record(size_t i) const {
    return reinterpret_cast<uint8_t*>(memory_.data() + kBlockAt + 64 + cursor_bytes_) + i * record_;
  }

 private:
  static constexpr size_t kBlockAt = 64;
  uint32_t fields_;
  size_t record_, cursor_bytes_, capacity_;
  SharedMemory memory_;
};

// Worker phases: what the worker did when it died.
constexpr uint64_t kPhaseInvariant = 1, kPhaseCanonical = 2, kPhaseSetup = 3;

// The search in a worker: from the job's cursor to the end of its space (or of its output).
void run_search_job(const Api& api, const FieldSpace& space, const std::string& layouts, JobMemory& job, uint64_t first,
                    std::atomic<uint64_t>& progress, std::vector<InvariantFinding>* thrown, JobRegion* region) {
  set_worker_phase(kPhaseSetup);
  JobHeader& h = job.header();
  if (first > 0 && h.state.load() != kResumeAtCursor) return;  // nothing after the culprit
  // Registers the classes the pointers reach, in the order the layouts were read (class ids are
  // per process), and checks they are what objgen was told.
  if (encode_class_layouts(read_class_layouts(space.root)) != layouts)
    throw std::runtime_error("the classes' layouts differ between two workers");
  const ClassInfo* info = api.find_class(space.root);
  ObjectArena arena(space);
  CursorBlock& block = job.block();
  CandidateCursor cursor(space, block);
  arena.write_all(block.values);
  Linearizer canonical(arena.largest_class_count() + 1, nullptr);
  cover::LoadTrace trace = arena.trace(block);
  const uint32_t fields = static_cast<uint32_t>(space.fields.size());
  uint64_t explored = first;
  block.frozen = std::min(block.frozen, block.depth);
  h.state.store(kRunning);
  for (;;) {
    progress.store(explored, std::memory_order_relaxed);
    set_worker_phase(kPhaseInvariant);
    bool valid = false;
    std::string threw;
    cover::start_load_trace(trace);
    try {
      valid = info->invariant(arena.root());
    } catch (const std::exception& e) {
      threw = std::string("the invariant threw ") + e.what();
    } catch (...) {
      threw = "the invariant threw an exception not derived from std::exception";
    }
    cover::stop_load_trace();
    if (!threw.empty()) {  // a finding; the candidate counts as rejected
      if (region) region->append(CandidateRecord{explored, static_cast<uint8_t>(Outcome::Failure)},
                                 std::string(reinterpret_cast<char*>(block.values), fields) + threw);
      else thrown->push_back({Outcome::Failure, threw, {block.values, block.values + fields}, explored});
    }
    ++explored;
    h.explored.store(explored, std::memory_order_relaxed);
    if (valid) {
      uint64_t n = h.structures.load(std::memory_order_relaxed);
      if (n == job.capacity()) {
        h.state.store(kOutputFull);
        return;
      }
      set_worker_phase(kPhaseCanonical);
      uint8_t* out = job.record(n);
      std::memcpy(out, block.values, fields);
      Fingerprint fp{};
      if (canonical.run(space.root, arena.root())) fp = canonical.fingerprint(space.root);
      else ++h.out_of_scope;
      std::memcpy(out + fields, &fp, sizeof fp);
      h.structures.store(n + 1, std::memory_order_release);
      cursor.add_unread_reachable_fields();
    }
    if (!cursor.advance()) break;
    arena.write(block.values, cursor.changed());
  }
  h.state.store(kDone);
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
  child.memory_limit_bytes = options.worker_memory_limit_bytes;

  // The layouts, read where the classes are real.
  ClassLayouts layouts;
  if (!options.isolate) {
    layouts = read_class_layouts(root);
  } else {
    WorkerPool pool(1, true, options.call_timeout_seconds * 10 + 10, 2, 1 << 20, child);
    pool.begin(1, [](size_t) { return uint64_t{0}; },
               [&](size_t, uint64_t, JobRegion& region, std::atomic<uint64_t>&) {
                 region.append(CandidateRecord{}, encode_class_layouts(read_class_layouts(root)), true);
               });
    std::string bytes;
    for (bool done = false; !done;) {
      for (const auto& ev : pool.wait(0.25)) {
        if (ev.kind != WorkerPool::Event::Done)
          throw std::runtime_error("reading the classes' layouts in a worker failed: " + ev.what);
        JobRegion& region = pool.region(0);
        if (region.record_count()) bytes = region.text(region.record(0));
        done = true;
      }
      if (options.interrupted && options.interrupted->load()) break;
    }
    pool.end();
    layouts = decode_class_layouts(bytes);
  }
  const std::string layout_bytes = encode_class_layouts(layouts);
  SearchResult result;
  result.space = build_field_space(
      root, options.finitization,
      [&](ClassId c) -> const ClassLayout* { return layouts.layouts.count(c) ? &layouts.layouts.at(c) : nullptr; },
      [&](ClassId c) { return layouts.names.count(c) ? layouts.names.at(c) : class_vtable(c).name; });
  const FieldSpace& space = result.space;
  const uint32_t fields = static_cast<uint32_t>(space.fields.size());
  JobMemory job(fields, options.max_structures);

  std::vector<InvariantFinding> thrown;
  cover::reset_load_hooks_called();
  if (!options.isolate) {
    std::atomic<uint64_t> progress{0};
    run_search_job(api, space, layout_bytes, job, 0, progress, &thrown, nullptr);
    result.reads_nothing = !cover::load_hooks_called();
  } else {
    WorkerPool pool(1, true, options.call_timeout_seconds, 1 << 16, 1 << 24, child);
    pool.begin(1, [](size_t) { return uint64_t{0}; },
               [&](size_t, uint64_t first, JobRegion& region, std::atomic<uint64_t>& progress) {
                 run_search_job(api, space, layout_bytes, job, first, progress, nullptr, &region);
                 if (!cover::load_hooks_called()) region.append(CandidateRecord{0, static_cast<uint8_t>(Outcome::Normal)}, "reads nothing");
               });
    bool finished = false;
    uint64_t last_report = 0;
    while (!finished) {
      if (options.interrupted && options.interrupted->load()) {
        result.interrupted = true;
        break;
      }
      for (const auto& ev : pool.wait(0.25)) {
        if (ev.kind == WorkerPool::Event::Done) {
          finished = true;
          continue;
        }
        // The invariant crashed or hung on the cursor's candidate: a finding, and the search goes
        // on from the next candidate, after what it had read (the worker's block, checked).
        CursorBlock& block = job.block();
        InvariantFinding f;
        f.kind = ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout;
        f.message = (ev.phase == kPhaseCanonical ? "reading the structure the invariant accepted: " : "") + ev.what;
        f.explored_at = ev.at;
        f.candidate.assign(block.values, block.values + fields);
        result.findings.push_back(std::move(f));
        bool sound = block.depth <= fields && block.frozen <= block.depth;
        for (uint32_t k = 0; sound && k < fields; ++k) sound = block.values[k] < space.domains[space.fields[k].domain].size;
        std::vector<uint8_t> seen(fields, 0);
        for (uint32_t k = 0; sound && k < block.depth; ++k) sound = block.read[k] < fields && !seen[block.read[k]]++;
        if (!sound) throw std::runtime_error("the code under test damaged the search's memory in its worker");
        std::memcpy(block.seen, seen.data(), fields);
        CandidateCursor parent_cursor(space, block);
        if (ev.phase == kPhaseCanonical) parent_cursor.add_unread_reachable_fields();
        job.header().state.store(parent_cursor.advance() ? kResumeAtCursor : kExhausted);
        pool.resume(ev.job, ev.at + 1);
      }
      uint64_t found = job.header().structures.load();
      if (options.on_progress && found != last_report) options.on_progress(job.header().explored.load(), found), last_report = found;
    }
    pool.end();
    JobRegion& region = pool.region(0);
    for (size_t i = 0; i < region.record_count(); ++i) {
      const CandidateRecord& r = region.record(i);
      std::string text = region.text(r);
      if (r.kind == static_cast<uint8_t>(Outcome::Normal)) {
        result.reads_nothing = true;
        continue;
      }
      if (text.size() < fields) continue;
      thrown.push_back({Outcome::Failure, text.substr(fields), {text.begin(), text.begin() + fields}, r.candidate});
    }
  }
  for (auto& f : thrown) result.findings.push_back(std::move(f));
  JobHeader& h = job.header();
  result.explored = h.explored.load();
  result.structures = std::min<uint64_t>(h.structures.load(), job.capacity());
  result.out_of_scope = h.out_of_scope;
  result.truncated = h.state.load() == kOutputFull;
  result.vectors.resize(result.structures * fields);
  result.fingerprints.resize(result.structures);
  for (uint64_t s = 0; s < result.structures; ++s) {
    std::memcpy(result.vectors.data() + s * fields, job.record(s), fields);
    std::memcpy(&result.fingerprints[s], job.record(s) + fields, sizeof(Fingerprint));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace objgen::invariant
