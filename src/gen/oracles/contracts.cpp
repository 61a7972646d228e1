#include "gen/oracles/contracts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <exception>
#include <optional>
#include <stdexcept>

#include "exec/executor.hpp"
#include "exec/object_copy.hpp"
#include "gen/oracles/regression_oracles.hpp"
#include "objgen/linearizer.hpp"

namespace objgen::contracts {
namespace {

struct ContractInfo {
  Contract contract;
  const char* name;
  const char* description;
};

constexpr ContractInfo kContracts[kContractCount] = {
    {Contract::Failures, "failures", "no call crashes, hangs or throws an exception that is not misuse"},
    {Contract::Invariant, "invariant", "the registered invariant holds on every state"},
    {Contract::CopyEqual, "copy-equal", "a copy has the original's canonical state and is == to it"},
    {Contract::CopyIndependent, "copy-independent", "changing a copy, then destroying it, leaves the original unchanged"},
    {Contract::EqReflexive, "eq-reflexive", "a == a"},
    {Contract::EqSymmetric, "eq-symmetric", "a == b exactly when b == a"},
    {Contract::HashEq, "hash-eq", "objects that are == have the same std::hash"},
    {Contract::LtIrreflexive, "lt-irreflexive", "!(a < a), and never both a < b and b < a"},
    {Contract::MovedFrom, "moved-from", "a moved-to object equals the original; the moved-from one can be assigned and destroyed"},
    {Contract::AssignEqual, "assign-equal", "after d = a, d has a's canonical state and a is unchanged; d = d changes nothing"},
};

// Objects past this size are not compared (no verdict): a check must not run away on a cycle
// its class's description does not bound.
constexpr uint32_t kCheckScope = 1u << 16;

struct Check {
  Contract contract;
  ClassId cls;
  std::shared_ptr<const std::regex> omit;
  std::function<bool(const void*)> invariant;
  std::string class_name;
  Operation mutator;  // copy-independent only
  // The class's observers (const members taking only the receiver, returning a value): with its
  // ==, what tells two of its objects apart from the outside.
  std::vector<Operation> observers;
};

[[noreturn]] void broken(const std::string& what) { throw ContractViolation(what); }

// The objects a check made. When it finds the contract broken they may share or have freed each
// other's memory (a shallow copy, a move that left the source owning the nodes), and a copy that
// shares memory with the checked object would free that object's memory when destroyed: such
// objects are leaked, never destroyed, so that no damage is left for the calls after.
class Scratch {
 public:
  Scratch() : unwinding_(std::uncaught_exceptions()) {}
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() {
    if (leak_ || std::uncaught_exceptions() > unwinding_)
      // NOLINTNEXTLINE(bugprone-unhandled-exception-at-new): a leak on purpose; out of memory here ends the worker
      for (Object& o : objects_) new Object(std::move(o));  // leaked on purpose
  }
  Object& hold(Object o) { return objects_.emplace_back(std::move(o)); }
  // A copy of p (null when there is none); when it shares memory with p nothing is destroyed.
  Object& copy(const Check& c, const void* p);
  bool leaking() const { return leak_; }

 private:
  int unwinding_;
  bool leak_ = false;
  std::deque<Object> objects_;  // stable references
};

std::optional<Fingerprint> canonical(const Check& c, const void* p) {
  // One linearizer per thread and omission pattern: a check runs on every new state.
  thread_local std::shared_ptr<const std::regex> omit;
  thread_local std::unique_ptr<Linearizer> lin;
  if (!lin || omit != c.omit) {
    omit = c.omit;
    lin = std::make_unique<Linearizer>(kCheckScope, c.omit);
  }
  if (!lin->run(c.cls, p)) return std::nullopt;
  return lin->fingerprint(c.cls);
}

// A copy of the object; null when the class has none or this object must not be copied as one
// (a subclass standing for its base).
Object copy_of(const Check& c, const void* p) {
  const ClassVTable& v = class_vtable(c.cls);
  if (!v.clone) return nullptr;
  try {
    return v.clone(p);
  } catch (const std::logic_error& e) {
    if (std::string_view(e.what()).starts_with("objgen:")) return nullptr;
    throw;
  }
}

Object& Scratch::copy(const Check& c, const void* p) {
  Object& o = hold(copy_of(c, p));
  if (o && share_objects(c.cls, p, o.get(), c.omit)) leak_ = true;
  return o;
}

std::optional<bool> equal(const Check& c, const void* a, const void* b) {
  bool r = false;
  const ClassVTable& v = class_vtable(c.cls);
  if (!v.equals || !v.equals(a, b, &r)) return std::nullopt;
  return r;
}

// What an observer returns on x; nullopt when it does not return normally (thrown: told apart
// from any value by the caller comparing two nullopts as the same).
std::optional<Literal> observe(const Operation& observer, Object& x) {
  static const MisusePolicy any_exception;
  Arg arg;
  arg.obj = &x;
  CallResult r;
  if (execute_call(observer, &arg, r, any_exception, nullptr) != Outcome::Normal || !r.has_literal) return std::nullopt;
  return r.literal;
}

// Whether x, whose canonical state differs from the live object `a`'s, differs from it as the
// class shows itself: its == decides where it has one (what == ignores is not its value: the
// capacity a copy or an assignment sizes anew, the limbs gmpxx allocates to fit); else one of
// its observers returns something else. The emitted suites compare the same way. A class with
// neither keeps the canonical comparison.
bool observably_different(const Check& c, Object& x, Object& a) {
  if (std::optional<bool> eq = equal(c, x.get(), a.get())) return !*eq;
  if (c.observers.empty()) return true;
  for (const Operation& o : c.observers) {
    std::optional<Literal> vx = observe(o, x), va = observe(o, a);
    if (vx.has_value() != va.has_value() || (vx && !oracles::same_value(*vx, *va))) return true;
  }
  return false;
}

// x differs from `a`, whose canonical state is `fa`: canonically and as the class shows itself.
bool differs(const Check& c, Object& x, Object& a, const std::optional<Fingerprint>& fa) {
  return canonical(c, x.get()) != fa && observably_different(c, x, a);
}

void check_invariant(const Check& c, Arg* args) {
  bool holds = false;
  std::string why;
  try {
    holds = c.invariant(args[0].obj->get());
    if (!holds) why = "invariant of " + c.class_name + " returned false";
  } catch (...) {
    why = "invariant of " + c.class_name + " threw";
  }
  if (!holds) throw ContractViolation(why, true);
}

void check_copy_equal(const Check& c, Arg* args) {
  const void* a = args[0].obj->get();
  Scratch scratch;
  Object& copy = scratch.copy(c, a);
  if (!copy) return;
  auto fa = canonical(c, a), fc = canonical(c, copy.get());
  if (fa && fc && *fa != *fc && observably_different(c, copy, *args[0].obj)) broken("a copy's canonical state differs from the original's");
  if (equal(c, copy.get(), a) == false) broken("a copy is not == to its original");
}

void check_copy_independent(const Check& c, Arg* args) {
  const void* a = args[0].obj->get();
  auto before = canonical(c, a);
  if (!before) return;
  Scratch scratch;
  Object& copy = scratch.copy(c, a);
  if (!copy) return;
  std::vector<Arg> margs(args, args + c.mutator.params.size());
  margs[0].obj = &copy;
  CallResult result;
  static const MisusePolicy any_exception;
  if (execute_call(c.mutator, margs.data(), result, any_exception, nullptr) != Outcome::Normal) return;
  if (canonical(c, a) != before) broken("calling " + c.mutator.name + " on a copy changed the original");
  if (scratch.leaking()) return;  // copies share memory (handles): destroying one is not tried
  result = CallResult{};
  copy.reset();
  if (canonical(c, a) != before) broken("destroying a copy changed by " + c.mutator.name + " changed the original");
}

void check_eq_reflexive(const Check& c, Arg* args) {
  const void* a = args[0].obj->get();
  if (equal(c, a, a) == false) broken("a == a is false");
}

void check_eq_symmetric(const Check& c, Arg* args) {
  const void *a = args[0].obj->get(), *b = args[1].obj->get();
  auto ab = equal(c, a, b), ba = equal(c, b, a);
  if (ab && ba && *ab != *ba) broken("a == b and b == a differ");
}

void check_hash_eq(const Check& c, Arg* args) {
  const ClassVTable& v = class_vtable(c.cls);
  auto same_hash = [&](const void* x, const void* y) {
    size_t hx = 0, hy = 0;
    return !v.hash(x, &hx) || !v.hash(y, &hy) || hx == hy;
  };
  const void *a = args[0].obj->get(), *b = args[1].obj->get();
  Scratch scratch;
  Object& copy = scratch.copy(c, a);
  if (copy && equal(c, a, copy.get()) == true && !same_hash(a, copy.get()))
    broken("a copy is == to its original but their std::hash values differ");
  if (equal(c, a, b) == true && !same_hash(a, b)) broken("a == b but std::hash(a) != std::hash(b)");
}

void check_lt_irreflexive(const Check& c, Arg* args) {
  const ClassVTable& v = class_vtable(c.cls);
  const void *a = args[0].obj->get(), *b = args[1].obj->get();
  bool aa = false, ab = false, ba = false;
  if (v.less(a, a, &aa) && aa) broken("a < a is true");
  if (v.less(a, b, &ab) && v.less(b, a, &ba) && ab && ba) broken("both a < b and b < a are true");
}

void check_moved_from(const Check& c, Arg* args) {
  const ClassVTable& v = class_vtable(c.cls);
  Object& a = *args[0].obj;
  auto original = canonical(c, a.get());
  if (!original) return;
  Scratch scratch;
  Object& source = scratch.copy(c, a.get());
  if (!source) return;
  Object& moved = scratch.hold(v.move_construct(source.get()));
  if (!moved) return;
  if (differs(c, moved, a, original)) broken("an object moved from a copy differs from the original");
  if (scratch.leaking()) return;  // copies share memory (handles): sharing after a move is by design
  // Where copies share nothing, neither may a moved-from object and the moved-to one: destroying
  // either would free the other's memory (checked before anything is destroyed).
  if (share_objects(c.cls, moved.get(), source.get(), c.omit))
    broken("the moved-from object still refers to the memory of the moved-to one");
  if (v.copy_assign && v.copy_assign(source.get(), a.get()) && differs(c, source, a, original))
    broken("a moved-from object, assigned the original, differs from it");
  source.reset();
  if (differs(c, moved, a, original)) broken("destroying the moved-from object changed the moved-to one");
}

void check_assign_equal(const Check& c, Arg* args) {
  const ClassVTable& v = class_vtable(c.cls);
  Object& live = *args[0].obj;
  const void *a = live.get(), *b = args[1].obj->get();
  auto original = canonical(c, a);
  if (!original) return;
  Scratch scratch;
  Object& target = scratch.copy(c, b);
  if (!target || scratch.leaking() || !scratch.copy(c, a) || scratch.leaking()) return;  // copies share: handles
  if (!v.copy_assign(target.get(), a)) return;
  if (differs(c, target, live, original)) broken("after d = a, d differs from a");
  if (share_objects(c.cls, target.get(), a, c.omit)) broken("after d = a, d shares memory with a");
  if (canonical(c, a) != original) broken("d = a changed a");
  v.copy_assign(target.get(), target.get());
  if (differs(c, target, live, original)) broken("d = d changed d");
  target.reset();
  if (canonical(c, a) != original) broken("destroying d, assigned from a, changed a");
}

void invoke_check(const void* fn, Arg* args, CallResult&) {
  const Check& c = *static_cast<const Check*>(fn);
  switch (c.contract) {
    case Contract::Failures:
      return;
    case Contract::Invariant:
      return check_invariant(c, args);
    case Contract::CopyEqual:
      return check_copy_equal(c, args);
    case Contract::CopyIndependent:
      return check_copy_independent(c, args);
    case Contract::EqReflexive:
      return check_eq_reflexive(c, args);
    case Contract::EqSymmetric:
      return check_eq_symmetric(c, args);
    case Contract::HashEq:
      return check_hash_eq(c, args);
    case Contract::LtIrreflexive:
      return check_lt_irreflexive(c, args);
    case Contract::MovedFrom:
      return check_moved_from(c, args);
    case Contract::AssignEqual:
      return check_assign_equal(c, args);
  }
}

SlotType object_slot(ClassId cls) {
  SlotType s;
  s.kind = SlotKind::Object;
  s.cls = cls;
  s.passing = Passing::ConstRef;
  s.cpp_type = "const " + class_vtable(cls).name + "&";
  return s;
}

// How many objects of the class the check takes (0: the class cannot have the contract).
size_t arity(const ClassVTable& v, const ClassInfo* info, Contract c) {
  switch (c) {
    case Contract::Failures:
      return 0;
    case Contract::Invariant:
      return info && info->invariant ? 1 : 0;
    case Contract::CopyEqual:
    case Contract::CopyIndependent:
      return v.clone ? 1 : 0;
    case Contract::EqReflexive:
      return v.equals ? 1 : 0;
    case Contract::EqSymmetric:
      return v.equals ? 2 : 0;
    case Contract::HashEq:
      return v.equals && v.hash ? 2 : 0;
    case Contract::LtIrreflexive:
      return v.less ? 2 : 0;
    case Contract::MovedFrom:
      return v.clone && v.move_construct ? 1 : 0;
    case Contract::AssignEqual:
      return v.clone && v.copy_assign ? 2 : 0;
  }
  return 0;
}

// Non-const members of cls taking the receiver by reference and literals only: what the
// copy-independence check changes a copy with.
std::vector<uint32_t> mutators_of(const Api& api, ClassId cls, size_t limit, const std::vector<uint32_t>& among) {
  std::vector<uint32_t> out;
  for (uint32_t k = 0; k < api.operations().size() && out.size() < limit; ++k) {
    const Operation& o = api.operations()[k];
    if (!among.empty() && std::find(among.begin(), among.end(), k) == among.end()) continue;
    if (o.kind != OpKind::Method || o.is_const || o.contract >= 0 || o.upcast || o.through.derived() || o.params.empty() ||
        !o.params[0].is_object() || o.params[0].cls != cls || o.params[0].passing != Passing::Ref)
      continue;
    bool literals = true;
    for (size_t i = 1; i < o.params.size(); ++i) literals = literals && o.params[i].is_literal();
    if (literals) out.push_back(k);
  }
  return out;
}

Operation check_operation(const Api& api, ClassId cls, Contract contract, size_t objects, const ContractOptions& opt, uint32_t mutator) {
  auto check = std::make_shared<Check>();
  check->contract = contract;
  check->cls = cls;
  check->omit = opt.omit;
  check->class_name = class_vtable(cls).name;
  if (const ClassInfo* info = api.find_class(cls)) check->invariant = info->invariant;
  for (uint32_t k : oracles::observers_of(api, cls))
    if (api.operations()[k].contract < 0) check->observers.push_back(api.operations()[k]);
  Operation op;
  op.kind = OpKind::FreeFunction;
  op.owner = cls;
  op.name = std::string("contract ") + contract_name(contract);
  op.cpp_call = op.name;
  op.params.assign(objects, object_slot(cls));
  if (mutator != UINT32_MAX) {
    check->mutator = api.operations()[mutator];
    op.name += " via " + check->mutator.name;
    op.cpp_call = op.name;
    op.params.insert(op.params.end(), check->mutator.params.begin() + 1, check->mutator.params.end());
    op.contract_mutator = mutator;
    op.emittable = check->mutator.emittable;
  }
  op.result.cpp_type = "void";
  op.contract = static_cast<int8_t>(contract);
  op.invoke = &invoke_check;
  op.fn = std::move(check);
  return op;
}

}  // namespace

const char* contract_name(Contract c) { return kContracts[static_cast<size_t>(c)].name; }
const char* contract_description(Contract c) { return kContracts[static_cast<size_t>(c)].description; }

ContractSet ContractSet::all() {
  ContractSet s;
  for (bool& b : s.on) b = true;
  return s;
}

ContractSet ContractSet::parse(const std::string& spec) {
  ContractSet s;
  size_t begin = 0;
  while (begin <= spec.size()) {
    size_t end = spec.find(',', begin);
    if (end == std::string::npos) end = spec.size();
    std::string name = spec.substr(begin, end - begin);
    begin = end + 1;
    if (name.empty()) continue;
    bool remove = name[0] == '-';
    if (remove) name.erase(0, 1);
    if (name == "all" || name == "none") {
      for (bool& b : s.on) b = (name == "all") != remove;
      continue;
    }
    auto it = std::find_if(std::begin(kContracts), std::end(kContracts), [&](const ContractInfo& i) { return name == i.name; });
    if (it == std::end(kContracts)) {
      std::string known;
      for (const ContractInfo& i : kContracts) known.append(known.empty() ? "" : ", ").append(i.name);
      throw std::invalid_argument(fmt::format("unknown contract '{}' (known: all, none, {})", name, known));
    }
    s.on[static_cast<size_t>(it->contract)] = !remove;
  }
  return s;
}

std::string ContractSet::names() const {
  std::string out;
  for (const ContractInfo& i : kContracts)
    if (has(i.contract)) out += std::string(out.empty() ? "" : ",") + i.name;
  return out.empty() ? "none" : out;
}

std::vector<uint32_t> add_contract_operations(Api& api, ClassId cls, const ContractOptions& options) {
  const ClassVTable& v = class_vtable(cls);
  const ClassInfo* info = api.find_class(cls);
  std::vector<uint32_t> mutators = mutators_of(api, cls, options.mutators_per_class, options.mutators_among);
  std::vector<uint32_t> added;
  for (const ContractInfo& c : kContracts) {
    size_t objects = options.enabled.has(c.contract) ? arity(v, info, c.contract) : 0;
    if (objects == 0) continue;
    if (c.contract == Contract::CopyIndependent) {
      for (uint32_t m : mutators) {
        api.add_operation(check_operation(api, cls, c.contract, objects, options, m));
        added.push_back(static_cast<uint32_t>(api.operations().size() - 1));
      }
      continue;
    }
    api.add_operation(check_operation(api, cls, c.contract, objects, options, UINT32_MAX));
    added.push_back(static_cast<uint32_t>(api.operations().size() - 1));
  }
  return added;
}

}  // namespace objgen::contracts
