// What --class and --header may hold: both are pasted into the generated harness (a type in its
// registration, a header in an #include), so text that is not a type name or a header name is
// refused before it reaches any generated C++.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace objgen::cli {

// "" when text can name a C++ type (a qualified name, template arguments with balanced <>, (),
// [], commas, numbers, `::`, spaces, `*`, `&`, `const`), else why not: it is pasted into the
// generated harness, so no `;`, braces, `#`, quotes, backslashes, comments or line breaks.
std::string type_name_problem(const std::string& text);
// --template-args MEMBER=ARGS[,ARGS...]: the explicit template argument lists a member template
// is tried with, one instance per ARGS; ARGS is one type (`as=int,double`: as<int> and
// as<double>) or several in angle brackets (`convert=<int, double>`). Commas inside brackets
// belong to the type (`push=std::pair<int, int>`).
struct MemberTemplateArguments {
  std::string member;              // "as", "operator[]"
  std::vector<std::string> lists;  // "int", "int, double"
};
// "" when text is a well-formed --template-args value, else why not.
std::string template_args_problem(const std::string& text);
// The value parsed; for a value template_args_problem accepts.
MemberTemplateArguments parse_template_args(const std::string& text);
// Each value parsed, the lists of one member merged in order.
std::vector<std::pair<std::string, std::vector<std::string>>> parse_template_args(const std::vector<std::string>& values);

// "" when text can be a --header (a path or <lib/header.hpp>), else why not.
std::string header_name_problem(const std::string& text);

}  // namespace objgen::cli
