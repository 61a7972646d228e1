// Which function of a coverage map is an operation's body: matched by qualified name and
// parameter types as the demangler spells them.
#pragma once

#include <string>
#include <vector>

#include "cover/coverage_map.hpp"
#include "objgen/api.hpp"

namespace objgen::evolve {

// Index into map.functions, or -1 (the body is not instrumented: defined outside the class, or
// inlined away).
int find_operation_function(const cover::CoverageMap& map, const Operation& op);
// The same over demangled function names: index into `functions`, or -1.
int find_operation_body(const std::vector<std::string>& functions, const Operation& op);

}  // namespace objgen::evolve
