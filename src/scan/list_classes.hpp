// The classes a header declares, for `objgen project`: each class or class template defined in the
// header itself (not in what it includes) at namespace scope, with whether objgen can test it as
// it is and, when not, why. Parses the header once with Clang, as scan does.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "scan/parse.hpp"

namespace objgen::scan {

struct DeclaredClass {
  std::string name;  // fully qualified: "tally::Counter"
  unsigned line = 0;
  // Why it is not tested as it is ("" when it is): a template without arguments, an abstract
  // class, one with no public member function, a class in an anonymous namespace.
  std::string skip_reason;
  // When it derives from std::exception (what the library throws to refuse a call): its name as a
  // demangler spells it, inline namespaces kept ("nlohmann::json_abi_v3_11_3::detail::parse_error").
  std::string exception_type;
  bool is_template = false;  // a class template: tested as the project instantiates it (list_template_instances)
};

struct ClassListing {
  bool ok = false;
  std::string message;  // why not: the header does not parse, Clang is missing
  std::vector<Diagnostic> errors;
  std::vector<DeclaredClass> classes;  // in declaration order
};

// header: a path; flags: its compile flags (those of the project's compile database).
ClassListing list_classes(const std::string& header, const std::vector<std::string>& flags);

struct ClassTemplateInstance {
  std::string template_name;  // "shelf::Box"
  std::string name;           // "shelf::Box<int>", as --class names it
  std::string skip_reason;    // as DeclaredClass's, of the instance
};

struct InstanceListing {
  bool ok = false;
  std::string message;  // why not, as ClassListing's
  std::vector<ClassTemplateInstance> instances;
};

// The instances of `templates` (qualified names of class templates) that a translation unit of
// the project makes or names with every argument known: how the project itself uses them.
InstanceListing list_template_instances(const std::string& source, const std::vector<std::string>& flags,
                                        const std::set<std::string>& templates);

}  // namespace objgen::scan
