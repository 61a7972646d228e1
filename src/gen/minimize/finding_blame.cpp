#include "gen/minimize/finding_blame.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <map>
#include <set>
#include <string_view>

#include "exec/run_deadline.hpp"
#include "exec/test_runner.hpp"

namespace objgen::minimize {
namespace {

// How libraries report a failed check of their own: assert() ("Assertion `x' failed"),
// libstdc++'s _GLIBCXX_ASSERTIONS and Boost through assert ("Assertion 'x' failed"), Abseil and
// glog ("Check failed:").
bool library_assertion(std::string_view message) {
  constexpr std::array<std::string_view, 3> markers{"Assertion `", "Assertion '", "Check failed:"};
  for (std::string_view m : markers)
    if (message.find(m) != std::string_view::npos) return true;
  return false;
}

// Faults a broken precondition produces: a bad access, an abort, heap damage, a hang. Not a
// signal the call raised on purpose, an exit, a fork or a thread.
bool precondition_like(const SequenceFinding& f) {
  if (f.kind == Outcome::Timeout) return true;
  if (f.kind != Outcome::Crash) return false;
  for (std::string_view s : {"SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT", "heap damage"})
    if (std::string_view(f.message).rfind(s, 0) == 0) return true;
  return false;
}

// The call that made `value`, or null.
const FlatCall* maker(const FlatSequence& seq, int64_t value) {
  for (const FlatCall& c : seq.calls)
    if (!c.produced.empty() && c.produced.back() == value) return &c;
  return nullptr;
}

// `value` is as its constructor made it: made by a constructor or factory and given to no call
// since, before the last, that could change it.
bool as_constructed(const Api& api, const FlatSequence& seq, int64_t value) {
  const FlatCall* made = maker(seq, value);
  if (!made) return false;
  OpKind kind = api.operations()[made->op].kind;
  if (kind != OpKind::Constructor && kind != OpKind::StaticFactory) return false;
  for (size_t i = 0; i + 1 < seq.calls.size(); ++i) {
    const FlatCall& c = seq.calls[i];
    const Operation& op = api.operations()[c.op];
    for (size_t k = 0; k < c.args.size() && k < op.params.size(); ++k)
      if (c.args[k] == value && (op.params[k].may_modify() || op.params[k].consumed())) return false;
  }
  return true;
}

// The failing sequence's last call, with the same arguments, on the state `state` builds; empty
// when the state is of another class. Other objects the call takes are built as the failing
// sequence built them: its calls but the last, then the state's.
FlatSequence on_other_receiver(const Api& api, const FlatSequence& failing, const FlatSequence& state, size_t min_calls = 2) {
  const FlatCall& call = failing.calls.back();
  const Operation& op = api.operations()[call.op];
  const FlatCall* made = maker(state, state.result_value);
  if (!made || state.calls.size() < min_calls || api.operations()[made->op].result.cls != op.params[0].cls) return {};
  bool other_objects = std::any_of(call.args.begin() + 1, call.args.end(), [](int64_t a) { return a >= 0; });
  if (!other_objects) return call_on_state(api, state, call.op, call.args);
  FlatSequence prefix = failing;
  prefix.calls.pop_back();
  prefix.result_value = append_sequence(api, prefix, state);
  return call_on_state(api, prefix, call.op, call.args);
}

// The failing call on up to `limit` of `states` (each of at least min_calls calls).
std::vector<FlatSequence> on_other_receivers(const Api& api, const FlatSequence& failing, const std::vector<FlatSequence>& states,
                                             size_t limit, size_t min_calls = 2) {
  std::vector<FlatSequence> probes;
  for (const FlatSequence& s : states) {
    if (probes.size() == limit) break;
    if (FlatSequence p = on_other_receiver(api, failing, s, min_calls); !p.calls.empty()) probes.push_back(std::move(p));
  }
  return probes;
}

// Some of the probes return normally: the member works on states the run built, not on this one.
bool works_elsewhere(TestRunner& runner, const std::vector<FlatSequence>& probes) {
  if (probes.empty()) return false;
  for (const TestOutcome& r : runner.run(probes))
    if (r.feasible && r.outcome == Outcome::Normal) return true;
  return false;
}

// The finding's last call with other values of its literal arguments (one argument varied at a
// time, at most kVariedValues values each).
std::vector<FlatSequence> other_arguments(const Api& api, const LiteralDomain& domain, const FlatSequence& seq) {
  constexpr size_t kVariedValues = 4;
  std::vector<FlatSequence> out;
  const FlatCall& last = seq.calls.back();
  const Operation& op = api.operations()[last.op];
  for (size_t k = 0; k < last.args.size() && k < op.params.size(); ++k) {
    if (last.args[k] >= 0) continue;
    size_t values = std::min(domain.of(op.params[k]).size(), kVariedValues);
    for (size_t v = 0; v < values; ++v) {
      int64_t arg = -1 - static_cast<int64_t>(v);
      if (arg == last.args[k]) continue;
      out.push_back(seq);
      out.back().calls.back().args[k] = arg;
    }
  }
  return out;
}

// A count no call can afford: from 2^24 (16 million elements, as the parameter sees the value).
constexpr uint64_t kHugeCount = uint64_t{1} << 24;

// The call ran out of time or memory: what a count beyond the call's means does.
// The exception's type, as findings spell it ("Json::LogicError: Value is not ..."); "" if none.
// "Type (a Base, a Base2): what()" (exec/executor.cpp): the type and its library bases.
std::string exception_head(const SequenceFinding& f) {
  size_t colon = f.message.find(": ");
  return f.kind == Outcome::Failure && colon != std::string::npos ? f.message.substr(0, colon) : "";
}

std::string exception_type(const SequenceFinding& f) {
  std::string head = exception_head(f);
  size_t bases = head.find(" (a ");
  return bases == std::string::npos ? head : head.substr(0, bases);
}

// The thrown type, then its public bases outside the standard library: each a name the library
// may refuse calls by (one class per member, one base for all).
std::vector<std::string> exception_family(const SequenceFinding& f) {
  std::string head = exception_head(f);
  std::vector<std::string> out{exception_type(f)};
  if (out[0].empty()) return {};
  size_t at = head.find(" (a ");
  while (at != std::string::npos && at + 4 < head.size()) {
    size_t end = head.find(", a ", at + 4);
    out.push_back(head.substr(at + 4, (end == std::string::npos ? head.size() - 1 : end) - (at + 4)));
    at = end;
  }
  return out;
}

bool aborted(const SequenceFinding& f) { return f.kind == Outcome::Crash && f.message.rfind("SIGABRT", 0) == 0; }

// The call could not have what it asked for: out of time or memory, or an allocation the library
// refused by throwing (a count past what a vector can hold: std::length_error,
// std::bad_array_new_length).
bool resource_failure(const SequenceFinding& f) {
  if (f.kind == Outcome::Failure)
    for (const char* t : {"std::bad_alloc", "std::bad_array_new_length", "std::length_error"})
      if (exception_type(f) == t) return true;
  return f.kind == Outcome::Timeout || f.kind == Outcome::OutOfMemory ||
         (f.kind == Outcome::Crash && f.message.find("over the worker's memory limit") != std::string::npos);
}

// The value as the parameter receives it: a negative literal reaches an unsigned count as a huge one.
uint64_t magnitude_seen(const SlotType& slot, int64_t v) {
  if (slot.is_unsigned) return static_cast<uint64_t>(v);
  return v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}

bool all_normal(TestRunner& runner, const std::vector<FlatSequence>& tests) {
  if (tests.empty()) return false;
  for (const TestOutcome& r : runner.run(tests))
    if (!r.feasible || r.outcome != Outcome::Normal) return false;
  return true;
}

// The finding's sequence with the literal argument k of its call `call` set, in turn, to the first
// `limit` values of its slot that `keep` accepts; `tried` lists them.
template <class Keep>
std::vector<FlatSequence> with_values(const FlatSequence& seq, size_t call, size_t k, const std::vector<Literal>& values, size_t limit,
                                      Keep keep, std::string* tried = nullptr) {
  std::vector<FlatSequence> out;
  for (size_t v = 0; v < values.size() && out.size() < limit; ++v) {
    if (!keep(values[v])) continue;
    out.push_back(seq);
    out.back().calls[call].args[k] = -1 - static_cast<int64_t>(v);
    if (tried) *tried += (tried->empty() ? "" : ", ") + std::to_string(values[v].i);
  }
  return out;
}

// A huge count given to call `call` of the finding, and the values of that argument the sequence
// ends normally with instead (up to kTried): "" when there is no such argument.
std::string huge_count_at(const Api& api, const LiteralDomain& domain, const SequenceFinding& f, size_t call, TestRunner& runner,
                          std::string& seen) {
  constexpr size_t kTried = 4;
  const FlatCall& c = f.sequence.calls[call];
  const Operation& op = api.operations()[c.op];
  for (size_t k = 0; k < c.args.size() && k < op.params.size(); ++k) {
    const SlotType& slot = op.params[k];
    if (c.args[k] >= 0 || !slot.is_literal() || slot.literal != LiteralKind::Int || !slot.enum_type.empty()) continue;
    const std::vector<Literal>& values = domain.of(slot);
    size_t index = static_cast<size_t>(-1 - c.args[k]);
    if (index >= values.size() || magnitude_seen(slot, values[index].i) < kHugeCount) continue;
    std::string tried;
    auto affordable = [&](const Literal& l) { return magnitude_seen(slot, l.i) < kHugeCount; };
    if (!all_normal(runner, with_values(f.sequence, call, k, values, kTried, affordable, &tried))) continue;
    seen =
        slot.is_unsigned && values[index].i < 0
            ? std::to_string(values[index].i) + " (" + std::to_string(magnitude_seen(slot, values[index].i)) + " to its unsigned parameter)"
            : std::to_string(values[index].i);
    return tried;
  }
  return "";
}

// The finding's last call ran out of time or memory given a huge count, or after an earlier call
// was given one (a capacity it stored, which the last call then loops to), and the sequence ends
// normally with every other value of that argument the run tried: the evidence, or "".
std::string huge_count_evidence(const Api& api, const LiteralDomain& domain, const SequenceFinding& f, TestRunner& runner) {
  const std::string& last = api.operations()[f.sequence.calls.back().op].name;
  std::string ended = f.kind == Outcome::Timeout   ? "ran out of time"
                      : f.kind == Outcome::Failure ? "threw " + exception_type(f)
                      : aborted(f)                 ? "aborted"
                                                   : "ran out of memory";
  for (size_t call = f.sequence.calls.size(); call-- > 0;) {
    std::string seen;
    std::string tried = huge_count_at(api, domain, f, call, runner, seen);
    if (tried.empty()) continue;
    if (call + 1 == f.sequence.calls.size())
      return fmt::format(
          "{} given {} {}, and returns normally given {}: a count beyond what the call can afford, which its caller must not ask for", last,
          seen, ended, tried);
    const std::string& earlier = api.operations()[f.sequence.calls[call].op].name;
    return fmt::format(
        "{} {} after {} was given {}, and returns normally when {} is given {}: a count beyond what the object can afford, which "
        "its caller must not ask for",
        last, ended, earlier, seen, earlier, tried);
  }
  return "";
}

bool is_zero(const Literal& l) { return (l.kind == LiteralKind::Int && l.i == 0) || (l.kind == LiteralKind::Double && l.d == 0); }

// The finding's last call crashed with SIGFPE given 0 (a division by it) and returns normally
// given every other value tried for that argument: the evidence, or "".
std::string zero_divisor_evidence(const Api& api, const LiteralDomain& domain, const SequenceFinding& f, TestRunner& runner) {
  constexpr size_t kTried = 3;
  if (f.kind != Outcome::Crash || f.message.rfind("SIGFPE", 0) != 0) return "";
  const FlatCall& last = f.sequence.calls.back();
  const Operation& op = api.operations()[last.op];
  for (size_t k = 0; k < last.args.size() && k < op.params.size(); ++k) {
    const SlotType& slot = op.params[k];
    if (last.args[k] >= 0 || !slot.is_literal() || !slot.enum_type.empty()) continue;
    const std::vector<Literal>& values = domain.of(slot);
    size_t index = static_cast<size_t>(-1 - last.args[k]);
    if (index >= values.size() || !is_zero(values[index])) continue;
    if (all_normal(runner,
                   with_values(f.sequence, f.sequence.calls.size() - 1, k, values, kTried, [](const Literal& l) { return !is_zero(l); })))
      return op.name +
             " given 0 crashed with SIGFPE (a division by it) and returns normally given other values: "
             "the caller must not pass a zero divisor";
  }
  return "";
}

bool all_fail(TestRunner& runner, const std::vector<FlatSequence>& tests) {
  for (const TestOutcome& r : runner.run(tests))
    if (r.stopped || (r.feasible && r.outcome == Outcome::Normal)) return false;
  return true;
}

// Per exception type, the distinct members that threw it among the findings.
std::map<std::string, std::set<uint32_t>> members_throwing(const std::vector<SequenceFinding>& findings) {
  std::map<std::string, std::set<uint32_t>> ops;
  for (const SequenceFinding& f : findings)
    if (!f.sequence.calls.empty())
      for (const std::string& name : exception_family(f)) ops[name].insert(f.sequence.calls.back().op);
  return ops;
}

// Members throwing one type that make it the library's way to refuse calls.
constexpr size_t kRefusingMembers = 3;

// Objects of class `cls` as each of its constructors makes them from literals alone (the first
// value of each): other states of another kind than the run's (a JSON value built as an int, a
// string, null, where the run built arrays).
std::vector<FlatSequence> constructed_objects(const Api& api, ClassId cls) {
  std::vector<FlatSequence> out;
  for (uint32_t i = 0; i < api.operations().size(); ++i) {
    const Operation& op = api.operations()[i];
    if ((op.kind != OpKind::Constructor && op.kind != OpKind::StaticFactory) || !op.result.is_object() || op.result.cls != cls ||
        op.contract >= 0 || !std::all_of(op.params.begin(), op.params.end(), [](const SlotType& p) { return p.is_literal(); }))
      continue;
    FlatSequence s;
    s.calls.push_back({i, std::vector<int64_t>(op.params.size(), -1), std::vector<int>(op.params.size() + 1, -1)});
    s.calls.back().produced.back() = 0;
    s.result_value = 0;
    out.push_back(std::move(s));
  }
  return out;
}

// Objects one call away from construction: each object constructed_objects makes, given to each
// non-const member taking literals only (their first values). States a run that built none of its
// own still has (an evolve search whose covering tests stayed empty), where a member that fails
// on a fresh object may be seen to work.
std::vector<FlatSequence> one_call_from_construction(const Api& api, ClassId cls, size_t limit) {
  std::vector<FlatSequence> out;
  for (const FlatSequence& made : constructed_objects(api, cls))
    for (uint32_t k = 0; k < api.operations().size() && out.size() < limit; ++k) {
      const Operation& op = api.operations()[k];
      if (op.kind != OpKind::Method || op.is_const || op.contract >= 0 || op.through.derived() || op.params.empty() ||
          !op.params[0].is_object() || op.params[0].cls != cls || op.params[0].passing != Passing::Ref ||
          !std::all_of(op.params.begin() + 1, op.params.end(), [](const SlotType& p) { return p.is_literal(); }))
        continue;
      out.push_back(call_on_state(api, made, k, std::vector<int64_t>(op.params.size(), -1)));
    }
  return out;
}

// An exception is the library's own report. When many members throw the same type, each returning
// normally with other arguments or on other states the run built, that type is how the library
// refuses calls whose preconditions fail (jsoncpp's LogicError from asInt() on a string, append()
// on an object). One member that throws for one input (a stale check rejecting a valid call)
// stays a failure.
FindingBlame refused_call(const Api& api, const LiteralDomain& domain, const SequenceFinding& f, const std::string& type,
                          size_t throwing_members, const std::vector<FlatSequence>& states, TestRunner& runner) {
  constexpr size_t kProbedStates = 8;
  std::string thrown = exception_type(f);
  std::string how = (thrown == type ? type : thrown + ", a " + type + ",") + " is how the library refuses calls (" +
                    std::to_string(throwing_members) + " members throw " + (thrown == type ? "it" : "a " + type) +
                    "), and this call returns normally ";
  const FlatCall& last = f.sequence.calls.back();
  if (works_elsewhere(runner, other_arguments(api, domain, f.sequence)))
    return {Blame::Precondition, how + "given other arguments: a check of what its caller must ensure"};
  const Operation& op = api.operations()[last.op];
  bool on_object = op.kind == OpKind::Method || op.contract >= 0;
  if (!on_object || last.args.empty() || last.args[0] < 0) return {};
  // A constructor's object alone is another state here.
  std::vector<FlatSequence> probes = on_other_receivers(api, f.sequence, states, kProbedStates, 1);
  std::vector<FlatSequence> constructed = constructed_objects(api, op.params[0].cls);
  for (FlatSequence& p : on_other_receivers(api, f.sequence, constructed, constructed.size(), 1)) probes.push_back(std::move(p));
  if (works_elsewhere(runner, probes))
    return {Blame::Precondition, how + "on other states the run built: a check of a state its caller must ensure"};
  return {};
}

// The probes' runner, started for the first finding that needs one.
TestRunner& runner_for(std::unique_ptr<TestRunner>& runner, const Api& api, const LiteralDomain& domain, const BlameOptions& options) {
  if (!runner) {
    RunnerOptions ro;
    ro.call_timeout_seconds = options.call_timeout_seconds;
    ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
    ro.enumerations = options.enumerations;
    runner = std::make_unique<TestRunner>(api, domain, ro);
  }
  return *runner;
}

}  // namespace

// Once refusals of an exception type are confirmed for kRefusingMembers members (each returned
// normally given other arguments or on other states), the type is the library's signal that a
// caller broke a precondition: its other throws are labelled so too, with that weaker evidence,
// where no value objgen tried made the call return (setComment(s) takes only comments starting
// with '/', a string no domain holds).
void label_unconfirmed_refusals(const std::vector<SequenceFinding>& findings, std::vector<FindingBlame>& out) {
  std::map<std::string, std::set<uint32_t>> confirmed;
  for (size_t i = 0; i < findings.size(); ++i)
    if (out[i].blame == Blame::Precondition)
      for (const std::string& name : exception_family(findings[i])) confirmed[name].insert(findings[i].sequence.calls.back().op);
  for (size_t i = 0; i < findings.size(); ++i) {
    if (out[i].blame == Blame::Precondition) continue;
    for (const std::string& type : exception_family(findings[i])) {
      if (confirmed[type].size() < kRefusingMembers) continue;
      out[i] = {Blame::Precondition, type + " is how the library refuses calls: " + std::to_string(confirmed[type].size()) +
                                         " members throw it where other arguments or states return normally; no value "
                                         "objgen tried makes this call return (give it more, e.g. --strings, to check)"};
      break;
    }
  }
}

FlatSequence call_on_state(const Api& api, FlatSequence state, uint32_t op, std::vector<int64_t> args) {
  int next = 0;
  for (const FlatCall& c : state.calls)
    for (int v : c.produced) next = std::max(next, v + 1);
  FlatCall call{op, std::move(args), std::vector<int>(api.operations()[op].params.size() + 1, -1)};
  call.args[0] = state.result_value;
  call.produced[0] = state.result_value;
  if (api.operations()[op].result.is_object()) call.produced.back() = next;
  state.calls.push_back(std::move(call));
  return state;
}

namespace {

// How many members of class `cls` throw `type` when called on a few of the run's states and on
// the objects its constructors make (the first value of each literal parameter): the run may
// have called too few members to tell a library's way of refusing calls (--builders auto calls
// the builders alone), and what the library is does not depend on what a strategy ran.
size_t members_throwing_on_states(const Api& api, const std::string& type, ClassId cls, const std::vector<FlatSequence>& run_states,
                                  TestRunner& runner) {
  constexpr size_t kStates = 6;
  std::vector<FlatSequence> states(run_states.begin(),
                                   run_states.begin() + static_cast<std::ptrdiff_t>(std::min(kStates, run_states.size())));
  for (FlatSequence& s : constructed_objects(api, cls)) states.push_back(std::move(s));
  std::vector<FlatSequence> tests;
  std::vector<uint32_t> members;
  for (uint32_t k = 0; k < api.operations().size(); ++k) {
    const Operation& op = api.operations()[k];
    if (op.kind != OpKind::Method || op.contract >= 0 || op.through.derived() || op.params.empty() || !op.params[0].is_object() ||
        op.params[0].cls != cls || op.params[0].consumed() ||
        !std::all_of(op.params.begin() + 1, op.params.end(), [](const SlotType& p) { return p.is_literal(); }))
      continue;
    for (const FlatSequence& s : states)
      if (s.result_value >= 0) {
        tests.push_back(call_on_state(api, s, k, std::vector<int64_t>(op.params.size(), -1)));
        members.push_back(k);
      }
  }
  std::set<uint32_t> throwing;
  std::vector<TestOutcome> results = runner.run(tests);
  for (size_t i = 0; i < results.size(); ++i) {
    const TestOutcome& r = results[i];
    const size_t n = tests[i].calls.size();
    bool in_last = (r.feasible ? r.length : r.failed_at) == n && r.length == n && r.outcome == Outcome::Failure;
    std::vector<std::string> family = exception_family(SequenceFinding{Outcome::Failure, members[i], r.message, {}, {}});
    if (in_last && std::find(family.begin(), family.end(), type) != family.end()) throwing.insert(members[i]);
  }
  return throwing.size();
}

// How many members throw `type` (f's exception type or one of its library bases): `among_findings`
// of the run's, or, when that is too few to say, as many as throw it when tried on states
// (members_throwing_on_states, once per type: `probed`).
size_t refusing_members(const Api& api, const LiteralDomain& domain, const SequenceFinding& f, const std::string& type,
                        size_t among_findings, const std::vector<FlatSequence>& states, std::map<std::string, size_t>& probed,
                        std::unique_ptr<TestRunner>& runner, const BlameOptions& options) {
  const Operation& op = api.operations()[f.sequence.calls.back().op];
  if (among_findings >= kRefusingMembers || type.empty() || op.kind != OpKind::Method || op.params.empty() || !op.params[0].is_object())
    return among_findings;
  auto [known, fresh] = probed.emplace(type, 0);
  if (fresh) known->second = members_throwing_on_states(api, type, op.params[0].cls, states, runner_for(runner, api, domain, options));
  return std::max(among_findings, known->second);
}

// f's exception type first, then its library bases (one exception class per member, one base):
// the first that at least kRefusingMembers members throw, when the call works elsewhere.
FindingBlame refusal_blame(const Api& api, const LiteralDomain& domain, const SequenceFinding& f,
                           std::map<std::string, std::set<uint32_t>>& throwers, const std::vector<FlatSequence>& states,
                           std::map<std::string, size_t>& probed, std::unique_ptr<TestRunner>& runner, const BlameOptions& options) {
  for (const std::string& type : exception_family(f)) {
    size_t throwing = refusing_members(api, domain, f, type, throwers[type].size(), states, probed, runner, options);
    if (throwing >= kRefusingMembers) return refused_call(api, domain, f, type, throwing, states, runner_for(runner, api, domain, options));
  }
  return {};
}

// A member that needs a built state fails on a fresh object whatever its arguments; one that
// fails for some values only (add(1) whose object then cannot be destroyed) has a bug.
FindingBlame needs_built_state(const Api& api, const LiteralDomain& domain, const SequenceFinding& f,
                               const std::vector<FlatSequence>& states, std::unique_ptr<TestRunner>& runner, const BlameOptions& options) {
  const FlatCall& last = f.sequence.calls.back();
  const Operation& op = api.operations()[last.op];
  bool on_object = op.kind == OpKind::Method || op.contract >= 0;  // a contract check calls members on its first
  if (!on_object || last.args.empty() || last.args[0] < 0 || !as_constructed(api, f.sequence, last.args[0])) return {};
  constexpr size_t kOneCallStates = 16;
  std::vector<FlatSequence> probes = on_other_receivers(api, f.sequence, states, options.probed_states);
  for (FlatSequence& p :
       on_other_receivers(api, f.sequence, one_call_from_construction(api, op.params[0].cls, kOneCallStates), kOneCallStates))
    probes.push_back(std::move(p));
  if (probes.empty()) return {};
  TestRunner& run = runner_for(runner, api, domain, options);
  if (all_fail(run, other_arguments(api, domain, f.sequence)) && works_elsewhere(run, probes))
    return {Blame::Precondition,
            "on an object as its constructor made it the call fails with every argument "
            "tried, and returns normally on other states: " +
                op.name + " requires a state the sequence never built"};
  return {};
}

// Findings from cut_from on whose probes the run's deadline may have cut: set apart, not called
// a bug on evidence objgen did not gather.
void set_apart_unprobed(size_t cut_from, std::vector<FindingBlame>& out) {
  if (cut_from == out.size() && run_deadline_passed() && !out.empty()) cut_from = out.size() - 1;
  for (size_t i = cut_from; i < out.size(); ++i)
    if (out[i].blame == Blame::Bug) out[i] = {Blame::Precondition, kNotProbedInTime};
}

}  // namespace

std::vector<FindingBlame> blame_findings(const Api& api, const LiteralDomain& domain, const std::vector<SequenceFinding>& findings,
                                         const std::vector<FlatSequence>& states, const BlameOptions& options) {
  std::vector<FindingBlame> out(findings.size());
  std::unique_ptr<TestRunner> runner;  // runner_for
  std::map<std::string, std::set<uint32_t>> throwers = members_throwing(options.run_findings ? *options.run_findings : findings);
  std::map<std::string, size_t> probed_throwers;  // by exception type: members_throwing_on_states
  size_t cut_from = findings.size();              // the first finding whose probes the run's deadline may have cut
  for (size_t i = 0; i < findings.size(); ++i) {
    if (cut_from == findings.size() && run_deadline_passed()) cut_from = i > 0 ? i - 1 : 0;
    const SequenceFinding& f = findings[i];
    if (f.kind == Outcome::Crash && library_assertion(f.message)) {
      out[i] = {Blame::Precondition, "the library's own assertion failed: it checks what its caller must ensure"};
      continue;
    }
    if (f.sequence.calls.empty() || (options.interrupted && options.interrupted->load())) continue;
    // Out of time or memory, a refused allocation, or an abort (GMP's "overflow in mpz type" for a
    // shift by 2^64 - 1): given a huge count, the caller asked for what no call can have.
    if (resource_failure(f) || aborted(f)) {
      std::string why = huge_count_evidence(api, domain, f, runner_for(runner, api, domain, options));
      if (!why.empty()) {
        out[i] = {Blame::Precondition, why};
        continue;
      }
    }
    if (f.kind == Outcome::Failure) {
      out[i] = refusal_blame(api, domain, f, throwers, states, probed_throwers, runner, options);
      continue;
    }
    if (!precondition_like(f)) continue;
    std::string why = zero_divisor_evidence(api, domain, f, runner_for(runner, api, domain, options));
    if (!why.empty()) {
      out[i] = {Blame::Precondition, why};
      continue;
    }
    out[i] = needs_built_state(api, domain, f, states, runner, options);
  }
  label_unconfirmed_refusals(findings, out);
  set_apart_unprobed(cut_from, out);
  return out;
}

}  // namespace objgen::minimize
