// Which function of a coverage map is an operation's body: matched by qualified name and
// parameter types as the demangler spells them.
#pragma once

#include <string>

#include "cover/coverage_map.hpp"
#include "objgen/api.hpp"

namespace objgen::evolve {

// Index into map.functions, or -1 (the body is not instrumented: defined outside the class, or
// inlined away).
int find_operation_function(const cover::CoverageMap& map, const Operation& op);

}  // namespace objgen::evolve
