#include "gen/params/failure_cause.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <system_error>
#include <set>
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
constexpr std::array<std::string_view, 12> kIndexWords{"out of bounds",
                                                       "out_of_range",
                                                       "__n <",
                                                       "__pos",
                                                       "pos <",
                                                       "index",
                                                       "< size()",
                                                       "< this->size()",
                                                       "<= size()",
                                                       "heap-buffer-overflow",
                                                       "stack-buffer-overflow",
                                                       "container-overflow"};  // the last three: AddressSanitizer
// AddressSanitizer's words for allocations over the worker's memory limit (its own, under ASan).
constexpr std::array<std::string_view, 4> kMemoryWords{"allocation-size-too-big", "out-of-memory", "rss-limit-exceeded",
                                                       "requested allocation size"};
constexpr std::array<std::string_view, 5> kEmptyWords{"empty()", "!empty", "size() > 0", "size() != 0", "non-empty"};
constexpr std::array<std::string_view, 4> kOverflowWords{"overflow", "shift exponent", "is not a valid value", "cannot be represented"};

// Underscores around a name are a library's convention (`__n`, `m_pos_`), not part of what it means.
std::string_view bare(std::string_view name) {
  while (!name.empty() && name.front() == '_') name.remove_prefix(1);
  while (!name.empty() && name.back() == '_') name.remove_suffix(1);
  return name;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The names a condition uses as variables (a qualified name's parts are functions and types,
// `this->size()` a member of the receiver) and the integers it quotes, outside quoted type names.
void read_condition(const std::string& text, std::set<std::string>& names, std::set<int64_t>& numbers) {
  bool quoted = false;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    // A quote opens after a non-word character (UBSan's type 'int [64]'); an apostrophe inside a
    // word (can't) opens nothing.
    if (c == '\'' && (quoted || i == 0 || !word_char(text[i - 1]))) {
      quoted = !quoted;
      ++i;
      continue;
    }
    if (!word_char(c)) {
      ++i;
      continue;
    }
    size_t e = i;
    while (e < text.size() && word_char(text[e])) ++e;
    std::string_view word(text.data() + i, e - i);
    bool qualified = (e + 1 < text.size() && text.compare(e, 2, "::") == 0) || (i >= 2 && text.compare(i - 2, 2, "::") == 0);
    bool member = (i >= 2 && text.compare(i - 2, 2, "->") == 0) || (i >= 1 && text[i - 1] == '.');
    bool negative = i >= 1 && text[i - 1] == '-' && (i < 2 || !word_char(text[i - 2]));
    if (std::isdigit(static_cast<unsigned char>(c))) {
      uint64_t v = 0;  // as unsigned: a size_t -1 prints as 18446744073709551615, the int64 -1 objgen holds
      auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
      if (!quoted && ec == std::errc() && end == word.data() + word.size())
        numbers.insert(negative ? -static_cast<int64_t>(v) : static_cast<int64_t>(v));
    } else if (!quoted && !qualified && !member) {
      names.emplace(bare(word));
    }
    i = e;
  }
}

}  // namespace

std::string failed_condition(const std::string& message) {
  if (size_t a = message.find("Assertion "); a != std::string::npos && a + 11 < message.size()) {
    size_t b = a + 11;  // past the opening quote, ' or `
    size_t e = message.find("' failed", b);
    return message.substr(b, e == std::string::npos ? std::string::npos : e - b);
  }
  if (size_t r = message.find("runtime error: "); r != std::string::npos) {
    size_t b = r + 15;
    return message.substr(b, message.find('\n', b) - b);
  }
  if (has(message, "AddressSanitizer") || message.rfind("SIG", 0) == 0) return "";
  return message;
}

std::vector<uint32_t> blamed_parameters(const std::string& message, const std::vector<std::string>& names,
                                        const std::vector<std::optional<int64_t>>& ints) {
  std::set<std::string> used;
  std::set<int64_t> quoted;
  read_condition(failed_condition(message), used, quoted);
  if (has(message, "runtime error: ")) used.clear();  // UBSan's own words ("index 70 out of bounds"), never a variable
  // Names first: a quoted number may be the bound (`this->size() (which is 3)`), not an argument.
  std::vector<uint32_t> named, valued;
  for (size_t k = 0; k < ints.size(); ++k) {
    std::string_view name = k < names.size() ? bare(names[k]) : std::string_view();
    if (!name.empty() && used.count(std::string(name))) named.push_back(static_cast<uint32_t>(k));
    if (k < ints.size() && ints[k] && quoted.count(*ints[k])) valued.push_back(static_cast<uint32_t>(k));
  }
  return named.empty() ? valued : named;
}

const char* cause_name(Cause c) {
  switch (c) {
    case Cause::None:
      return "none";
    case Cause::Index:
      return "index";
    case Cause::EmptyState:
      return "empty-state";
    case Cause::Size:
      return "size";
    case Cause::Hang:
      return "hang";
    case Cause::DivideByZero:
      return "divide-by-zero";
    case Cause::Overflow:
      return "overflow";
    case Cause::Value:
      return "value";
    case Cause::Crash:
      return "crash";
  }
  return "?";
}

Cause classify_failure(Outcome outcome, const std::string& message) {
  switch (outcome) {
    case Outcome::Normal:
      return Cause::None;
    case Outcome::Timeout:
      return Cause::Hang;
    case Outcome::OutOfMemory:
      return Cause::Size;
    default:
      break;
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
