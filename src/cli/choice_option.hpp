// Options whose value is one of a few names (--purity on|off|both): parsed once into an enum, so
// the commands compare enum values, not strings, and a wrong name is a usage error that lists
// the right ones. The names come back for reports and help.
#pragma once

#include <CLI/CLI.hpp>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace objgen::cli {

template <class E>
class Choices {
 public:
  Choices(std::initializer_list<std::pair<const char*, E>> names) : names_(names) {}
  const char* name(E value) const {
    for (const auto& [n, v] : names_)
      if (v == value) return n;
    return "?";
  }
  const std::pair<const char*, E>* find(const std::string& text) const {
    for (const auto& choice : names_)
      if (text == choice.first) return &choice;
    return nullptr;
  }
  // "a, b or c"
  std::string listed() const {
    std::string out;
    for (size_t i = 0; i < names_.size(); ++i) out += (i == 0 ? "" : i + 1 == names_.size() ? " or " : ", ") + std::string(names_[i].first);
    return out;
  }
  // "{a,b,c}", as the help shows the names
  std::string braced() const {
    std::string out = "{";
    for (size_t i = 0; i < names_.size(); ++i) out += (i == 0 ? "" : ",") + std::string(names_[i].first);
    return out + "}";
  }

 private:
  std::vector<std::pair<const char*, E>> names_;
};

// --flag NAME into target (which holds the default); choices must outlive the parse. The help lists
// the names.
template <class E>
CLI::Option* add_choice_option(CLI::App* cmd, const std::string& flag, E& target, const Choices<E>& choices, const std::string& help) {
  CLI::Option* option = cmd->add_option_function<std::string>(
      flag,
      [flag, &target, &choices](const std::string& text) {
        const auto* choice = choices.find(text);
        if (!choice) throw CLI::ValidationError(flag, "takes " + choices.listed() + ", not '" + text + "'");
        target = choice->second;
      },
      help);
  option->type_name("TEXT:" + choices.braced());
  option->default_str(choices.name(target));
  return option;
}

}  // namespace objgen::cli
