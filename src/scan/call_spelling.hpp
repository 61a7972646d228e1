// How a harness spells the calls of a scanned class's members: the lambdas and member pointers it
// registers, and the call patterns emitted tests print. Split from the harness writer, which
// decides what the file holds; this decides how one call is written.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "scan/model.hpp"

namespace objgen::scan {

class CallSpelling {
 public:
  // `objgen_name`: the target as objgen registers it; `alias`: as the register function names it.
  CallSpelling(const std::vector<Function>& functions, std::string target, std::string objgen_name, std::string alias)
      : functions_(functions), target_(std::move(target)), objgen_name_(std::move(objgen_name)), alias_(std::move(alias)) {}

  // The target under its alias, whichever way Clang spelled it (with or without sugar).
  std::string sp(const std::string& type) const;
  static std::string quote(const std::string& s) { return "\"" + s + "\""; }
  // The first `arity` parameter types, comma-separated (a constructor's template arguments).
  std::string params_list(const Function& f, unsigned arity) const;
  // Some argument is built from its parts (a class objgen cannot make, from values it can).
  static bool has_parts(const Function& f);
  // A lambda calling f with its first `arity` arguments (defaults, ADL-only hidden friends, member
  // template instances, arguments built from parts). A constructor's lambda returns the object.
  std::string lambda_for(const Function& f, unsigned arity) const;
  // `.param_names({...})` for the first `arity` parameters, one name per slot (a parameter built
  // from parts names each part), or "" when none has a name.
  std::string param_names(const Function& f, unsigned arity) const;
  // `.emitted_as(...)` for a const overload of a mutator called with its plain arguments, else "".
  std::string emitted_through_const(const Function& f, unsigned arity) const;
  // How emitted tests write a call whose arguments are built from parts: {k} is the operation's
  // k-th argument (the receiver first for a member).
  std::string call_pattern(const Function& f, unsigned arity) const;
  // The member's address, cast to its pointer type when the name is overloaded.
  std::string member_pointer(const Function& f) const;
  // The same for a static member or a free function.
  std::string free_pointer(const Function& f) const;
  // The callee as C++ names it at a call: a hidden friend unqualified (found by ADL).
  std::string cpp_call_of(const Function& f) const;

 private:
  // Argument i as the callee gets it: a built class from its parts (a3_0, a3_1), else a_i.
  static std::string argument(const Param& p, unsigned i, const std::string& type);
  // The lambda's parameters for argument i: one per part, or the parameter itself.
  std::string lambda_params(const Param& p, unsigned i) const;
  std::string arguments(const Function& f, unsigned arity) const;
  // A const member with a non-const one of the same name beside it (jsoncpp's
  // `operator[](ArrayIndex) const`, which reads, beside the one that inserts; `at(const std::string&)
  // const` beside `at(std::string)`): emitted code calls it through a const reference, or C++ would
  // pick the non-const one on a non-const object whenever the arguments convert equally well. On a
  // const reference only const members are candidates, so the call can only mean this one.
  bool const_overload_of_mutator(const Function& f) const;
  // The receiver as emitted calls name it: `{0}->` or, for a const overload, through std::as_const.
  std::string receiver_of(const Function& f) const;

  const std::vector<Function>& functions_;  // the class's members: overloads are looked up among them
  std::string target_;
  std::string objgen_name_;
  std::string alias_;
};

}  // namespace objgen::scan
