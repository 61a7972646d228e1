#include "model/call_pattern.hpp"

namespace objgen {

std::string rewrite_placeholders(const std::string& p, const std::function<std::string(size_t)>& with) {
  std::string out;
  for (size_t i = 0; i < p.size(); ++i) {
    size_t close = p[i] == '{' ? p.find_first_not_of("0123456789", i + 1) : std::string::npos;
    if (close == std::string::npos || close == i + 1 || p[close] != '}') {
      out += p[i];
      continue;
    }
    out += with(std::stoul(p.substr(i + 1, close - i - 1)));
    i = close;
  }
  return out;
}

}  // namespace objgen
