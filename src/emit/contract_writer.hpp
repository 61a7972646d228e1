// A contract check (an Operation with Operation::contract set, gen/oracles/contracts.hpp) as C++:
// the same property checked with GoogleTest assertions, on what plain C++ can see (== , <,
// std::hash, and the class's observers where objgen compared canonical states).
#pragma once

#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen::emit {

// values: the shared_ptr variables holding the check's objects, then its literals as C++.
std::string contract_statement(const Api& api, const Operation& check, const std::vector<std::string>& values);

}  // namespace objgen::emit
