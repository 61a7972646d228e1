#include "gen/oracles/regression_oracles.hpp"

#include <algorithm>
#include <cstring>
#include <chrono>
#include <climits>
#include <cmath>

#include "exec/run_deadline.hpp"
#include "exec/test_runner.hpp"

namespace objgen::oracles {
namespace {

constexpr size_t kChunk = 2048;     // test cases per runner call (progress, interrupts)
constexpr size_t kShiftBlocks = 3;  // the second run's heap shift

// One test case: which state, and what it asks.
struct Probe {
  enum Kind : uint8_t { SequenceCall, Observer, Member, ObserverAfterMember, EqualsRebuilt } kind;
  size_t state;
  size_t index = 0;       // SequenceCall: the call; Member, ObserverAfterMember: the check
  uint32_t observer = 0;  // Observer, ObserverAfterMember
};

// The test case reached its last call, which ended as `o.outcome` (a crash or hang of the last
// call leaves it unfeasible at that call).
bool reached_last(const TestOutcome& o) { return o.feasible || (o.length > 0 && o.failed_at == o.length); }
bool died(const TestOutcome& o) { return o.outcome == Outcome::Crash || o.outcome == Outcome::Timeout; }
bool threw(const TestOutcome& o) { return o.outcome == Outcome::Failure || o.outcome == Outcome::Misuse; }

constexpr uint32_t kDropped = UINT32_MAX;  // a check's op once it is left out

FlatCall observer_call(uint32_t op, int value) { return FlatCall{op, {value}, {value}}; }

FlatSequence with_calls(const FlatSequence& seq, std::vector<FlatCall> calls) {
  FlatSequence t = seq;
  for (FlatCall& c : calls) t.calls.push_back(std::move(c));
  return t;
}

// The member on `value` with literal arguments taken from the domain in turn (the n-th state
// gets the n-th values), or nullopt when a parameter's kind has no values.
std::optional<FlatCall> member_call(const Api& api, const LiteralDomain& domain, uint32_t op, int value, size_t n) {
  const Operation& o = api.operations()[op];
  FlatCall c{op, {value}, {value}};
  for (size_t k = 1; k < o.params.size(); ++k) {
    size_t count = domain.of(o.params[k]).size();
    if (count == 0) return std::nullopt;
    c.args.push_back(-1 - static_cast<int64_t>((n + k - 1) % count));
    c.produced.push_back(-1);
  }
  return c;
}

// At most `limit` state indices, evenly spaced.
std::vector<size_t> sample(const std::vector<FlatSequence>& states, size_t limit) {
  std::vector<size_t> out;
  size_t n = states.size(), k = std::min(n, limit);
  for (size_t i = 0; i < k; ++i) out.push_back(i * n / k);
  return out;
}

// A value read from a local nobody initialized: harnesses are built with
// -ftrivial-auto-var-init=pattern, which fills such locals with 0xFE bytes (GCC; Clang: 0xAA,
// floating point 0xFF), the same in every run (two runs cannot tell it from a real value) and
// unlike what another build reads. Only 4- and 8-byte patterns are recognized: a 1- or 2-byte
// one is too likely a real value.
bool indeterminate(const Literal& l) {
  auto pattern = [](int64_t v, uint8_t byte) {
    uint32_t b32 = 0x01010101u * byte;
    uint64_t b64 = 0x0101010101010101ull * byte;
    return v == static_cast<int32_t>(b32) || v == static_cast<int64_t>(b32) || v == static_cast<int64_t>(b64);
  };
  switch (l.kind) {
    case LiteralKind::Int:
      return pattern(l.i, 0xFE) || pattern(l.i, 0xAA);
    case LiteralKind::Double: {
      uint64_t bits;
      std::memcpy(&bits, &l.d, sizeof bits);
      float f = static_cast<float>(l.d);
      uint32_t fbits;
      std::memcpy(&fbits, &f, sizeof fbits);
      return bits == 0xFEFEFEFEFEFEFEFEull || bits == 0xFFFFFFFFFFFFFFFFull || fbits == 0xFEFEFEFEu || fbits == 0xFFFFFFFFu;
    }
    default:
      return false;
  }
}

// The value both runs agree on, or nullopt (counted as flaky when they disagree or it is
// indeterminate).
std::optional<Literal> agreed(const TestOutcome& a, const TestOutcome& b, uint64_t& flaky) {
  bool valued = a.feasible && b.feasible && a.outcome == Outcome::Normal && b.outcome == Outcome::Normal && a.has_result && b.has_result;
  if (!valued) return std::nullopt;
  if (!same_value(a.result, b.result) || indeterminate(a.result)) {
    ++flaky;
    return std::nullopt;
  }
  return a.result;
}

// A value emitted code can state: NaN and the infinities are left out (no literal spells them
// portably in an EXPECT).
bool assertable(const Literal& l) { return l.kind != LiteralKind::Double || std::isfinite(l.d); }

std::vector<TestOutcome> run_all(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& tests,
                                 const OracleOptions& options, size_t shift, size_t offset, size_t total, bool enumerations = true) {
  RunnerOptions ro;
  ro.call_timeout_seconds = options.call_timeout_seconds;
  ro.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  ro.heap_shift_blocks = shift;
  ro.enumerations = enumerations;
  TestRunner runner(api, domain, ro);
  std::vector<TestOutcome> out;
  out.reserve(tests.size());
  for (size_t first = 0; first < tests.size(); first += kChunk) {
    if ((options.interrupted && options.interrupted->load()) || run_deadline_passed()) break;
    std::vector<FlatSequence> chunk(tests.begin() + static_cast<long>(first),
                                    tests.begin() + static_cast<long>(std::min(tests.size(), first + kChunk)));
    for (TestOutcome& o : runner.run(chunk)) out.push_back(std::move(o));
    if (options.progress) options.progress(offset + out.size(), total);
  }
  return out;
}

}  // namespace

std::vector<std::optional<Literal>> stable_last_values(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& tests,
                                                       const OracleOptions& options, bool enumerations) {
  std::vector<TestOutcome> first = run_all(api, domain, tests, options, 0, 0, 2 * tests.size(), enumerations);
  std::vector<TestOutcome> second = run_all(api, domain, tests, options, kShiftBlocks, tests.size(), 2 * tests.size(), enumerations);
  std::vector<std::optional<Literal>> out(tests.size());
  uint64_t flaky = 0;
  for (size_t t = 0; t < std::min(first.size(), second.size()); ++t)
    if (std::optional<Literal> v = agreed(first[t], second[t], flaky); v && assertable(*v)) out[t] = v;
  return out;
}

int equality_of(const Api& api, ClassId cls) {
  for (uint32_t k = 0; k < api.operations().size(); ++k) {
    const Operation& o = api.operations()[k];
    if (o.name == "operator==" && o.emittable && !o.through.derived() && o.params.size() == 2 && o.params[0].is_object() &&
        o.params[1].is_object() && o.params[0].cls == cls && o.params[1].cls == cls && !o.params[0].consumed() && !o.params[1].consumed() &&
        o.result.is_literal() && o.result.literal == LiteralKind::Bool)
      return static_cast<int>(k);
  }
  return -1;
}

int append_rebuild(const Api& api, FlatSequence& seq) { return append_sequence(api, seq, FlatSequence(seq)); }

std::vector<uint32_t> members_to_check(const Api& api, ClassId cls) {
  std::vector<uint32_t> observers = observers_of(api, cls), out;
  for (uint32_t k = 0; k < api.operations().size(); ++k) {
    const Operation& o = api.operations()[k];
    if (o.kind != OpKind::Method || !o.emittable || o.through.derived() || o.params.empty() || !o.params[0].is_object() ||
        o.params[0].cls != cls || o.params[0].consumed() || std::find(observers.begin(), observers.end(), k) != observers.end())
      continue;
    if (std::all_of(o.params.begin() + 1, o.params.end(), [](const SlotType& p) { return p.is_literal(); })) out.push_back(k);
  }
  return out;
}

std::vector<uint32_t> observers_of(const Api& api, ClassId cls) {
  std::vector<uint32_t> out;
  for (uint32_t k = 0; k < api.operations().size(); ++k) {
    const Operation& o = api.operations()[k];
    if (o.kind == OpKind::Method && o.is_const && o.emittable && !o.through.derived() && o.params.size() == 1 && o.params[0].is_object() &&
        o.params[0].cls == cls && o.result.is_literal())
      out.push_back(k);
  }
  return out;
}

namespace {

// The test cases to run twice, each with the probe saying what it observes.
// At most this many calls in all the probes of one recording: each probe is a whole sequence
// held in objgen's memory, and states x observers x calls grows past any machine (64-call
// sequences of a class with 40 observers, 1000 states: 24 GB, measured on tinyxml2's handles).
constexpr size_t kMaxPlannedCalls = 1'000'000;

struct Probes {
  std::vector<Probe> probes;
  std::vector<FlatSequence> tests;
  size_t calls = 0;
  void add(Probe p, FlatSequence t) {
    calls += t.calls.size();
    probes.push_back(p);
    tests.push_back(std::move(t));
  }
  bool full() const { return calls >= kMaxPlannedCalls; }
};

// Each state's literal-returning calls (up to each) and observers.
void probe_calls_and_observers(const Api& api, const std::vector<FlatSequence>& states, const std::vector<uint32_t>& observers,
                               const OracleOptions& options, OracleResult& result, Probes& out) {
  for (size_t s = 0; s < states.size(); ++s) {
    const FlatSequence& seq = states[s];
    result.states[s].returned.resize(seq.calls.size());
    if (out.full()) continue;  // the states after it keep their calls unchecked (result.observed_states says how many)
    result.observed_states = s + 1;
    if (seq.result_value < 0 || seq.calls.size() + 1 > kMaxTestCalls) continue;
    for (size_t i = 0; i < seq.calls.size() && options.calls_and_equality; ++i)
      if (api.operations()[seq.calls[i].op].result.is_literal())
        out.add({Probe::SequenceCall, s, i, 0}, {{seq.calls.begin(), seq.calls.begin() + static_cast<long>(i) + 1}, -1});
    for (uint32_t op : observers) out.add({Probe::Observer, s, 0, op}, with_calls(seq, {observer_call(op, seq.result_value)}));
  }
}

// Each state == the same state rebuilt, when the class has ==.
void probe_equality(const Api& api, ClassId target, const std::vector<FlatSequence>& states, const OracleOptions& options, Probes& out) {
  int eq = equality_of(api, target);
  if (eq < 0 || !options.calls_and_equality) return;
  for (size_t s = 0; s < states.size(); ++s) {
    const FlatSequence& seq = states[s];
    if (seq.result_value < 0 || 2 * seq.calls.size() + 1 > kMaxTestCalls || out.full()) continue;
    FlatSequence t = seq;
    int second = append_rebuild(api, t);
    t.calls.push_back(FlatCall{static_cast<uint32_t>(eq), {seq.result_value, second}, {seq.result_value, second}});
    out.add({Probe::EqualsRebuilt, s, 0, static_cast<uint32_t>(eq)}, std::move(t));
  }
}

// The chosen members called on sampled states, and the observers after each.
void probe_members(const Api& api, const LiteralDomain& domain, const std::vector<FlatSequence>& states,
                   const std::vector<uint32_t>& observers, const OracleOptions& options, OracleResult& result, Probes& out) {
  for (size_t s : sample(states, options.method_states)) {
    const FlatSequence& seq = states[s];
    if (seq.calls.size() + 2 > kMaxTestCalls || out.full()) continue;
    for (uint32_t op : options.methods) {
      std::optional<FlatCall> call = member_call(api, domain, op, seq.result_value, s);
      if (!call) continue;
      size_t check = result.states[s].checks.size();
      result.states[s].checks.push_back({*call, false, std::nullopt, {}});
      out.add({Probe::Member, s, check, 0}, with_calls(seq, {*call}));
      for (uint32_t o : observers)
        out.add({Probe::ObserverAfterMember, s, check, o}, with_calls(seq, {*call, observer_call(o, seq.result_value)}));
    }
  }
}

// What the probe's two runs, a and b, agree on goes into result.
void record(const Probe& p, const TestOutcome& a, const TestOutcome& b, OracleResult& result) {
  ObservedState& st = result.states[p.state];
  bool last_died = reached_last(a) && died(a) && reached_last(b) && b.outcome == a.outcome;
  if (p.kind == Probe::Observer || p.kind == Probe::Member) {
    uint32_t op = p.kind == Probe::Observer ? p.observer : st.checks[p.index].call.op;
    if (last_died) {
      result.findings.push_back({p.state, op, a.outcome, a.message});
      if (p.kind == Probe::Member) st.checks[p.index].call.op = kDropped;
      return;
    }
  }
  if (p.kind == Probe::Member) {
    MethodCheck& c = st.checks[p.index];
    if (reached_last(a) && reached_last(b) && threw(a) && threw(b))
      c.throws = true;
    else if (!(a.feasible && b.feasible && a.outcome == Outcome::Normal && b.outcome == Outcome::Normal))
      c.call.op = kDropped;
    else if (std::optional<Literal> v = agreed(a, b, result.flaky); v && assertable(*v))
      c.returned = v, ++result.values;
    return;
  }
  std::optional<Literal> v = agreed(a, b, result.flaky);
  if (!v || !assertable(*v)) return;
  ++result.values;
  if (p.kind == Probe::EqualsRebuilt)
    st.equals_rebuilt = v->i != 0;
  else if (p.kind == Probe::SequenceCall)
    st.returned[p.index] = *v;
  else if (p.kind == Probe::Observer)
    st.observed.push_back({p.observer, *v});
  else
    st.checks[p.index].after.push_back({p.observer, *v});
}

}  // namespace

OracleResult observe_states(const Api& api, const LiteralDomain& domain, ClassId target, const std::vector<FlatSequence>& states,
                            const OracleOptions& options) {
  auto start = std::chrono::steady_clock::now();
  OracleResult result;
  result.states.resize(states.size());
  std::vector<uint32_t> observers = observers_of(api, target);
  Probes planned;
  probe_calls_and_observers(api, states, observers, options, result, planned);
  probe_equality(api, target, states, options, planned);
  probe_members(api, domain, states, observers, options, result, planned);
  const std::vector<FlatSequence>& tests = planned.tests;
  std::vector<TestOutcome> first = run_all(api, domain, tests, options, 0, 0, 2 * tests.size());
  std::vector<TestOutcome> second = run_all(api, domain, tests, options, kShiftBlocks, tests.size(), 2 * tests.size());
  result.executions = first.size() + second.size();
  for (size_t t = 0; t < std::min(first.size(), second.size()); ++t) record(planned.probes[t], first[t], second[t], result);
  for (ObservedState& st : result.states)  // a check whose runs disagreed, or that died, is no check
    std::erase_if(st.checks, [](const MethodCheck& c) { return c.call.op == kDropped; });
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace objgen::oracles
