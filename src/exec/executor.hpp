// Runs one call of the API under test and classifies what happened (DESIGN.md "Outcome").
#pragma once

#include <cstdint>
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
};
constexpr Outcome kLastOutcome = Outcome::OutOfMemory;
const char* outcome_name(Outcome o);
bool is_finding(Outcome o);

// Calls op; no exception escapes. On Failure/Misuse, *message names the exception type and what().
Outcome execute_call(const Operation& op, Arg* args, CallResult& out, const MisusePolicy& misuse,
                     std::string* message);

// Checks a registered invariant; a throwing invariant counts as broken.
bool invariant_holds(const ClassInfo& cls, const void* obj, std::string* message);

// Human name of a signal number, e.g. "SIGSEGV (segmentation fault)".
std::string signal_description(int sig);

}  // namespace objgen
