#include "exec/initialising_call.hpp"

#include <algorithm>
#include <cstring>

#include "exec/test_runner.hpp"
#include "model/literal_domain.hpp"

namespace objgen {
namespace {

constexpr size_t kMaxCallsPerMember = 16;  // argument combinations tried per candidate member
constexpr size_t kMaxExtraParams = 3;      // candidates take at most this many arguments
constexpr size_t kMaxOmissionReads = 48;   // readings spent finding fields to leave out

// The literal indices tried for a parameter: the domain's order, -1 first among ints.
std::vector<uint32_t> candidate_values(const LiteralDomain& domain, const SlotType& slot) {
  std::vector<uint32_t> order(domain.of(slot).size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  return order;
}

bool only_literals(const Operation& op, size_t from) {
  for (size_t k = from; k < op.params.size(); ++k)
    if (!op.params[k].is_literal()) return false;
  return true;
}

// A member that may initialise its receiver: non-const, taking it by reference, the rest literals.
bool may_initialise(const Operation& op, ClassId target) {
  return op.kind == OpKind::Method && !op.is_const && op.contract < 0 && !op.upcast && !op.params.empty() && op.params[0].is_object() &&
         op.params[0].cls == target && op.params[0].may_modify() && !op.params[0].consumed() && op.params.size() <= kMaxExtraParams + 1 &&
         only_literals(op, 1) && op.call_pattern.empty();
}

// A constructor given each parameter's first value, 0 for an int (not -1: a count or a size).
FlatCall construct(const Operation& op, uint32_t index) {
  FlatCall c{index, {}, {}};
  for (const SlotType& p : op.params) {
    bool integer = p.literal == LiteralKind::Int && p.enum_type.empty();
    c.args.push_back(integer ? -2 : -1), c.produced.push_back(-1);  // literal 1 (0 among -1..2), else literal 0
  }
  c.produced.push_back(0);
  return c;
}

FlatCall call_on_first(uint32_t op, const std::vector<uint32_t>& literals) {
  FlatCall c{op, {0}, {0}};
  for (uint32_t index : literals) c.args.push_back(-1 - static_cast<int64_t>(index)), c.produced.push_back(-1);
  return c;
}

// Every combination of the candidates' values, the first parameter varying slowest, at most `limit`.
std::vector<std::vector<uint32_t>> combinations(const std::vector<std::vector<uint32_t>>& values, size_t limit) {
  std::vector<std::vector<uint32_t>> out{{}};
  for (const auto& choices : values) {
    std::vector<std::vector<uint32_t>> next;
    for (const auto& prefix : out)
      for (uint32_t v : choices) {
        if (next.size() == limit) break;
        next.push_back(prefix), next.back().push_back(v);
      }
    out = std::move(next);
  }
  return out;
}

std::string spelled_call(const Operation& op, const LiteralDomain& domain, const std::vector<uint32_t>& literals) {
  std::string call = (op.cpp_call.empty() ? op.name : op.cpp_call) + "(";
  for (size_t k = 0; k < literals.size(); ++k) call += (k ? ", " : "") + domain.cpp(op.params[k + 1], literals[k]);
  return call + ")";
}

// Operation::signature() without the class registry: the API may be one a process of its own
// described (its class ids are not this process's).
std::string member_signature(const Api& api, const Operation& op) {
  const ClassInfo* owner = api.find_class(op.owner);
  std::string out = (owner ? short_class_name(owner->name) : std::string("?")) + "::" + op.name + "(";
  for (size_t i = 1; i < op.params.size(); ++i) out += (i > 1 ? ", " : "") + op.params[i].cpp_type;
  return out + ")";
}

struct Candidate {
  uint32_t method;
  std::vector<uint32_t> literals;
};

class Prober {
 public:
  Prober(const Api& api, ClassId target, const ReadProbeOptions& o)
      : api_(api),
        target_(target),
        options_(o),
        domain_(LiteralDomain::make(kReadProbeScope, api, LiteralSpec{kReadProbeInts, "", "", "", ""})) {
    plain_.emplace(api, domain_, runner_options(o.plain_worker, false));
    reading_.emplace(api, domain_, runner_options(o.reading_worker, true));
  }

  ReadProbe run() {
    ReadProbe out;
    std::vector<uint32_t> all = constructors();
    std::vector<FlatSequence> alone;
    alone.reserve(all.size());
    for (uint32_t c : all) alone.push_back({{construct(api_.operations()[c], c)}, 0});
    std::vector<TestOutcome> made = plain_->run(alone), read = reading_->run(alone);
    for (size_t i = 0; i < all.size(); ++i) {
      if (!made[i].feasible || made[i].outcome != Outcome::Normal) continue;
      if (read[i].feasible && read[i].has_state) return out;  // one constructor's objects read: nothing to find
      out.constructors.push_back(all[i]);
      if (out.why.empty()) out.why = read[i].feasible ? "objgen's reader could not read it" : read[i].message;
    }
    out.unreadable = !out.constructors.empty();
    if (out.unreadable) out.found = search(out);
    if (out.unreadable && !out.found) out.left_out = fields_to_leave_out(out);
    return out;
  }

 private:
  RunnerOptions runner_options(std::vector<std::string> worker, bool reading, const std::string& omit = "") const {
    RunnerOptions ro;
    ro.call_timeout_seconds = options_.call_timeout_seconds;
    ro.worker_memory_limit_bytes = options_.worker_memory_limit_bytes;
    ro.enumerations = true;
    ro.fingerprint_state = reading;
    ro.state_omit = omit;
    if (!worker.empty() && !omit.empty()) worker.insert(worker.end(), {"--state-omit", omit});
    ro.worker_command = std::move(worker);
    return ro;
  }

  // Whether every unreadable constructor's object reads without these fields (a worker of its own).
  bool reads_without(ReadProbe& p, const std::vector<std::string>& fields) {
    ++p.omission_reads;
    TestRunner runner(api_, domain_, runner_options(options_.reading_worker, true, exact_fields_pattern(fields)));
    std::vector<FlatSequence> alone;
    alone.reserve(p.constructors.size());
    for (uint32_t c : p.constructors) alone.push_back({{construct(api_.operations()[c], c)}, 0});
    std::vector<TestOutcome> read = runner.run(alone);
    return std::all_of(read.begin(), read.end(), [](const TestOutcome& o) { return o.feasible && o.has_state; });
  }

  // Every candidate left out first (nothing when that does not read either), then chunks of them
  // given back, halving, while the objects still read (delta debugging's reduction): one culprit
  // costs about twice the logarithm of the candidates in readings, each a worker of its own.
  std::vector<std::string> fields_to_leave_out(ReadProbe& p) {
    std::vector<std::string> kept = options_.field_candidates;
    if (kept.empty() || !reads_without(p, kept)) return {};
    for (size_t chunk = (kept.size() + 1) / 2;; chunk = (chunk + 1) / 2) {
      for (size_t i = 0; i < kept.size() && p.omission_reads < kMaxOmissionReads;) {
        std::vector<std::string> fewer(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(i));
        fewer.insert(fewer.end(), kept.begin() + static_cast<std::ptrdiff_t>(std::min(kept.size(), i + chunk)), kept.end());
        if (!fewer.empty() && reads_without(p, fewer))
          kept = std::move(fewer);
        else
          i += chunk;
      }
      if (chunk == 1 || p.omission_reads >= kMaxOmissionReads) return kept;
    }
  }

  std::vector<uint32_t> constructors() const {
    std::vector<uint32_t> out;
    for (uint32_t i = 0; i < api_.operations().size(); ++i) {
      const Operation& op = api_.operations()[i];
      bool makes = (op.kind == OpKind::Constructor || op.kind == OpKind::StaticFactory || op.kind == OpKind::FreeFunction) &&
                   op.result.is_object() && op.result.cls == target_ && !op.upcast && op.contract < 0;
      if (makes && only_literals(op, 0)) out.push_back(i);
    }
    return out;
  }

  std::vector<Candidate> candidates() const {
    std::vector<Candidate> out;
    for (uint32_t i = 0; i < api_.operations().size(); ++i) {
      const Operation& op = api_.operations()[i];
      if (!may_initialise(op, target_)) continue;
      std::vector<std::vector<uint32_t>> values;
      for (size_t k = 1; k < op.params.size(); ++k) values.push_back(candidate_values(domain_, op.params[k]));
      for (auto& literals : combinations(values, kMaxCallsPerMember)) out.push_back({i, std::move(literals)});
    }
    return out;
  }

  FlatSequence initialised(uint32_t constructor, const Candidate& c, int times) const {
    FlatSequence s{{construct(api_.operations()[constructor], constructor)}, 0};
    for (int t = 0; t < times; ++t) s.calls.push_back(call_on_first(c.method, c.literals));
    return s;
  }

  // The first candidate after which the first constructor's object reads, and every other one's.
  std::optional<InitialisingCall> search(ReadProbe& p) {
    std::vector<Candidate> all = candidates();
    std::vector<FlatSequence> tests;
    tests.reserve(all.size());
    for (const Candidate& c : all) tests.push_back(initialised(p.constructors.front(), c, 1));
    std::vector<TestOutcome> read = reading_->run(tests);
    p.candidates_tried = all.size();
    for (size_t i = 0; i < all.size(); ++i) {
      if (!read[i].feasible || !read[i].has_state || !reads_after_every_constructor(p, all[i])) continue;
      const Operation& op = api_.operations()[all[i].method];
      InitialisingCall found{all[i].method,
                             {},
                             spelled_call(op, domain_, all[i].literals),
                             op.cpp_call.empty() ? op.name : op.cpp_call,
                             member_signature(api_, op),
                             false};
      for (size_t k = 0; k < all[i].literals.size(); ++k) found.args.push_back(domain_.of(op.params[k + 1])[all[i].literals[k]]);
      TestOutcome twice = plain_->run({initialised(p.constructors.front(), all[i], 2)}).front();
      found.repeatable = twice.feasible && twice.outcome == Outcome::Normal;
      return found;
    }
    return std::nullopt;
  }

  bool reads_after_every_constructor(const ReadProbe& p, const Candidate& c) {
    std::vector<FlatSequence> tests;
    for (size_t k = 1; k < p.constructors.size(); ++k) tests.push_back(initialised(p.constructors[k], c, 1));
    if (tests.empty()) return true;
    std::vector<TestOutcome> read = reading_->run(tests);
    return std::all_of(read.begin(), read.end(), [](const TestOutcome& o) { return o.feasible && o.has_state; });
  }

  const Api& api_;
  ClassId target_;
  const ReadProbeOptions& options_;
  LiteralDomain domain_;
  std::optional<TestRunner> plain_, reading_;
};

}  // namespace

std::string exact_fields_pattern(const std::vector<std::string>& qualified_fields) {
  std::string out;
  for (const std::string& f : qualified_fields) {
    if (!out.empty()) out += '|';
    for (char c : f) {
      if (std::strchr("\\^$.|?*+()[]{}", c)) out += '\\';
      out += c;
    }
  }
  return out;
}

ReadProbe probe_reading(const Api& api, ClassId target, const ReadProbeOptions& options) { return Prober(api, target, options).run(); }

}  // namespace objgen
