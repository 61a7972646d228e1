#include "exec/executor.hpp"

#include "exec/child_process.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <exception>
#include <string_view>
#include <typeinfo>
#include <vector>

namespace objgen {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Normal:
      return "normal";
    case Outcome::Misuse:
      return "misuse";
    case Outcome::Failure:
      return "failure";
    case Outcome::InvariantBroken:
      return "invariant";
    case Outcome::Crash:
      return "crash";
    case Outcome::Timeout:
      return "timeout";
    case Outcome::OutOfScope:
      return "out-of-scope";
    case Outcome::Nondeterministic:
      return "nondeterministic";
    case Outcome::OutOfMemory:
      return "out-of-memory";
    case Outcome::ContractBroken:
      return "contract";
  }
  return "?";
}

bool is_finding(Outcome o) {
  return o == Outcome::Failure || o == Outcome::InvariantBroken || o == Outcome::Crash || o == Outcome::Timeout ||
         o == Outcome::Nondeterministic || o == Outcome::OutOfMemory || o == Outcome::ContractBroken;
}

namespace {
std::string current_exception_type() {
  const std::type_info* t = abi::__cxa_current_exception_type();
  return t ? detail::demangle(t->name()) : "unknown exception";
}

// By its mangled name ("St12out_of_range", "NSt7__cxx11...", "N9__gnu_cxx..."): no demangling.
bool standard_type(const char* mangled) {
  std::string_view n(mangled);
  return n.starts_with("St") || n.starts_with("NSt") || n.starts_with("N9__gnu_cxx");
}

// The thrown type's public base classes outside the standard library, nearest first ("" when
// none): " (a YAML::Exception)". A library that refuses calls with one exception class per
// member shows its common base (finding_blame counts the members throwing each).
std::string library_bases() {
  constexpr size_t kMaxBases = 4;
  const std::type_info* thrown = abi::__cxa_current_exception_type();
  std::vector<const abi::__class_type_info*> queue;
  if (const auto* c = dynamic_cast<const abi::__class_type_info*>(thrown)) queue.push_back(c);
  std::vector<std::string> names;
  for (size_t at = 0; at < queue.size() && names.size() < kMaxBases && queue.size() < 32; ++at) {
    if (const auto* si = dynamic_cast<const abi::__si_class_type_info*>(queue[at])) {
      queue.push_back(si->__base_type);
    } else if (const auto* vmi = dynamic_cast<const abi::__vmi_class_type_info*>(queue[at])) {
      for (unsigned k = 0; k < vmi->__base_count; ++k)
        if (vmi->__base_info[k].__is_public_p()) queue.push_back(vmi->__base_info[k].__base_type);
    }
    if (at == 0 || standard_type(queue[at]->name())) continue;
    std::string name = detail::demangle(queue[at]->name());
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
  }
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? " (a " : ", a ") + n;
  return out.empty() ? out : out + ")";
}
}  // namespace

Outcome execute_call(const Operation& op, Arg* args, CallResult& out, const MisusePolicy& misuse, std::string* message) {
  try {
    op.call(args, out);
    check_after_call();
    return Outcome::Normal;
  } catch (const ContractViolation& v) {
    check_after_call();
    if (message) *message = v.what();
    return v.invariant ? Outcome::InvariantBroken : Outcome::ContractBroken;
  } catch (...) {
    check_after_call();
    std::string type = current_exception_type();
    std::exception_ptr e = std::current_exception();
    bool is_misuse = misuse.is_misuse(op, e, type);
    bool out_of_memory = child_memory_limit() > 0 && type == "std::bad_alloc";
    if (message) {
      *message = is_misuse ? type : type + library_bases();  // a misuse is dropped: no time on it
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& ex) {
        *message += ": ";
        *message += ex.what();
      } catch (...) {
      }
    }
    if (out_of_memory && message) *message += " (over the worker's memory limit)";
    return out_of_memory ? Outcome::OutOfMemory : is_misuse ? Outcome::Misuse : Outcome::Failure;
  }
}

bool invariant_holds(const ClassInfo& cls, const void* obj, std::string* message) {
  if (!cls.invariant) return true;
  try {
    if (cls.invariant(obj)) return true;
    if (message) *message = "invariant of " + cls.name + " returned false";
  } catch (...) {
    if (message) *message = "invariant of " + cls.name + " threw " + current_exception_type();
  }
  return false;
}

std::string signal_description(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  const char* desc = strsignal(sig);
  std::string s = abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
  if (desc) s += std::string(" (") + desc + ")";
  return s;
}

}  // namespace objgen
