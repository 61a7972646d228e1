#include "objgen/api.hpp"

#include <cxxabi.h>

#include <cstdlib>

namespace objgen {

const char* literal_kind_name(LiteralKind k) {
  switch (k) {
    case LiteralKind::Int:
      return "int";
    case LiteralKind::Double:
      return "double";
    case LiteralKind::Char:
      return "char";
    case LiteralKind::Bool:
      return "bool";
    case LiteralKind::String:
      return "string";
  }
  return "?";
}

std::string short_class_name(const std::string& qualified) {
  std::string s = qualified.substr(0, qualified.find('<'));
  auto colon = s.rfind("::");
  return colon == std::string::npos ? s : s.substr(colon + 2);
}

namespace detail {
std::string demangle(const char* mangled) {
  int status = 0;
  char* out = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string s = (status == 0 && out) ? out : mangled;
  std::free(out);
  // The demangler spells std::string in full; emitted code reads better with the alias.
  const std::string longname = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >";
  for (size_t p; (p = s.find(longname)) != std::string::npos;) s.replace(p, longname.size(), "std::string");
  return s;
}
}  // namespace detail

namespace detail {
namespace {
SlotType slot_of(const SlotShape& shape, std::string spelling) {
  SlotType s;
  s.kind = shape.kind;
  s.literal = shape.literal;
  s.passing = shape.passing;
  s.is_unsigned = shape.is_unsigned;
  s.cpp_type = std::move(spelling);
  if (shape.cls) s.cls = shape.cls();
  if (shape.enum_type) s.enum_type = demangle(shape.enum_type->name());
  return s;
}

// A parameter type as written: "const examples::List&", "int", "std::unique_ptr<T>".
std::string parameter_spelling(const SlotShape& shape) {
  std::string s = shape.is_const ? "const " : "";
  s += demangle(shape.type->name());
  return s + (shape.reference == 1 ? "&" : shape.reference == 2 ? "&&" : "");
}
}  // namespace

void add_operation(Api& api, const OperationShape& shape, ClassId owner, std::string_view name, std::string_view cpp_call, const void* fn,
                   void (*destroy)(const void*), bool emittable, std::string_view result_spelling) {
  Operation op;
  if (fn) op.fn = std::shared_ptr<const void>(fn, destroy);  // owns it from here, even if what follows throws
  op.kind = shape.kind;
  op.owner = owner;
  op.name = name;
  op.cpp_call = cpp_call.empty() ? name : cpp_call;
  op.is_const = shape.is_const;
  op.params.reserve(shape.param_count);
  for (size_t i = 0; i < shape.param_count; ++i) op.params.push_back(slot_of(shape.params[i], parameter_spelling(shape.params[i])));
  std::string result = !result_spelling.empty() ? std::string(result_spelling)
                       : shape.result.type      ? demangle(shape.result.type->name())
                                                : "void";
  op.result = slot_of(shape.result, std::move(result));
  if (shape.referenced.cls) {
    op.referenced.cls = shape.referenced.cls();
    op.referenced.valid = true;
    op.referenced.pointer = shape.referenced.pointer;
    op.referenced.to_const = shape.referenced.to_const;
  }
  op.invoke = shape.invoke;
  op.emittable = emittable;
  api.add_operation(std::move(op));
}

void set_call_pattern(Api& api, std::string_view pattern) {
  Operation& op = api.last_operation();
  op.call_pattern = pattern;
  op.emittable = true;
}

void set_param_names(Api& api, std::vector<std::string> names) {
  Operation& op = api.last_operation();
  if (op.kind == OpKind::Method) names.insert(names.begin(), "");
  if (names.size() != op.params.size())
    throw std::logic_error("objgen: param_names() for " + op.name + " names " + std::to_string(names.size()) +
                           " slots, the operation has " + std::to_string(op.params.size()));
  op.param_names = std::move(names);
}

void set_declared_at(Api& api, SourceLine at) { api.last_operation().declared_at = std::move(at); }
}  // namespace detail

std::string Operation::parameter_name(size_t k) const {
  if (k < param_names.size() && !param_names[k].empty()) return param_names[k];
  return k == 0 && kind == OpKind::Method ? "the receiver" : "parameter " + std::to_string(k);
}

std::string Operation::signature() const {
  std::string owner_short = short_class_name(class_vtable(owner).name);
  auto parameters = [this](size_t first, size_t end) {
    std::string out = "(";
    for (size_t i = first; i < end; ++i) out += (i > first ? ", " : "") + params[i].cpp_type;
    return out + ")";
  };
  if (through.derived())  // "Game::player(int).setTeam(int)"
    return owner_short + "::" + through.accessor_name + parameters(1, through.accessor_arity) + "." +
           name.substr(through.accessor_name.size() + 1) + parameters(through.accessor_arity, params.size()) + (is_const ? " const" : "");
  std::string out = kind == OpKind::FreeFunction ? cpp_call : owner_short + "::" + name;
  out += parameters(kind == OpKind::Method ? 1 : 0, params.size());
  if (is_const) out += " const";
  return out;
}

size_t Operation::object_param_count() const {
  size_t n = 0;
  for (const auto& p : params) n += p.is_object();
  return n;
}

MisusePolicy::MisusePolicy() {
  add<std::invalid_argument>();
  add<std::out_of_range>();
  add<std::length_error>();
  add<std::domain_error>();
  names_ = {"std::invalid_argument", "std::out_of_range", "std::length_error", "std::domain_error"};
}

void MisusePolicy::clear() {
  matchers_.clear();
  names_.clear();
}

void MisusePolicy::add_name(std::string type_name) { names_.push_back(std::move(type_name)); }

bool MisusePolicy::is_misuse(const std::exception_ptr& e, const std::string& type_name) const {
  for (const auto& n : names_)
    if (n == type_name) return true;
  for (const auto& m : matchers_)
    if (m(e)) return true;
  return false;
}

namespace {

bool creates_from_literals(const Operation& op) {
  bool creator =
      op.kind == OpKind::Constructor || op.kind == OpKind::StaticFactory || (op.kind == OpKind::FreeFunction && op.result.is_object());
  if (!creator || op.params.empty()) return false;
  for (const SlotType& p : op.params)
    if (!p.is_literal()) return false;
  return true;
}

bool is_std_exception(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception&) {
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace

bool MisusePolicy::is_misuse(const Operation& op, const std::exception_ptr& e, const std::string& type_name) const {
  if (is_misuse(e, type_name)) return true;
  return creators_validate && type_name != "std::bad_alloc" && creates_from_literals(op) && is_std_exception(e);
}

ClassInfo& Api::class_info(ClassId id) {
  for (auto& c : classes_)
    if (c.id == id) return c;
  ClassInfo info;
  info.id = id;
  info.name = class_vtable(id).name;
  classes_.push_back(std::move(info));
  return classes_.back();
}

const ClassInfo* Api::find_class(ClassId id) const {
  for (const auto& c : classes_)
    if (c.id == id) return &c;
  return nullptr;
}

const ClassInfo* Api::find_class(const std::string& name) const {
  for (const auto& c : classes_)
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace objgen
