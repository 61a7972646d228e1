// Which classes `objgen project` tests: those its own headers declare (scan/list_classes), a class
// template as the project's translation units instantiate it (one class per instance), each
// with the flags the compile database gives its header, and what each class's results depend on
// (the contents of its header and of every project header it includes).
#pragma once

#include <functional>
#include <regex>
#include <string>
#include <vector>

#include "project/project_layout.hpp"

namespace objgen::project {

struct ClassTarget {
  std::string name;    // "tally::Counter"
  std::string header;  // absolute
  unsigned line = 0;
  std::string skip_reason;
  std::vector<std::string> flags;  // the header's, from the compile database
  bool is_template = false;        // a class template no translation unit of the project instantiates (skipped)
};

// The classes of the layout's headers whose qualified names match `wanted` (a template's
// instances: theirs or the template's); a header or source that cannot
// be read is a note ("include/x.hpp: 2 error(s) while parsing ..."), not the end of the run.
// `refusals` gets every class of the headers (wanted or not) that derives from std::exception.
std::vector<ClassTarget> find_project_classes(const ProjectLayout& layout, const std::regex& wanted, std::vector<std::string>& notes,
                                              const std::function<void(const std::string&)>& say, std::vector<std::string>& refusals);

// The header and every file it includes outside the system's directories (the compiler's -MM),
// and a digest of their contents; digest "" when the compiler cannot list them. `scratch`: a
// directory for its files.
struct HeaderDependencies {
  std::vector<std::string> files;  // absolute
  std::string digest;
};
HeaderDependencies header_dependencies(const ClassTarget& target, const std::string& scratch);

// The files `git diff --name-only REF` names (changed since REF, committed or not) and the
// untracked ones, absolute, in the git work tree holding `dir`. Throws ProjectError when git
// cannot say (not a repository, an unknown REF).
std::vector<std::string> changed_since(const std::string& dir, const std::string& ref, const std::string& scratch);

}  // namespace objgen::project
