#include "exec/object_copy.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "exec/executor.hpp"
#include "exec/worker_pool.hpp"
#include "objgen/linearizer.hpp"

namespace objgen {
namespace {
bool overlap(const Linearizer& a, const Linearizer& b) {
  auto pa = a.reached_addresses(), pb = b.reached_addresses();
  std::sort(pa.begin(), pa.end());
  for (const void* p : pb)
    if (std::binary_search(pa.begin(), pa.end(), p)) return true;
  return false;
}

bool has_literal(const SlotType& p, const LiteralDomain& domain) { return p.is_literal() && !domain.of(p).empty(); }

// What the check calls: a constructor of cls taking only literals (its objects are the check's
// own: the object under check, which may be the run's, is never changed), and a few of the
// run's members that change an object of cls and take nothing but literals and objects of cls.
constexpr size_t kMostMutators = 6;
struct ProbeCalls {
  const Operation* make = nullptr;
  std::vector<const Operation*> mutators;
};
ProbeCalls probe_calls(ClassId cls, const CopyProbe& probe) {
  ProbeCalls calls;
  if (!probe.api || !probe.domain) return calls;
  for (uint32_t index : probe.operations) {
    const Operation& op = probe.api->operations()[index];
    if (op.contract >= 0 || op.upcast || op.through.derived()) continue;
    const LiteralDomain& domain = *probe.domain;
    if (op.kind == OpKind::Constructor && op.result.cls == cls && !calls.make &&
        std::all_of(op.params.begin(), op.params.end(), [&](const SlotType& p) { return has_literal(p, domain); }))
      calls.make = &op;
    if (op.kind != OpKind::Method || op.is_const || op.params.empty() || !op.params[0].is_object() || op.params[0].cls != cls) continue;
    bool usable = std::all_of(op.params.begin() + 1, op.params.end(),
                              [&](const SlotType& p) { return p.is_object() ? p.cls == cls : has_literal(p, domain); });
    if (usable && calls.mutators.size() < kMostMutators) calls.mutators.push_back(&op);
  }
  return calls;
}

const Literal* first_literal(const SlotType& slot, const CopyProbe& probe) { return &probe.domain->of(slot)[0]; }

// A new object from the constructor (null when it did not return one).
Object make(const Operation& ctor, const CopyProbe& probe) {
  std::vector<Arg> args(ctor.params.size());
  for (size_t i = 0; i < ctor.params.size(); ++i) args[i].lit = first_literal(ctor.params[i], probe);
  CallResult result;
  static const MisusePolicy refusals;
  if (execute_call(ctor, args.data(), result, refusals, nullptr) != Outcome::Normal || !result.has_object) return nullptr;
  return result.object;
}

// Calls op on `receiver`, its other objects new ones. Whatever it throws is ignored: the
// question is only what the call leaves in other objects.
void call_on(const Operation& op, Object& receiver, const ProbeCalls& calls, const CopyProbe& probe) {
  std::vector<Object> others;
  others.reserve(op.params.size());
  std::vector<Arg> args(op.params.size());
  args[0].obj = &receiver;
  for (size_t i = 1; i < op.params.size(); ++i) {
    if (op.params[i].is_literal()) {
      args[i].lit = first_literal(op.params[i], probe);
    } else {
      others.push_back(make(*calls.make, probe));
      if (!others.back()) return;
      args[i].obj = &others.back();
    }
  }
  CallResult result;
  static const MisusePolicy refusals;
  execute_call(op, args.data(), result, refusals, nullptr);
}

struct Reading {
  bool within;
  std::vector<uint64_t> words;
  friend bool operator==(const Reading&, const Reading&) = default;
};
Reading read(Linearizer& lin, ClassId cls, const void* obj) {
  bool within = lin.run(cls, obj);
  return {within, {lin.words().begin(), lin.words().end()}};
}

// On objects of its own: the first mutator that changes a new object (those taking arguments
// tried first: a member without any, pop() or clear(), is the one that may crash on an empty
// object) runs again on a copy of the changed object, which is then destroyed; the changed object
// must read as before. (Changing it before copying matters: a handle that allocates on first use
// shares nothing yet.) The calls run under the probe's phase, the copy and the reads under the
// caller's.
bool copies_stay_apart(ClassId cls, const std::shared_ptr<const std::regex>& omit, const CopyProbe& probe) {
  ProbeCalls calls = probe_calls(cls, probe);
  if (!calls.make) return true;  // nothing to try: the addresses' answer stands
  std::stable_partition(calls.mutators.begin(), calls.mutators.end(), [](const Operation* op) { return op->params.size() > 1; });
  const ClassVTable& vt = class_vtable(cls);
  Linearizer lin(probe.scope, omit);
  const uint64_t outer = worker_phase();
  auto calling = [&](auto&& step) {
    set_worker_phase(probe.calls_phase);
    step();
    set_worker_phase(outer);
  };
  for (const Operation* op : calls.mutators) {
    Object base;
    calling([&] { base = make(*calls.make, probe); });
    if (!base) return true;
    const Reading fresh = read(lin, cls, base.get());
    calling([&] { call_on(*op, base, calls, probe); });
    const Reading built = read(lin, cls, base.get());
    if (built == fresh) {
      calling([&] { base.reset(); });
      continue;  // it changed nothing here: the next one
    }
    Object copy = vt.clone(base.get());
    calling([&] { call_on(*op, copy, calls, probe); });
    bool apart = read(lin, cls, base.get()) == built;
    calling([&] { copy.reset(); });
    apart = apart && read(lin, cls, base.get()) == built;
    calling([&] { base.reset(); });
    return apart;
  }
  return true;
}
}  // namespace

bool copy_is_deep(ClassId cls, const Object& obj, const std::shared_ptr<const std::regex>& omit, const CopyProbe& probe) {
  const ClassVTable& vt = class_vtable(cls);
  if (!vt.clone) return false;
  Object copy = vt.clone(obj.get());
  Linearizer a(probe.scope, omit), b(probe.scope, omit);
  bool within_a = a.run(cls, obj.get()), within_b = b.run(cls, copy.get());
  if (within_a != within_b || !std::equal(a.words().begin(), a.words().end(), b.words().begin(), b.words().end())) return false;
  if (overlap(a, b)) return false;
  if (!a.saw_opaque()) return true;  // every object it holds was read: no shared address is proof
  return copies_stay_apart(cls, omit, probe);
}

bool share_objects(ClassId cls, const void* a, const void* b, const std::shared_ptr<const std::regex>& omit) {
  Linearizer la(UINT32_MAX, omit), lb(UINT32_MAX, omit);
  la.run(cls, a);
  lb.run(cls, b);
  return overlap(la, lb);
}

}  // namespace objgen
