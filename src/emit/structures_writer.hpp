// A GoogleTest suite from a search from an invariant (objgen korat --emit-gtest): the structures
// as a table of candidate vectors, a function that builds one from new objects field by field,
// and tests that (1) the invariant accepts each structure and (2) each mutating operation, called
// on each structure with each argument the literal domain holds, leaves a structure the invariant
// still accepts whenever it returns normally (Korat's use: valid inputs in, the invariant as the
// postcondition). An exception counts as a refusal, not a failure: a precondition may forbid
// the call. The suite writes private fields: it is compiled with -fno-access-control.
#pragma once

#include <string>
#include <vector>

#include "emit/gtest_writer.hpp"
#include "gen/invariant/invariant_search.hpp"
#include "model/literal_domain.hpp"

namespace objgen::emit {

// C++ that builds candidate `values` from new objects, field by field: the objects the root
// reaches, each field of the structure with its value ("auto* root = new List();",
// "auto* node0 = new List::Node();", "root->head = node0;", "root->size = 1;", ...): a witness
// a user can paste into a test.
std::vector<std::string> structure_statements(const invariant::FieldSpace& space, const uint8_t* values);

// <name>_structures_test.cpp in `dir` (written atomically); its path. `operations` are candidate
// operations (e.g. --methods'): those that mutate the target and take only literals are tested.
// At most g.max_states structures (evenly spaced in the search's order; 0: all).
std::string write_structures_suite(const Api& api, const invariant::SearchResult& result, const LiteralDomain& domain,
                                   const std::vector<uint32_t>& operations, const GtestSuiteOptions& g, const std::string& dir);

}  // namespace objgen::emit
