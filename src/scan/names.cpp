#include "scan/names.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "scan/model.hpp"

namespace objgen::scan {
namespace {

bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string last_component(const std::string& name) {
  std::string base = name.substr(0, name.find('<'));
  size_t at = base.rfind("::");
  return at == std::string::npos ? base : base.substr(at + 2);
}

std::string without_template_args(const std::string& name) { return name.substr(0, name.find('<')); }

}  // namespace

std::string SourcePos::str() const {
  if (file.empty()) return "";
  return std::filesystem::path(file).filename().string() + ":" + std::to_string(line);
}

std::string Function::signature() const {
  std::string s = name + "(";
  for (size_t i = 0; i < params.size(); ++i) {
    if (i) s += ", ";
    s += params[i].type;
    if (!params[i].name.empty()) s += " " + params[i].name;
    if (!params[i].default_value.empty()) s += " = " + params[i].default_value;
  }
  s += ")";
  if (is_const) s += " const";
  if (!ref_qualifier.empty()) s += " " + ref_qualifier;
  if (is_noexcept) s += " noexcept";
  return s;
}

std::string short_class_name(const std::string& qualified) { return last_component(qualified); }

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::vector<std::string> closest_names(const std::string& wanted, const std::vector<std::string>& candidates, size_t limit) {
  std::string want_full = without_template_args(wanted);
  std::string want_last = last_component(wanted);
  std::vector<std::pair<size_t, std::string>> scored;
  for (const std::string& c : candidates) {
    std::string full = without_template_args(c);
    size_t d = std::min(edit_distance(want_full, full), edit_distance(want_last, last_component(c)) + 2);
    size_t allowed = std::max<size_t>(3, want_last.size() / 2);
    if (d <= allowed) scored.emplace_back(d, c);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (const auto& [d, c] : scored) {
    if (std::find(out.begin(), out.end(), c) != out.end()) continue;
    out.push_back(c);
    if (out.size() == limit) break;
  }
  return out;
}

std::string snake_case(const std::string& name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (std::isupper(static_cast<unsigned char>(c))) {
      bool after_lower =
          i > 0 && (std::islower(static_cast<unsigned char>(name[i - 1])) || std::isdigit(static_cast<unsigned char>(name[i - 1])));
      if (after_lower && !out.empty() && out.back() != '_') out += '_';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (is_ident(c)) {
      out += c;
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

std::string camel_case(const std::string& name) {
  std::string out;
  bool upper = true;
  for (char c : name) {
    if (!is_ident(c) || c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

std::string replace_name(const std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t at = text.find(from, i);
    if (at == std::string::npos) break;
    bool left_ok = at == 0 || (!is_ident(text[at - 1]) && text[at - 1] != ':');
    size_t end = at + from.size();
    bool right_ok = end >= text.size() || !is_ident(text[end]);
    out += text.substr(i, at - i);
    out += (left_ok && right_ok) ? to : from;
    i = end;
  }
  out += text.substr(i);
  return out;
}

}  // namespace objgen::scan
