// Why a call with generated parameters failed, read from how it ended (HeuriGenJ's exception
// analysis, seed 003 §5, for C++'s failure kinds): the exception type and text, a failed
// assertion of the standard library (_GLIBCXX_ASSERTIONS), an UndefinedBehaviorSanitizer report,
// or the signal. Each cause has its own repair in the parameter search.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "exec/executor.hpp"

namespace objgen::params {

enum class Cause : uint8_t {
  None,
  Index,         // std::out_of_range, an index assertion (__n < this->size()), "index out of bounds"
  EmptyState,    // an operation that needs elements on an empty receiver (!this->empty())
  Size,          // std::length_error, std::bad_alloc, over the memory limit: a size too large
  Hang,          // no return within the call time limit
  DivideByZero,  // SIGFPE, "division by zero"
  Overflow,      // UBSan: signed overflow, a shift past the width, a value out of an enum's range
  Value,         // std::invalid_argument, std::domain_error, any other exception: another value
  Crash,         // a signal with no more to go on (SIGSEGV, an assertion this table does not know)
};
constexpr int kCauseCount = static_cast<int>(Cause::Crash) + 1;

const char* cause_name(Cause c);  // "index", "empty-state", ...

// The cause of a call that ended with `outcome` and `message` (the executor's text: an
// exception's type and what(), or a death's signal and last line of output).
Cause classify_failure(Outcome outcome, const std::string& message);

// The part of a failure message that states the violated condition: a failed assertion's
// expression (`pos < m_num_bits`), what a sanitizer found ("index 70 out of bounds for type
// 'int[64]'"), an exception's text; "" for a bare signal or a memory error report.
std::string failed_condition(const std::string& message);

// Which parameters the failure points at (slot numbers, ascending): those whose declared name the
// failed condition uses (its leading and trailing underscores aside: libstdc++'s `__n` is n), else
// the integer ones whose value it quotes ("index 70 out of bounds"; UBSan's text is read for values
// only). `ints` has a slot per parameter (nullopt where not an integer) and sets how many there
// are; `names` has as many or fewer. Empty when it points at none: repair them all.
std::vector<uint32_t> blamed_parameters(const std::string& message, const std::vector<std::string>& names,
                                        const std::vector<std::optional<int64_t>>& ints);

}  // namespace objgen::params
