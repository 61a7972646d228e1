#include "exec/executor.hpp"

#include "exec/child_process.hpp"

#include <cxxabi.h>

#include <csignal>
#include <cstring>
#include <exception>
#include <typeinfo>

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
      *message = type;
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
