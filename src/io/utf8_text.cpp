#include "io/utf8_text.hpp"

#include <sstream>

namespace objgen {

namespace {
bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }
}  // namespace

std::string utf8_prefix(const std::string& text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t end = max_bytes;
  // text[end] starts the first character left out; back up while it would continue one kept.
  while (end > 0 && is_continuation_byte(text[end])) --end;
  return text.substr(0, end);
}

std::string utf8_shorten(const std::string& text, size_t max_bytes, const std::string& ellipsis) {
  return text.size() <= max_bytes ? text : utf8_prefix(text, max_bytes) + ellipsis;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace objgen
