// Shortening text for people without cutting a character in two: compilers, sanitizers and the
// code under test write UTF-8 (GCC quotes names with ‘ ’), and a message cut inside a character
// shows as garbage and is invalid in JSON.
#pragma once

#include <string>
#include <vector>

namespace objgen {

// The longest prefix of `text` of at most max_bytes bytes that ends between two UTF-8 characters.
std::string utf8_prefix(const std::string& text, size_t max_bytes);

// `text` when it fits in max_bytes, else its utf8_prefix followed by `ellipsis`.
std::string utf8_shorten(const std::string& text, size_t max_bytes, const std::string& ellipsis = "...");

// The lines of a tool's output, without their '\n' (the last one also when it has none).
std::vector<std::string> lines_of(const std::string& text);

}  // namespace objgen
