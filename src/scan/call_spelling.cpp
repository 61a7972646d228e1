#include "scan/call_spelling.hpp"

#include <algorithm>

#include "scan/names.hpp"

namespace objgen::scan {

std::string CallSpelling::sp(const std::string& type) const {
  return replace_name(replace_name(type, target_, alias_), objgen_name_, alias_);
}

std::string CallSpelling::params_list(const Function& f, unsigned arity) const {
  std::string s;
  for (unsigned i = 0; i < arity; ++i) s += (i ? ", " : "") + sp(f.params[i].type);
  return s;
}

bool CallSpelling::has_parts(const Function& f) {
  return std::any_of(f.params.begin(), f.params.end(), [](const Param& p) { return p.support == ParamSupport::Parts; });
}

std::string CallSpelling::argument(const Param& p, unsigned i, const std::string& type) {
  std::string a = "a" + std::to_string(i);
  if (p.support == ParamSupport::Parts) {
    std::string parts;
    for (size_t j = 0; j < p.parts.size(); ++j) parts += (j ? ", " : "") + a + "_" + std::to_string(j);
    return p.construct + (p.brace ? "{" + parts + "}" : "(" + parts + ")");
  }
  bool rvalue = type.size() > 2 && type.compare(type.size() - 2, 2, "&&") == 0;
  return rvalue ? "std::move(" + a + ")" : a;
}

std::string CallSpelling::lambda_params(const Param& p, unsigned i) const {
  if (p.support != ParamSupport::Parts) return sp(p.type) + " a" + std::to_string(i);
  std::string s;
  for (size_t j = 0; j < p.parts.size(); ++j) s += (j ? ", " : "") + p.parts[j] + " a" + std::to_string(i) + "_" + std::to_string(j);
  return s;
}

std::string CallSpelling::arguments(const Function& f, unsigned arity) const {
  std::string args;
  for (unsigned i = 0; i < arity; ++i) args += (i ? ", " : "") + argument(f.params[i], i, sp(f.params[i].type));
  return args;
}

std::string CallSpelling::lambda_for(const Function& f, unsigned arity) const {
  std::string s = "[](";
  bool member = f.kind == FunctionKind::Method;
  bool ctor = f.kind == FunctionKind::Constructor;
  if (member) s += std::string(f.is_const ? "const " : "") + alias_ + "& self";
  for (unsigned i = 0; i < arity; ++i) s += std::string((member || i) ? ", " : "") + lambda_params(f.params[i], i);
  std::string args = arguments(f, arity);
  if (ctor) return s + ") -> " + alias_ + " { return " + alias_ + "(" + args + "); }";
  s += ") -> " + sp(f.result_type) + " { return ";
  std::string callee = f.name + f.explicit_template_arguments;  // as<int>: nothing deduces its arguments
  s += member ? "self." + callee + "(" + args + ")" : callee + "(" + args + ")";
  return s + "; }";
}

std::string CallSpelling::param_names(const Function& f, unsigned arity) const {
  std::string names;
  bool any = false;
  for (unsigned i = 0; i < arity && i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    size_t slots = p.support == ParamSupport::Parts ? p.parts.size() : 1;
    for (size_t j = 0; j < slots; ++j) names += (names.empty() ? "" : ", ") + quote(p.name);
    any = any || !p.name.empty();
  }
  return any ? ".param_names({" + names + "})" : "";
}

bool CallSpelling::const_overload_of_mutator(const Function& f) const {
  if (f.kind != FunctionKind::Method || !f.is_const) return false;
  return std::any_of(functions_.begin(), functions_.end(),
                     [&](const Function& g) { return g.kind == FunctionKind::Method && !g.is_const && g.name == f.name; });
}

std::string CallSpelling::receiver_of(const Function& f) const { return const_overload_of_mutator(f) ? "std::as_const(*{0})." : "{0}->"; }

std::string CallSpelling::emitted_through_const(const Function& f, unsigned arity) const {
  return const_overload_of_mutator(f) ? ".emitted_as(" + quote(call_pattern(f, arity)) + ")" : "";
}

std::string CallSpelling::call_pattern(const Function& f, unsigned arity) const {
  unsigned k = f.kind == FunctionKind::Method ? 1 : 0;
  std::string args;
  for (unsigned i = 0; i < arity; ++i) {
    const Param& p = f.params[i];
    std::string a;
    if (p.support == ParamSupport::Parts) {
      std::string parts;
      for (size_t j = 0; j < p.parts.size(); ++j) parts += (j ? ", " : "") + std::string("{") + std::to_string(k++) + "}";
      a = p.construct + (p.brace ? "{" + parts + "}" : "(" + parts + ")");
    } else {
      a = "{" + std::to_string(k++) + "}";
    }
    args += (i ? ", " : "") + a;
  }
  switch (f.kind) {
    case FunctionKind::Method:
      return receiver_of(f) + f.name + f.explicit_template_arguments + "(" + args + ")";
    case FunctionKind::Constructor:
      return objgen_name_ + "(" + args + ")";
    default:
      return cpp_call_of(f) + "(" + args + ")";
  }
}

std::string CallSpelling::member_pointer(const Function& f) const {
  std::string ref = "&" + alias_ + "::" + f.name;
  if (!f.overloaded) return ref;
  return "static_cast<" + sp(f.pointer_type) + ">(" + ref + ")";
}

std::string CallSpelling::free_pointer(const Function& f) const {
  std::string ref = "&" + (f.kind == FunctionKind::StaticMethod ? alias_ + "::" + f.name : f.qualified_name);
  if (!f.overloaded) return ref;
  return "static_cast<" + sp(f.pointer_type) + ">(" + ref + ")";  // static members: R (*)(A...)
}

std::string CallSpelling::cpp_call_of(const Function& f) const {
  if (f.is_hidden_friend) return f.name;  // found by argument-dependent lookup
  if (f.kind == FunctionKind::StaticMethod) return objgen_name_ + "::" + f.name;
  return f.qualified_name;
}

}  // namespace objgen::scan
