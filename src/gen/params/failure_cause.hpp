// Why a call with generated parameters failed, read from how it ended (HeuriGenJ's exception
// analysis, seed 003 §5, for C++'s failure kinds): the exception type and text, a failed
// assertion of the standard library (_GLIBCXX_ASSERTIONS), an UndefinedBehaviorSanitizer report,
// or the signal. Each cause has its own repair in the parameter search.
#pragma once

#include <cstdint>
#include <string>

#include "exec/executor.hpp"

namespace objgen::params {

enum class Cause : uint8_t {
  None,
  Index,          // std::out_of_range, an index assertion (__n < this->size()), "index out of bounds"
  EmptyState,     // an operation that needs elements on an empty receiver (!this->empty())
  Size,           // std::length_error, std::bad_alloc, over the memory limit: a size too large
  Hang,           // no return within the call time limit
  DivideByZero,   // SIGFPE, "division by zero"
  Overflow,       // UBSan: signed overflow, a shift past the width, a value out of an enum's range
  Value,          // std::invalid_argument, std::domain_error, any other exception: another value
  Crash,          // a signal with no more to go on (SIGSEGV, an assertion this table does not know)
};
constexpr int kCauseCount = static_cast<int>(Cause::Crash) + 1;

const char* cause_name(Cause c);  // "index", "empty-state", ...

// The cause of a call that ended with `outcome` and `message` (the executor's text: an
// exception's type and what(), or a death's signal and last line of output).
Cause classify_failure(Outcome outcome, const std::string& message);

}  // namespace objgen::params
