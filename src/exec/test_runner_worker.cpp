// The worker's side of a TestRunner: its loop over orders, and one test case run and recorded
// (the calls, the purity probe, the state, the coverage).
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include <xxhash.h>

#include "cover/coverage_runtime.hpp"
#include "exec/checked_heap.hpp"
#include "exec/child_process.hpp"
#include "exec/test_runner.hpp"
#include "exec/test_runner_shared.hpp"
#include "exec/worker_channel.hpp"

namespace objgen {

uint64_t field_name_hash(const std::string& name) { return XXH3_64bits(name.data(), name.size()); }

namespace {

// The receiver's own fields before or after a call: name and value hashes, pointer or not.
struct RootFields {
  uint32_t count = 0;
  uint64_t name[kMaxProbedFields], value[kMaxProbedFields];
  bool pointer[kMaxProbedFields];

  bool read(Linearizer& lin, ClassId cls, const void* obj) {
    count = 0;
    if (!lin.run(cls, obj)) return false;
    std::span<const uint64_t> words = lin.words();
    for (const FieldEvent& e : lin.field_events()) {
      if (e.cls != cls || e.object != 0 || count == kMaxProbedFields) continue;
      name[count] = field_name_hash(e.name);
      value[count] = XXH3_64bits(words.data() + e.begin, (e.end - e.begin) * sizeof(uint64_t));
      pointer[count++] = e.is_pointer;
    }
    return true;
  }
};

}  // namespace

// Fills the stack the next test case's calls will use with junk: a local read before it is
// written (boost::circular_buffer's push_back() of an uninitialized item) then differs from a
// run without it.
static __attribute__((noinline)) void junk_stack() {
  char junk[64 * 1024];
  std::memset(junk, 0xa5, sizeof junk);
  asm volatile("" : : "r"(junk) : "memory");  // the stores are the point: keep them
}

void TestRunner::worker_main() {
  // Blocks of every small size, never freed: objects the test cases allocate land at other
  // addresses than in a worker without the shift (an address-derived value then differs).
  static std::vector<std::unique_ptr<char[]>> shift;
  for (size_t b = 0; b < opt_.heap_shift_blocks; ++b)
    for (size_t size = 8; size <= 512; size += 8) shift.push_back(std::make_unique<char[]>(size));
  if (opt_.heap_shift_blocks > 0) junk_new_blocks(true);  // and what nobody wrote reads differently
  RunnerReply loaded{RunnerReply::Loaded, 0, 0, 0};       // the code under test is loaded (here or by the exec'd program)
  if (!send_all(notify_fd_, &loaded, sizeof loaded)) _exit(3);
  for (;;) {
    RunnerOrder o{};
    if (!receive_all(notify_fd_, &o, sizeof o) || o.kind != RunnerOrder::Batch || !is_original_child()) _exit(0);
    progress_seen_ = shared_->progress.load();  // objgen set it for this order
    // Copied before the first call: what a call writes over in shared memory is not read again.
    uint32_t count = std::min(o.count, kBatchCapacity);
    std::memcpy(packed_.data(), shared_inputs(), count * sizeof(PackedTest));
    sync_literals(o.grown, o.scratch);
    for (uint32_t t = o.first; t < count; ++t) {
      if (opt_.heap_shift_blocks > 0) junk_stack();
      evaluate(t, o.careful && t == o.first);
      send_result(o.request, t);
    }
  }
}

void TestRunner::send_result(uint32_t request, uint32_t t) {
  RunnerReply r{RunnerReply::Result, request, t, static_cast<uint32_t>(result_bytes())};
  if (!send_all(notify_fd_, &r, sizeof r) || !send_all(notify_fd_, result(t), result_bytes())) _exit(3);  // objgen is gone
}

namespace {

// What a worker's test cases use, made once: the objects of the running test case and the
// linearizers that probe what the method under test changed.
struct CallScratch {
  std::vector<Object> values;
  Linearizer lin{1000, nullptr};
  Linearizer field_lin{1000, nullptr};  // probe only: the receiver's fields one by one
  RootFields fields_before, fields_after;
  std::optional<Linearizer> state_lin;  // RunnerOptions::state_omit's
  std::string state_omit;
  CallScratch() { field_lin.record_fields(true); }
};

CallScratch& call_scratch() {
  static CallScratch scratch;
  return scratch;
}

// The method under test's object parameters before its call (probed: bit k for parameter k).
struct Probed {
  Fingerprint before[kMaxCallParams];
  uint32_t mask = 0;
  bool fields = false;  // the receiver's fields were read
};

Probed probe_before(CallScratch& cs, const Operation& op, const PackedCall& c, Arg* args) {
  Probed p;
  for (uint32_t k = 0; k < c.nargs; ++k)
    if (op.params[k].is_object() && cs.lin.run(op.params[k].cls, args[k].obj->get())) {
      p.before[k] = cs.lin.fingerprint(op.params[k].cls);
      p.mask |= 1u << k;
    }
  p.fields = (p.mask & 1u) && op.kind == OpKind::Method && cs.fields_before.read(cs.field_lin, op.params[0].cls, args[0].obj->get());
  return p;
}

// Which probed parameters and receiver fields the call changed.
void probe_after(CallScratch& cs, const Operation& op, const PackedCall& c, Arg* args, const Probed& p, PackedResult* r) {
  for (uint32_t k = 0; k < c.nargs; ++k) {
    if (!(p.mask & (1u << k)) || op.params[k].consumed()) continue;
    if (!cs.lin.run(op.params[k].cls, args[k].obj->get())) continue;
    r->probed_mask |= 1u << k;
    if (!(cs.lin.fingerprint(op.params[k].cls) == p.before[k])) r->changed_mask |= 1u << k;
  }
  const RootFields& before = cs.fields_before;
  RootFields& after = cs.fields_after;
  if (!p.fields || !after.read(cs.field_lin, op.params[0].cls, args[0].obj->get()) || after.count != before.count) return;
  r->field_count = after.count;
  for (uint32_t f = 0; f < after.count; ++f) {
    r->field_name[f] = after.name[f];
    bool changed = after.value[f] != before.value[f] || (after.pointer[f] && (r->changed_mask & 1u));
    r->fields_changed |= static_cast<uint32_t>(changed) << f;
  }
}

// The method under test's outcome and its primitive result.
void record_root(PackedResult* r, Outcome o, const CallResult& res, const std::string& message) {
  r->feasible = 1;
  r->outcome = static_cast<uint8_t>(o);
  copy_text(r->message, kMessageBytes, message);
  // A string with a NUL inside would come back cut at it: no value.
  if (o == Outcome::Normal && res.has_literal && res.literal.s.size() < kTextBytes && res.literal.s.find('\0') == std::string::npos) {
    r->has_result = 1;
    r->result_kind = static_cast<uint8_t>(res.literal.kind);
    r->result_i = res.literal.i;
    r->result_d = res.literal.d;
    copy_text(r->result_text, kTextBytes, res.literal.s);
  }
}

// The test case's arguments of call c (literal_at: a literal by its slot and index); whether one
// of its objects is missing.
template <class LiteralAt>
bool bind_call(const PackedCall& c, const Operation& op, std::vector<Object>& values, Arg* args, LiteralAt literal_at) {
  bool null_object = false;
  for (uint32_t k = 0; k < c.nargs; ++k) {
    if (c.args[k] < 0) {
      args[k].lit = literal_at(op.params[k], static_cast<uint32_t>(-1 - c.args[k]));
      null_object |= args[k].lit == nullptr;  // an index the domain has not (the memory was overwritten)
    } else {
      args[k].obj = &values[c.args[k]];
      null_object |= !values[c.args[k]];
    }
  }
  return null_object;
}

// The linearizer of fingerprint_state: the scratch one, or one leaving out `omit`'s fields (made
// on the first state read, kept while the pattern stays).
Linearizer& state_linearizer(CallScratch& cs, const std::string& omit) {
  if (omit.empty()) return cs.lin;
  if (!cs.state_lin || cs.state_omit != omit) {
    cs.state_lin.emplace(1000, std::make_shared<const std::regex>(omit));
    cs.state_omit = omit;
  }
  return *cs.state_lin;
}

// The state the MUT call left: a member's receiver, else the object it made (fingerprint_state).
void fingerprint_state(CallScratch& cs, const std::string& omit, const Operation& op, const PackedCall& c, Arg* args, const CallResult& res,
                       PackedResult* r) {
  ClassId cls = 0;
  const void* root = nullptr;
  // A member's state is its receiver's, whatever it returns (`C with(int) const` leaves the
  // receiver as it was); a constructor's or factory's is the object it made.
  bool member = op.kind == OpKind::Method && c.nargs > 0 && op.params[0].is_object() && !op.params[0].consumed();
  if (member && args[0].obj && *args[0].obj) {
    cls = op.params[0].cls, root = args[0].obj->get();
  } else if (!member && op.result.is_object() && res.has_object && res.object) {
    cls = op.result.cls, root = res.object.get();
  }
  Linearizer& lin = state_linearizer(cs, omit);
  if (!root || !lin.run(cls, root)) return;
  Fingerprint f = lin.fingerprint(cls);
  r->state_lo = f.lo, r->state_hi = f.hi, r->has_state = 1;
}

// The coverage of the method under test's functions: hits, branch distances, operands.
void copy_coverage(const RunnerOptions& opt, unsigned char* after_result) {
  auto& cov = cover::CoverageRuntime::get();
  // The distances first: both structs' sizes are multiples of 8, so they stay aligned.
  auto* distances = reinterpret_cast<double*>(after_result);
  auto* operands = reinterpret_cast<PackedOperands*>(distances + opt.mut_outcome_count);
  auto* hits = reinterpret_cast<uint32_t*>(operands + opt.mut_site_count);
  for (const CoveredRange& range : opt.coverage) {
    std::memcpy(hits, cov.function_hits(range.function), range.nodes * sizeof(uint32_t));
    hits += range.nodes;
    for (uint32_t k = 0; k < range.outcome_count; ++k) *distances++ = cov.outcome_distance(range.outcome_begin + k);
    for (uint32_t k = 0; k < range.site_count; ++k, ++operands)
      operands->seen = cov.site_operands(range.site_begin + k, operands->a, operands->b);
  }
}

}  // namespace

void TestRunner::evaluate(uint32_t t, bool careful) {
  const auto* in = reinterpret_cast<const PackedTest*>(input(t));
  std::memset(result(t), 0, result_bytes());
  auto* r = reinterpret_cast<PackedResult*>(result(t));
  if (!opt_.coverage.empty()) cover::CoverageRuntime::get().reset();
  if (ftruncate(STDERR_FILENO, 0) != 0) {
  }  // what a crash leaves there is this test case's
  CallScratch& cs = call_scratch();
  std::vector<Object>& values = cs.values;
  values.clear();
  std::string message;
  // The words a call must leave as they are: one that changed them wrote into objgen's memory.
  auto forged = [&](uint32_t i) {
    return shared_->call.load(std::memory_order_relaxed) != i || shared_->progress.load() != progress_seen_;
  };
  for (uint32_t i = 0; i < std::min<uint32_t>(in->calls, kMaxTestCalls); ++i) {
    RunnerReply said{RunnerReply::Call, 0, t, i};
    if (careful && !send_all(notify_fd_, &said, sizeof said)) _exit(3);
    shared_->call.store(i, std::memory_order_relaxed);
    shared_->progress.store(++progress_seen_, std::memory_order_release);
    const PackedCall& c = in->call[i];
    const Operation& op = api_.operations()[c.op];
    Arg args[kMaxCallParams];
    bool null_object = bind_call(c, op, values, args, [this](const SlotType& p, uint32_t i) { return literal_at(p, i); });
    bool root = i + 1 == in->calls;
    Probed probed = root && opt_.probe && !null_object ? probe_before(cs, op, c, args) : Probed{};
    CallResult res;
    Outcome o = null_object ? Outcome::Misuse : execute_call(op, args, res, api_.misuse(), &message);
    if (null_object) message = "an object argument is null";
    if (forged(i)) {
      o = Outcome::Crash, message = kForgedWords;
      root = false;  // the test case ends here, unfeasible
    }
    if ((!root && o != Outcome::Normal) || (root && null_object)) {  // the MUT must actually run
      r->feasible = 0;
      r->failed_at = i + 1;
      r->outcome = static_cast<uint8_t>(o);
      copy_text(r->message, kMessageBytes, message);
      break;
    }
    if (root) {
      record_root(r, o, res, message);
      if (o == Outcome::Normal) probe_after(cs, op, c, args, probed, r);
      // A const member that threw left its receiver as it was: that state is still known.
      bool unchanged = op.is_const && (o == Outcome::Failure || o == Outcome::Misuse);
      if (opt_.fingerprint_state && (o == Outcome::Normal || unchanged)) fingerprint_state(cs, opt_.state_omit, op, c, args, res, r);
    }
    if (op.result.is_object()) values.push_back(res.has_object ? res.object : nullptr);
  }
  copy_coverage(opt_, result(t) + sizeof(PackedResult));
  uint32_t last = shared_->call.load(std::memory_order_relaxed);
  values.clear();  // destructors run while `call` still names the last call
  if (in->calls > 0 && r->feasible && forged(last)) {
    r->feasible = 0;
    r->failed_at = std::min<uint32_t>(in->calls, kMaxTestCalls);
    r->outcome = static_cast<uint8_t>(Outcome::Crash);
    copy_text(r->message, kMessageBytes, kForgedWords);
  }
  r->written = 1;
}

}  // namespace objgen
