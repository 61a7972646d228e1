#include "harness/harness_description.hpp"

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

#include "io/byte_stream.hpp"
#include "model/class_shells.hpp"
#include "objgen/harness_entry.hpp"

namespace objgen {
namespace {

constexpr const char* kMagic = "objgen harness description 3";

// ---- writing ----

void put_strings(ByteWriter& w, const std::vector<std::string>& v) {
  w.put<uint32_t>(static_cast<uint32_t>(v.size()));
  for (const auto& s : v) w.put_string(s);
}

void put_slot(ByteWriter& w, const SlotType& s) {
  w.put(s.kind), w.put(s.literal), w.put(s.cls), w.put(s.passing);
  w.put_string(s.cpp_type);
  w.put_string(s.enum_type);
  w.put<uint8_t>(s.is_unsigned ? 1 : 0);
}

void put_operation(ByteWriter& w, const Operation& op) {
  w.put_string(op.name);
  w.put_string(op.cpp_call);
  w.put(op.kind), w.put(op.owner);
  w.put<uint32_t>(static_cast<uint32_t>(op.params.size()));
  for (const SlotType& s : op.params) put_slot(w, s);
  put_slot(w, op.result);
  w.put(op.is_const), w.put(op.emittable), w.put(op.upcast);
  w.put_string(op.call_pattern);
  w.put(op.referenced.cls), w.put(op.referenced.valid), w.put(op.referenced.pointer), w.put(op.referenced.to_const);
  put_strings(w, op.param_names);
  w.put(op.through.accessor), w.put(op.through.call), w.put(op.through.accessor_arity);
  w.put_string(op.through.accessor_name);
  w.put(op.contract), w.put(op.contract_mutator);
  w.put_string(op.declared_at.file), w.put(op.declared_at.line);
  w.put<bool>(op.invoke != nullptr);
}

void put_class_info(ByteWriter& w, const ClassInfo& c) {
  w.put(c.id);
  w.put_string(c.name);
  w.put<bool>(static_cast<bool>(c.invariant));
  w.put_string(c.invariant_call);
  put_strings(w, c.builders);
  w.put_string(c.omit_fields);
  put_strings(w, c.implementation_members);
  w.put<uint32_t>(static_cast<uint32_t>(c.constants.size()));
  for (const auto& [name, value] : c.constants) w.put_string(name), w.put(value);
  w.put_string(c.declared_at.file), w.put(c.declared_at.line);
}

// ---- reading: every value is checked, the bytes come from the code under test's process ----

template <class E>
E get_enum(ByteReader& r, E last) {
  auto v = r.get<std::underlying_type_t<E>>();
  if (v > static_cast<std::underlying_type_t<E>>(last)) throw std::runtime_error("a value out of range");
  return static_cast<E>(v);
}

// A count of items that each take at least item_bytes: more than the bytes left can hold is damage
// (and would otherwise ask for memory in proportion to a forged number).
uint32_t get_count(ByteReader& r, size_t item_bytes = sizeof(uint64_t)) {
  uint32_t n = r.get<uint32_t>();
  if (n > r.left() / item_bytes) throw std::runtime_error("a count past the end");
  return n;
}

std::vector<std::string> get_strings(ByteReader& r) {
  std::vector<std::string> v(get_count(r));
  for (auto& s : v) s = r.get_string();
  return v;
}

SlotType get_slot(ByteReader& r) {
  SlotType s;
  s.kind = get_enum(r, SlotKind::Object);
  s.literal = get_enum(r, LiteralKind::String);
  s.cls = r.get<ClassId>();
  s.passing = get_enum(r, Passing::SharedPtr);
  s.cpp_type = r.get_string();
  s.enum_type = r.get_string();
  s.is_unsigned = r.get<uint8_t>() != 0;
  return s;
}

}  // namespace

struct DescribedBinding {
  const Api* loaded = nullptr;  // in a worker: what the harness registered there
  std::optional<Api> with_ids;  // the description's API with this process's class ids
};

namespace {

// A described operation's function: the index of the one it calls in the API the worker loaded.
struct DescribedCall {
  uint32_t index;
  std::shared_ptr<const DescribedBinding> binding;
};

void invoke_loaded(const void* fn, Arg* args, CallResult& out) {
  const auto* call = static_cast<const DescribedCall*>(fn);
  const Api* loaded = call->binding->loaded;
  if (!loaded) code_under_test_called_here("calling a member");
  const Operation& op = loaded->operations()[call->index];
  op.invoke(op.fn.get(), args, out);
}

Operation get_operation(ByteReader& r, uint32_t index, const std::shared_ptr<const DescribedBinding>& binding) {
  Operation op;
  op.name = r.get_string();
  op.cpp_call = r.get_string();
  op.kind = get_enum(r, OpKind::FreeFunction);
  op.owner = r.get<ClassId>();
  op.params.resize(get_count(r, 2 * sizeof(uint64_t)));
  for (SlotType& s : op.params) s = get_slot(r);  // (each at least two strings' lengths)
  op.result = get_slot(r);
  op.is_const = r.get<bool>(), op.emittable = r.get<bool>(), op.upcast = r.get<bool>();
  op.call_pattern = r.get_string();
  op.referenced.cls = r.get<ClassId>();
  op.referenced.valid = r.get<bool>(), op.referenced.pointer = r.get<bool>(), op.referenced.to_const = r.get<bool>();
  op.param_names = get_strings(r);
  op.through.accessor = r.get<uint32_t>(), op.through.call = r.get<uint32_t>();
  op.through.accessor_arity = r.get<uint32_t>();
  op.through.accessor_name = r.get_string();
  op.contract = r.get<int8_t>(), op.contract_mutator = r.get<uint32_t>();
  op.declared_at.file = r.get_string();
  op.declared_at.line = r.get<uint32_t>();
  if (r.get<bool>()) {
    op.invoke = &invoke_loaded;
    op.fn = std::make_shared<const DescribedCall>(DescribedCall{index, binding});
  }
  return op;
}

void get_class_info(ByteReader& r, ClassInfo& c, size_t index, const std::shared_ptr<const DescribedBinding>& binding) {
  c.id = r.get<ClassId>();
  c.name = r.get_string();
  if (r.get<bool>())
    c.invariant = [index, binding](const void* object) {
      if (!binding->loaded) code_under_test_called_here("checking an invariant");
      return binding->loaded->classes()[index].invariant(object);
    };
  c.invariant_call = r.get_string();
  c.builders = get_strings(r);
  c.omit_fields = r.get_string();
  c.implementation_members = get_strings(r);
  c.constants.resize(get_count(r, 2 * sizeof(uint64_t)));
  for (auto& [name, value] : c.constants) name = r.get_string(), value = r.get<long long>();
  c.declared_at.file = r.get_string();
  c.declared_at.line = r.get<uint32_t>();
}

void get_misuse(ByteReader& r, MisusePolicy& m, const std::shared_ptr<const DescribedBinding>& binding) {
  m.clear();
  for (std::string& name : get_strings(r)) m.add_name(std::move(name));
  m.creators_validate = r.get<bool>();
  // Exception types registered by type (add<E>) are tested where the exception is: in the worker.
  m.add_matcher([binding](const std::exception_ptr& e) { return binding->loaded && binding->loaded->misuse().matches(e); });
}

// ---- the process's described API ----

// Maps the describing process's class ids to this one's: its own classes (registered before
// loading) keep theirs, the harness's become shells.
std::vector<ClassId> register_shells(const HarnessDescription& d) {
  std::vector<ClassId> ids(d.first_class + d.classes.size());
  if (d.first_class > registered_class_count()) throw std::runtime_error("the description names classes objgen does not have");
  for (ClassId i = 0; i < d.first_class; ++i) ids[i] = i;
  for (size_t k = 0; k < d.classes.size(); ++k)
    ids[d.first_class + k] = register_class_shell(d.classes[k].name, d.classes[k].type_name, d.classes[k].capabilities);
  return ids;
}

Api with_ids(const Api& api, const std::vector<ClassId>& ids) {
  auto map = [&ids](ClassId& id) { id = ids.at(id); };
  Api mapped;
  for (ClassInfo c : api.classes()) {
    map(c.id);
    mapped.set_class_info(std::move(c));
  }
  for (Operation op : api.operations()) {
    map(op.owner);
    for (SlotType& s : op.params)
      if (s.is_object()) map(s.cls);
    if (op.result.is_object()) map(op.result.cls);
    if (op.referenced.valid) map(op.referenced.cls);
    mapped.add_operation(std::move(op));
  }
  mapped.misuse() = api.misuse();
  for (const auto& [spelling, enumerators] : api.enumerations()) mapped.set_enumeration(spelling, enumerators);
  return mapped;
}

bool same_slot(const SlotType& a, const SlotType& b) {
  return a.kind == b.kind && a.literal == b.literal && a.cls == b.cls && a.passing == b.passing;
}

}  // namespace

std::string describe_harness(const HarnessEntry& entry, ClassId first_class, const Api& api) {
  ByteWriter w;
  w.put_string(kMagic);
  w.put_string(entry.name), w.put_string(entry.target), w.put_string(entry.include);
  w.put(first_class);
  w.put<uint32_t>(static_cast<uint32_t>(registered_class_count() - first_class));
  for (size_t id = first_class; id < registered_class_count(); ++id) {
    const ClassVTable& v = class_vtable(static_cast<ClassId>(id));
    w.put_string(v.name);
    w.put_string(demangled_class_name(static_cast<ClassId>(id)));
    w.put(class_capabilities(v));
  }
  w.put<uint32_t>(static_cast<uint32_t>(api.classes().size()));
  for (const ClassInfo& c : api.classes()) put_class_info(w, c);
  w.put<uint32_t>(static_cast<uint32_t>(api.operations().size()));
  for (const Operation& op : api.operations()) put_operation(w, op);
  put_strings(w, api.misuse().names());
  w.put(api.misuse().creators_validate);
  w.put<uint32_t>(static_cast<uint32_t>(api.enumerations().size()));
  for (const auto& [spelling, enumerators] : api.enumerations()) {
    w.put_string(spelling);
    w.put<uint32_t>(static_cast<uint32_t>(enumerators.size()));
    for (const auto& [name, value] : enumerators) w.put_string(name), w.put(value);
  }
  w.put_string(kMagic);  // the end: a description cut short does not pass for a whole one
  return w.take();
}

HarnessDescription parse_harness_description(const std::string& bytes) {
  ByteReader r(bytes);
  if (r.get_string() != kMagic) throw std::runtime_error("not a harness description");
  HarnessDescription d;
  d.binding = std::make_shared<DescribedBinding>();
  d.name = r.get_string(), d.target = r.get_string(), d.include = r.get_string();
  d.first_class = r.get<ClassId>();
  d.classes.resize(get_count(r, 2 * sizeof(uint64_t)));
  for (DescribedClass& c : d.classes) c.name = r.get_string(), c.type_name = r.get_string(), c.capabilities = r.get<uint8_t>();
  size_t class_count = get_count(r);
  for (size_t k = 0; k < class_count; ++k) {
    ClassInfo info;
    get_class_info(r, info, k, d.binding);
    if (d.api.find_class(info.id)) throw std::runtime_error("a class described twice");
    d.api.set_class_info(std::move(info));
  }
  uint32_t op_count = get_count(r);
  for (uint32_t k = 0; k < op_count; ++k) d.api.add_operation(get_operation(r, k, d.binding));
  get_misuse(r, d.api.misuse(), d.binding);
  for (uint32_t n = get_count(r); n > 0; --n) {
    std::string spelling = r.get_string();
    std::vector<std::pair<std::string, int64_t>> enumerators(get_count(r));
    for (auto& [name, value] : enumerators) name = r.get_string(), value = r.get<int64_t>();
    d.api.set_enumeration(std::move(spelling), std::move(enumerators));
  }
  if (r.get_string() != kMagic || !r.done()) throw std::runtime_error("the description does not end where it should");
  size_t ids = size_t{d.first_class} + d.classes.size();
  if (ids > 0xfff0) throw std::runtime_error("more classes than objgen can register");
  auto check = [ids](ClassId id) {
    if (id >= ids) throw std::runtime_error("a class id out of range");
  };
  for (const ClassInfo& c : d.api.classes()) check(c.id);
  for (const Operation& op : d.api.operations()) {
    check(op.owner);
    if (op.result.is_object()) check(op.result.cls);
    if (op.referenced.valid) check(op.referenced.cls);
    for (const SlotType& s : op.params)
      if (s.is_object()) check(s.cls);
    // What signatures and emitted calls read of an operation made of two must be there.
    if (op.through.derived() && (op.through.accessor >= op_count || op.through.call >= op_count ||
                                 op.through.accessor_arity > op.params.size() || op.through.accessor_name.size() > op.name.size()))
      throw std::runtime_error("an operation made of others that are not there");
    if (op.contract != -1 || op.contract_mutator != UINT32_MAX)
      throw std::runtime_error("a contract check among the registered operations");
  }
  return d;
}

void register_described_api(const HarnessDescription& d, Api& api) {
  std::optional<Api>& mapped = d.binding->with_ids;
  if (!mapped) mapped = with_ids(d.api, register_shells(d));
  for (const ClassInfo& c : mapped->classes()) api.set_class_info(c);
  for (const Operation& op : mapped->operations()) api.add_operation(op);
  api.misuse() = mapped->misuse();
  for (const auto& [spelling, enumerators] : mapped->enumerations()) api.set_enumeration(spelling, enumerators);
}

std::string bind_described_api(const HarnessDescription& d, const Api& loaded) {
  const std::optional<Api>& described = d.binding->with_ids;
  if (!described) return "no harness was described in this process";
  if (size_t n = unbound_class_shells()) return std::to_string(n) + " described classes were not registered";
  const auto& want = described->operations();
  const auto& got = loaded.operations();
  if (want.size() != got.size())
    return "it registers " + std::to_string(got.size()) + " operations, " + std::to_string(want.size()) + " when described";
  for (size_t k = 0; k < want.size(); ++k) {
    const Operation &a = want[k], &b = got[k];
    bool same = a.name == b.name && a.kind == b.kind && a.owner == b.owner && a.params.size() == b.params.size() &&
                same_slot(a.result, b.result) && (a.invoke != nullptr) == (b.invoke != nullptr);
    for (size_t i = 0; same && i < a.params.size(); ++i) same = same_slot(a.params[i], b.params[i]);
    if (!same) return "operation " + std::to_string(k) + " (" + b.name + ") is not the one described (" + a.name + ")";
  }
  if (loaded.classes().size() != described->classes().size()) return "it registers other classes than described";
  for (size_t k = 0; k < loaded.classes().size(); ++k)
    if (loaded.classes()[k].id != described->classes()[k].id ||
        static_cast<bool>(loaded.classes()[k].invariant) != static_cast<bool>(described->classes()[k].invariant))
      return "class " + loaded.classes()[k].name + " is not the one described";
  d.binding->loaded = &loaded;
  return "";
}

}  // namespace objgen
