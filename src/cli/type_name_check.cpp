#include "cli/type_name_check.hpp"

#include <fmt/format.h>

#include <algorithm>
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

// Splits at the commas outside any brackets; the pieces trimmed.
std::vector<std::string> split_top_level(const std::string& text) {
  std::vector<std::string> pieces(1);
  int depth = 0;
  for (char c : text) {
    if (c == '<' || c == '(' || c == '[') ++depth;
    if (c == '>' || c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0)
      pieces.emplace_back();
    else
      pieces.back() += c;
  }
  for (std::string& p : pieces) {
    size_t first = p.find_first_not_of(' '), last = p.find_last_not_of(' ');
    p = first == std::string::npos ? "" : p.substr(first, last - first + 1);
  }
  return pieces;
}

// "as", "operator[]", "operator()", "operator+=": what a member template can be named.
bool member_name_ok(const std::string& name) {
  if (name.rfind("operator", 0) == 0 && name.size() > 8) return name.find_first_not_of("+-*/%^&|~!=<>[](), ", 8) == std::string::npos;
  return !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string::npos;
}

// One ARGS: a type, or `<T1, T2>`; the types it holds.
std::vector<std::string> argument_list_types(const std::string& args) {
  if (args.size() >= 2 && args.front() == '<' && args.back() == '>') return split_top_level(args.substr(1, args.size() - 2));
  return {args};
}

constexpr const char* kTemplateArgsForm =
    "expected MEMBER=TYPE[,TYPE...], e.g. as=int,double (<A, B> for one instance of a "
    "template of several parameters)";

}  // namespace

std::string template_args_problem(const std::string& text) {
  std::string head = "'" + text + "': ";
  size_t eq = text.find('=');
  if (eq == std::string::npos) return head + kTemplateArgsForm;
  std::string member = text.substr(0, eq);
  if (!member_name_ok(member)) return head + "'" + member + "' is not a member function's name; " + kTemplateArgsForm;
  std::string args = text.substr(eq + 1);
  if (std::string why = bracket_problem(args); !why.empty()) return head + "the types' text " + why;
  for (const std::string& list : split_top_level(args)) {
    if (list.empty()) return head + "an empty type; " + kTemplateArgsForm;
    for (const std::string& type : argument_list_types(list)) {
      if (type.empty()) return fmt::format("{}an empty type in '{}'", head, list);
      if (std::string why = type_name_problem(type); !why.empty()) return head + why;
    }
  }
  return "";
}

MemberTemplateArguments parse_template_args(const std::string& text) {
  MemberTemplateArguments out;
  size_t eq = text.find('=');
  out.member = text.substr(0, eq);
  for (const std::string& list : split_top_level(text.substr(eq + 1))) {
    std::string joined;
    for (const std::string& type : argument_list_types(list)) joined += (joined.empty() ? "" : ", ") + type;
    out.lists.push_back(joined);
  }
  return out;
}

std::vector<std::pair<std::string, std::vector<std::string>>> parse_template_args(const std::vector<std::string>& values) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const std::string& value : values) {
    MemberTemplateArguments parsed = parse_template_args(value);
    auto same = [&](const auto& entry) { return entry.first == parsed.member; };
    auto it = std::find_if(out.begin(), out.end(), same);
    if (it == out.end()) it = out.insert(out.end(), {parsed.member, {}});
    it->second.insert(it->second.end(), parsed.lists.begin(), parsed.lists.end());
  }
  return out;
}

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
    if (text[i] == ':' && (i + 1 >= text.size() || text[i + 1] != ':'))
      return "'" + text + "' is not a C++ type name: a lone ':'";
    else if (text[i] == ':')
      ++i;
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
