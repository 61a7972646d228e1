#include "gen/params/failure_cause.hpp"

#include <array>
#include <string_view>

namespace objgen::params {
namespace {

bool has(const std::string& text, std::string_view what) { return text.find(what) != std::string::npos; }

template <size_t N>
bool has_any(const std::string& text, const std::array<std::string_view, N>& words) {
  for (std::string_view w : words)
    if (has(text, w)) return true;
  return false;
}

// Words of assertions and sanitizer reports that name an index or a position against a bound:
// libstdc++'s `__n < this->size()`, `__pos <= size()`, boost's `pos < m_num_bits`, UBSan's
// "index 5 out of bounds".
constexpr std::array<std::string_view, 12> kIndexWords{
    "out of bounds", "out_of_range", "__n <", "__pos", "pos <", "index", "< size()", "< this->size()", "<= size()",
    "heap-buffer-overflow", "stack-buffer-overflow", "container-overflow"};  // the last three: AddressSanitizer
// AddressSanitizer's words for allocations over the worker's memory limit (its own, under ASan).
constexpr std::array<std::string_view, 4> kMemoryWords{"allocation-size-too-big", "out-of-memory", "rss-limit-exceeded",
                                                       "requested allocation size"};
constexpr std::array<std::string_view, 5> kEmptyWords{"empty()", "!empty", "size() > 0", "size() != 0", "non-empty"};
constexpr std::array<std::string_view, 4> kOverflowWords{"overflow", "shift exponent", "is not a valid value",
                                                         "cannot be represented"};

}  // namespace

const char* cause_name(Cause c) {
  switch (c) {
    case Cause::None: return "none";
    case Cause::Index: return "index";
    case Cause::EmptyState: return "empty-state";
    case Cause::Size: return "size";
    case Cause::Hang: return "hang";
    case Cause::DivideByZero: return "divide-by-zero";
    case Cause::Overflow: return "overflow";
    case Cause::Value: return "value";
    case Cause::Crash: return "crash";
  }
  return "?";
}

Cause classify_failure(Outcome outcome, const std::string& message) {
  switch (outcome) {
    case Outcome::Normal: return Cause::None;
    case Outcome::Timeout: return Cause::Hang;
    case Outcome::OutOfMemory: return Cause::Size;
    default: break;
  }
  if (has(message, "std::length_error") || has(message, "std::bad_alloc") || has(message, "std::bad_array_new_length") ||
      has(message, "max_size") || has_any(message, kMemoryWords))
    return Cause::Size;
  if (has(message, "SIGFPE") || has(message, "division by zero")) return Cause::DivideByZero;
  // An emptiness check before an index one: `!this->empty()` names no index, but "index" may
  // appear in a message about an empty container's front().
  if (has_any(message, kEmptyWords)) return Cause::EmptyState;
  if (has(message, "std::out_of_range") || has_any(message, kIndexWords)) return Cause::Index;
  if (has_any(message, kOverflowWords)) return Cause::Overflow;
  if (outcome == Outcome::Failure || outcome == Outcome::Misuse) return Cause::Value;  // an exception: its value was refused
  return Cause::Crash;
}

}  // namespace objgen::params
