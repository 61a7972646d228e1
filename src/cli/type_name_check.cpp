#include "cli/type_name_check.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string_view>
#include <vector>

namespace objgen::cli {

namespace {

// Brackets nest properly; '<' and '>' inside parentheses are comparisons, not brackets.
std::string bracket_problem(const std::string& text) {
  std::vector<char> open;
  for (char c : text) {
    bool in_parens = !open.empty() && open.back() == '(';
    if (c == '(' || c == '[' || (c == '<' && !in_parens)) open.push_back(c);
    char want = c == ')' ? '(' : c == ']' ? '[' : c == '>' && !in_parens ? '<' : 0;
    if (!want) continue;
    if (open.empty() || open.back() != want) return std::string("has an unbalanced '") + c + "'";
    open.pop_back();
  }
  if (!open.empty()) return std::string("has an unclosed '") + open.back() + "'";
  return "";
}

}  // namespace

std::string type_name_problem(const std::string& text) {
  if (text.empty()) return "needs a class name";
  if (text.size() > 1000) return "is too long for a class name";
  for (char c : text) {
    bool allowed = std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_:<>()[], *&.+-").find(c) != std::string_view::npos;
    if (!allowed)
      return "'" + text + "' is not a C++ type name: '" +
             (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c) : fmt::format("\\x{:02x}", static_cast<unsigned char>(c))) +
             "' cannot appear in one";
  }
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == ':' && (i + 1 >= text.size() || text[i + 1] != ':')) return "'" + text + "' is not a C++ type name: a lone ':'";
    else if (text[i] == ':') ++i;
  if (std::string why = bracket_problem(text); !why.empty()) return "'" + text + "' is not a C++ type name: it " + why;
  char first = text.find_first_not_of(' ') == std::string::npos ? ' ' : text[text.find_first_not_of(' ')];
  if (!(std::isalpha(static_cast<unsigned char>(first)) || first == '_' || first == ':'))
    return "'" + text + "' is not a C++ type name: it must start with a name";
  return "";
}

std::string header_name_problem(const std::string& text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '"')
      return "'" + text + "' holds a line break, a control character or a quote, which an #include cannot";
  if (!text.empty() && text.front() == '<' && (text.back() != '>' || text.find_first_of("<>", 1) != text.size() - 1))
    return "'" + text + "' is not <path/header.hpp>";
  return "";
}

}  // namespace objgen::cli
