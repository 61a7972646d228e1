#include "cover/ir_text.hpp"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <regex>

namespace objgen::cover::ir_text {

std::string demangle(const std::string& mangled) {
  int status = 0;
  char* s = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
  std::string out = status == 0 && s ? s : mangled;
  std::free(s);
  return out;
}

std::string_view trimmed(std::string_view s) {
  size_t b = s.find_first_not_of(' ');
  return b == std::string_view::npos ? std::string_view() : s.substr(b);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string dbg_ref(const std::string& line) {
  size_t at = line.find("!dbg !");
  if (at == std::string::npos) return "";
  size_t b = at + 5, e = b + 1;
  while (e < line.size() && std::isdigit(static_cast<unsigned char>(line[e]))) ++e;
  return line.substr(b, e - b);
}

DebugInfo read_debug_info(const std::vector<std::string>& lines) {
  static const std::regex loc(R"(^(!\d+) = !DILocation\(line: (\d+), column: (\d+))");
  static const std::regex file(R"re(^(!\d+) = !DIFile\(filename: "([^"]*)", directory: "([^"]*)")re");
  static const std::regex sub(R"(^(!\d+) = distinct !DISubprogram\(.*\bfile: (!\d+))");
  DebugInfo d;
  std::smatch m;
  for (const std::string& l : lines) {
    if (l.empty() || l[0] != '!') continue;
    if (std::regex_search(l, m, loc)) {
      d.locations[m[1]] = {static_cast<uint32_t>(std::stoul(m[2])), static_cast<uint32_t>(std::stoul(m[3]))};
    } else if (std::regex_search(l, m, file)) {
      std::string name = m[2], dir = m[3];
      d.files[m[1]] = !name.empty() && name[0] == '/' ? name : dir.append("/").append(name);
    } else if (std::regex_search(l, m, sub)) {
      d.subprogram_file[m[1]] = m[2];
    }
  }
  return d;
}

std::string comdat_of(const std::string& line, const std::string& own_name) {
  size_t at = line.find("comdat(");
  if (at != std::string::npos) {
    size_t b = line.find('$', at) + 1, e = line.find(')', at);
    return line.substr(b, e - b);
  }
  return line.find(" comdat") != std::string::npos ? own_name : "";
}

std::vector<int64_t> parse_i64_list(const std::string& s) {
  std::vector<int64_t> v;
  static const std::regex num(R"(i64 (-?\d+))");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), num); it != std::sregex_iterator(); ++it) v.push_back(std::stoll((*it)[1]));
  return v;
}

std::vector<std::string> split_args(const std::string& s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
    if (c == ')' || c == ']' || c == '}' || c == '>') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::string last_token(const std::string& arg) {
  size_t e = arg.find_last_not_of(' ');
  size_t b = arg.find_last_of(' ', e);
  return arg.substr(b == std::string::npos ? 0 : b + 1, e - (b == std::string::npos ? 0 : b + 1) + 1);
}

bool fails_an_assertion(const std::string& line) {
  return line.find("@__assert_fail(") != std::string::npos || line.find("@__assert_perror_fail(") != std::string::npos ||
         line.find("@_ZSt21__glibcxx_assert_fail") != std::string::npos || line.find("@_ZSt16__replacement_assert") != std::string::npos;
}

}  // namespace objgen::cover::ir_text
