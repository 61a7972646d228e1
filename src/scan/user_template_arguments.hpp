// --template-args in the scan: each argument list the user wrote becomes an alias in the
// synthesized source, so Clang resolves its types where the header's names are visible, and an
// unknown type is an error on that alias's line, reported as the option's.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <clang/Frontend/ASTUnit.h>

#include "scan/member_templates.hpp"
#include "scan/parse.hpp"

namespace objgen::scan {

// Member name -> the argument lists as written ("int", "std::string, double").
using TemplateArgumentsRequest = std::vector<std::pair<std::string, std::vector<std::string>>>;

// The lines appended to the synthesized source: a holder template, and one alias per list in the
// order given ("" when there are none).
std::string template_arguments_source(const std::vector<std::string>& lists);
// The lists, resolved by Clang in the parsed unit.
UserTemplateArguments resolve_template_arguments(clang::ASTUnit& unit, const TemplateArgumentsRequest& request);
// The first error on one of those lines, as "--template-args 'as=Nope': <Clang's message>";
// "" when none.
std::string template_arguments_error(const std::vector<Diagnostic>& diagnostics, const TemplateArgumentsRequest& request,
                                     const std::string& source);

}  // namespace objgen::scan
