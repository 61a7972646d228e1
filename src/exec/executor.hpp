// Runs one call of the API under test and classifies what happened (DESIGN.md "Outcome").
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "objgen/api.hpp"

namespace objgen {

enum class Outcome : uint8_t {
  Normal,
  Misuse,            // a precondition exception: the sequence is discarded
  Failure,           // any other exception
  InvariantBroken,   // a registered invariant returned false (or threw)
  Crash,             // signal, abort, failed assert, exception out of a destructor
  Timeout,           // the call did not return within the call time limit
  OutOfScope,        // a resulting object exceeds the scope
  Nondeterministic,  // replaying the same calls gave a different state
  OutOfMemory,       // std::bad_alloc in a worker under --memory-limit
  ContractBroken,    // a contract check (gen/oracles/contracts) found the object breaking it
};
constexpr Outcome kLastOutcome = Outcome::ContractBroken;

// Thrown by a contract check to say the object broke it: the call's outcome is ContractBroken
// (InvariantBroken for the registered-invariant check), never misuse or failure.
struct ContractViolation : std::runtime_error {
  ContractViolation(const std::string& what, bool invariant = false) : std::runtime_error(what), invariant(invariant) {}
  bool invariant;
};
const char* outcome_name(Outcome o);
bool is_finding(Outcome o);

// Calls op; no exception escapes. On Failure/Misuse, *message names the exception type and what().
Outcome execute_call(const Operation& op, Arg* args, CallResult& out, const MisusePolicy& misuse, std::string* message);

// Checks a registered invariant; a throwing invariant counts as broken.
bool invariant_holds(const ClassInfo& cls, const void* obj, std::string* message);

// Human name of a signal number, e.g. "SIGSEGV (segmentation fault)".
std::string signal_description(int sig);

}  // namespace objgen
