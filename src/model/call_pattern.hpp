// Operation::call_pattern: how emitted code spells a call, with {0}, {1}, ... for its arguments
// (the receiver first for methods). Braces of a brace-initializer (T{a, b}) are text.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace objgen {

// The pattern with every placeholder {k} replaced by with(k).
std::string rewrite_placeholders(const std::string& pattern, const std::function<std::string(size_t)>& with);

}  // namespace objgen
