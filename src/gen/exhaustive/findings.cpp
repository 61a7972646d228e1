// Findings, and the blame of a worker's death on the step it was in (the call, a copy, a rebuild,
// a read, a destructor); the parent side.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "gen/exhaustive/exhaustive_impl.hpp"

namespace objgen::exhaustive {

using namespace detail;

void ExhaustiveGenerator::Impl::note_failed_call(uint64_t pos) {
  const Segment& sg = plan.segment_at(pos);
  const OpSpace& s = plan.spaces[sg.space];
  if (s.literal_only) lessons.failing_now.emplace_back(s.op, plan.candidate_at(sg, pos));
}

void ExhaustiveGenerator::Impl::remember_failed_calls() {
  plan.failed_literal_calls.insert(lessons.failing_now.begin(), lessons.failing_now.end());
  plan.failed_literal_calls.insert(lessons.failing_on_ranks.begin(), lessons.failing_on_ranks.end());
  lessons.failing_now.clear();
  lessons.failing_on_ranks.clear();
}

bool ExhaustiveGenerator::Impl::confirm_first(const WorkerPool::Event& ev, Outcome kind) {
  if (kind != Outcome::Crash || !(ev.phase & kAfterOtherCalls)) return false;
  bool first =
      book.unconfirmed.emplace(std::make_pair(ev.job, ev.at), CrashNote{ev.at, kind, ev.what, ev.phase & ~kAfterOtherCalls}).second;
  if (first) ++book.retried[ev.job];  // its candidate is counted again by the retry
  return first;
}

// Unconfirmed deaths of a job: confirmed ones were reported by their second death.
void ExhaustiveGenerator::Impl::add_unconfirmed(size_t job, std::vector<CrashNote>& crashes) {
  for (auto it = book.unconfirmed.lower_bound({job, 0}); it != book.unconfirmed.end() && it->first.first == job;) {
    bool confirmed = std::any_of(crashes.begin(), crashes.end(), [&](const CrashNote& c) { return c.candidate == it->first.second; });
    if (!confirmed) {
      CrashNote note = it->second;
      note.what += kNotAlone;
      crashes.push_back(std::move(note));
    }
    it = book.unconfirmed.erase(it);
  }
}

// A worker died copying an object: replacement workers (forked after this) rebuild that class's
// objects instead of copying them. Returns whether it was a copy.
bool ExhaustiveGenerator::Impl::blame_copy(uint64_t pos, uint64_t ph) {
  // (The phase lies in memory the worker shares: a state this rank does not hold is a scribble.)
  if (phase_kind(ph) == Phase::CopyState && phase_arg(ph) < result.store.state_count() && result.store.holds(phase_arg(ph))) {
    ClassId cls = result.store.state(phase_arg(ph)).cls;
    if (cls < lessons.copy_crashed.size()) lessons.copy_crashed[cls] = 1;
    return true;
  }
  if (phase_kind(ph) != Phase::CopyCheck && phase_kind(ph) != Phase::CopyProbe) return false;
  const Operation& op = op_of(plan.spaces[plan.segment_at(pos).space]);
  int param = values_slot(op, phase_arg(ph));
  lessons.copy_check_crashed[param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls] = 1;
  return true;
}

// A worker died or hung: blame the step it was in (phase) for its candidate.
void ExhaustiveGenerator::Impl::add_death_finding(const CrashNote& c) {
  const Segment& sg = plan.segment_at(c.candidate);
  const OpSpace& s = plan.spaces[sg.space];
  uint64_t idx = plan.candidate_at(sg, c.candidate);
  uint32_t arg = phase_arg(c.phase);
  switch (phase_kind(c.phase)) {
    case Phase::CopyState:
      if (arg < result.store.state_count()) return add_state_finding(arg, c.kind, "copying the object: " + c.what, true);
      break;
    case Phase::RebuildState:
      if (arg < result.store.state_count())
        return add_state_finding(arg, c.kind, "running the calls that built it again: " + c.what, false);
      break;
    case Phase::DestroyState:
      if (arg < result.store.state_count()) return add_state_finding(arg, c.kind, "destroying the object: " + c.what, false);
      break;
    case Phase::CopyCheck: {
      const Operation& op = op_of(s);
      int param = values_slot(op, arg);
      return add_call_finding(s, idx, c.kind, "copying the object it built: " + c.what, param, true);
    }
    case Phase::Read: {
      // The call left an object objgen cannot even read: a copy (what the emitted test does)
      // reads all of it too.
      const Operation& op = op_of(s);
      int param = values_slot(op, arg);
      ClassId cls = param < 0 ? op.result.cls : op.params[static_cast<size_t>(param)].cls;
      return add_call_finding(s, idx, c.kind, "reading the object it built: " + c.what, param, clone_fn[cls] != nullptr);
    }
    case Phase::CopyProbe:  // handled in on_death: not the candidate's
      return;
    case Phase::Call:
      break;
  }
  add_call_finding(s, idx, c.kind, c.what);
}

void ExhaustiveGenerator::Impl::add_call_finding(const OpSpace& s, uint64_t candidate, Outcome kind, const std::string& what, int slot,
                                                 bool in_copy) {
  ArgRef refs[kMaxRecordSlots];
  plan.decode(s, candidate, refs);
  if (!first_report(s.op, kind, what)) return;  // same op, same failure: keep the first (shortest)
  add_finding(s.op, refs, kind, what, slot, in_copy);
}

// A finding about an earlier state: its own sequence is the one that fails.
// (Split records: a state held elsewhere came with its call, from the rank that saw the failure.)
void ExhaustiveGenerator::Impl::add_state_finding(uint32_t state, Outcome kind, const std::string& what, bool in_copy) {
  SubjectCall call;
  if (result.store.holds(state)) {
    call = subject_call(state);
  } else {
    auto it = book.subject_calls.find(state);
    if (it == book.subject_calls.end() || it->second.op >= api.operations().size() ||
        it->second.args.size() != api.operations()[it->second.op].params.size())
      return;  // no rank sent it: the record was scribbled on
    call = it->second;
  }
  if (!first_report(call.op, kind, what)) return;
  add_finding(call.op, call.args.data(), kind, what, call.slot == kResultSlot ? -1 : call.slot, in_copy);
}

// Split records: the calls of the earlier states a job's findings name (their rebuild, copy or
// destructor failed). Only this rank may hold them, and every rank reports the finding.
void ExhaustiveGenerator::Impl::attach_subjects(PackedJob& p) const {
  if (!records_split) return;
  std::set<uint32_t> named;
  for (const CandidateRecord& r : p.records)
    if (static_cast<Outcome>(r.kind) == Outcome::Nondeterministic) named.insert(r.subject);
  for (const CrashNote& c : p.crashes) {
    Phase k = phase_kind(c.phase);
    if (k == Phase::CopyState || k == Phase::RebuildState || k == Phase::DestroyState) named.insert(phase_arg(c.phase));
  }
  for (uint32_t state : named) {
    if (state >= result.store.state_count() || !result.store.holds(state)) continue;
    p.subjects.push_back(subject_call(state));
  }
}

SubjectCall ExhaustiveGenerator::Impl::subject_call(uint32_t state) const {
  StateStore::Call c = result.store.call_of(state, params_of_op);
  return {state, c.op, c.slot, {c.args.begin(), c.args.end()}};
}

bool ExhaustiveGenerator::Impl::first_report(uint32_t op, Outcome kind, const std::string& what) {
  auto key = std::make_pair(op, std::string(outcome_name(kind)) + ": " + what);
  if (book.reported_calls.count(key)) return false;
  book.reported_calls.emplace(key, result.findings.size());
  return true;
}

void ExhaustiveGenerator::Impl::add_finding(uint32_t op, const ArgRef* refs, Outcome kind, const std::string& what, int slot,
                                            bool in_copy) {
  Finding f;
  f.kind = kind;
  f.message = what;
  f.op = op;
  f.args.assign(refs, refs + api.operations()[op].params.size());
  f.slot = slot;
  f.in_copy = in_copy;
  f.reproducible = what.find(kNotAlone) == std::string::npos;
  f.iteration = static_cast<uint16_t>(plan.iteration);
  result.findings.push_back(std::move(f));
}

// A worker died or hung on candidate ev.at of global job `job` (the pool's job ev.job): note
// it, and let the pool go on after it (or retry it first in a fresh worker).
void ExhaustiveGenerator::Impl::on_death(WorkerPool& pool, const WorkerPool::Event& ev, size_t job, CrashesByJob& crashes) {
  if (phase_kind(ev.phase) == Phase::CopyProbe) {  // objgen's own calls on copies: the class is rebuilt, no finding
    blame_copy(ev.at, ev.phase);
    pool.resume(ev.job, ev.at);
    return;
  }
  Outcome kind = ev.kind == WorkerPool::Event::Crashed ? Outcome::Crash : Outcome::Timeout;
  WorkerPool::Event global = ev;
  global.job = job;
  if (confirm_first(global, kind)) {
    pool.resume(ev.job, ev.at);  // the same candidate, first in a fresh worker
    return;
  }
  crashes[job].push_back({ev.at, kind, ev.what, ev.phase});
  // A copy that killed the worker is not the call's fault: from the replacement worker on,
  // the class is rebuilt instead of copied, and the candidate runs again.
  bool copy_died = blame_copy(ev.at, ev.phase);
  if (!copy_died) note_failed_call(ev.at);
  pool.resume(ev.job, copy_died ? ev.at : ev.at + 1);  // the rest of the job, then the next ones
}

}  // namespace objgen::exhaustive
