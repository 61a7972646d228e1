#include "gen/invariant/search_split.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "io/byte_stream.hpp"

namespace objgen::invariant {

std::string call_invariant(const ClassInfo& info, ObjectArena& arena, const cover::LoadTrace& trace, bool& valid) {
  std::string threw;
  valid = false;
  cover::start_load_trace(trace);
  try {
    valid = info.invariant(arena.root());
  } catch (const std::exception& e) {
    threw = std::string("the invariant threw ") + e.what();
  } catch (...) {
    threw = "the invariant threw an exception not derived from std::exception";
  }
  cover::stop_load_trace();
  return threw;
}

namespace {

// Korat from `start` (a candidate not run yet, the reads kept from the one before it, and a
// frozen prefix) to the end of its stretch, with every read list cut to `depth`: the distinct
// prefixes of `depth` reads in the order of the sequential search, each the first candidate of a
// part of the search. False past max_jobs.
bool enumerate_prefixes(const ClassInfo& info, const FieldSpace& space, const CursorBlock& start, uint32_t depth, size_t max_jobs,
                        std::vector<TaskSpec>& jobs, ObjectArena& arena, const Heartbeat& heartbeat) {
  const uint32_t fields = static_cast<uint32_t>(space.fields.size());
  std::vector<uint32_t> memory(CursorBlock::bytes_for(fields) / 4 + 1);
  CursorBlock block;
  block.attach(memory.data(), fields);
  std::memcpy(block.values, start.values, fields);
  std::memcpy(block.seen, start.seen, fields);
  std::memcpy(block.read, start.read, start.depth * sizeof(uint32_t));
  block.depth = start.depth;
  block.frozen = start.frozen;
  CandidateCursor cursor(space, block);
  arena.write_all(block.values);
  cover::LoadTrace trace = arena.trace(block);
  jobs.clear();
  for (;;) {
    TaskSpec job{{block.values, block.values + fields}, {}};
    bool valid = false;
    heartbeat.beat();
    call_invariant(info, arena, trace, valid);
    if (!arena.take_alarm(space, block.values).empty() || cursor.read_past_length(0) >= 0) valid = false;  // as the workers judge it
    if (valid) cursor.add_unread_reachable_fields();
    uint32_t p = std::min(depth, block.depth);
    job.prefix.assign(block.read, block.read + p);
    jobs.push_back(std::move(job));
    if (jobs.size() > max_jobs) return false;
    cursor.truncate(p);
    arena.write(block.values, cursor.changed());
    if (!cursor.advance()) return true;
    arena.write(block.values, cursor.changed());
  }
}

}  // namespace

// At least `target` parts (when there are so many) from `start`: the shallowest cut that makes
// that many; the whole stretch as one part when no cut splits it.
std::vector<TaskSpec> split_search(const ClassInfo& info, const FieldSpace& space, const CursorBlock& start, size_t target,
                                   ObjectArena& arena, const Heartbeat& heartbeat) {
  std::vector<TaskSpec> best, jobs;
  for (uint32_t depth = start.frozen + 1; depth <= space.fields.size() && best.size() < target; ++depth) {
    if (!enumerate_prefixes(info, space, start, depth, target * 16, jobs, arena, heartbeat)) break;
    if (jobs.size() > best.size()) best = jobs;
  }
  return best;
}

std::string encode_tasks(const std::vector<TaskSpec>& jobs) {
  ByteWriter w;
  w.put<uint64_t>(jobs.size());
  for (const TaskSpec& j : jobs) {
    w.put_raw(j.values.data(), j.values.size());
    w.put<uint32_t>(static_cast<uint32_t>(j.prefix.size()));
    w.put_raw(j.prefix.data(), j.prefix.size() * sizeof(uint32_t));
  }
  return w.take();
}

std::vector<TaskSpec> decode_tasks(const std::string& bytes, const FieldSpace& space) {
  ByteReader r(bytes);
  const size_t fields = space.fields.size();
  uint64_t n = r.get<uint64_t>();
  if (n == 0 || n > r.left() / (fields + 4)) throw std::runtime_error("a task count past the end");
  std::vector<TaskSpec> jobs(n);
  for (TaskSpec& j : jobs) {
    j.values.resize(fields);
    r.get_raw(j.values.data(), fields);
    for (size_t f = 0; f < fields; ++f)
      if (j.values[f] >= space.domains[space.fields[f].domain].size) throw std::runtime_error("a value out of its domain");
    uint32_t p = r.get<uint32_t>();
    if (p > fields) throw std::runtime_error("a prefix longer than the vector");
    j.prefix.resize(p);
    r.get_raw(j.prefix.data(), p * sizeof(uint32_t));
    for (uint32_t f : j.prefix)
      if (f >= fields) throw std::runtime_error("a field out of range");
  }
  if (!r.done()) throw std::runtime_error("bytes after the jobs");
  return jobs;
}

}  // namespace objgen::invariant
