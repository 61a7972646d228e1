// What --class and --header may hold: both are pasted into the generated harness (a type in its
// registration, a header in an #include), so text that is not a type name or a header name is
// refused before it reaches any generated C++.
#pragma once

#include <string>

namespace objgen::cli {

// "" when text can name a C++ type (a qualified name, template arguments with balanced <>, (),
// [], commas, numbers, `::`, spaces, `*`, `&`, `const`), else why not: it is pasted into the
// generated harness, so no `;`, braces, `#`, quotes, backslashes, comments or line breaks.
std::string type_name_problem(const std::string& text);
// "" when text can be a --header (a path or <lib/header.hpp>), else why not.
std::string header_name_problem(const std::string& text);

}  // namespace objgen::cli
