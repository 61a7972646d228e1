// BEAPI's RQ3: the states a class's invariant accepts (objgen korat) against the states its API
// builds (objgen exhaustive), compared as canonical forms. States only the invariant accepts point
// to an invariant too weak or an API that cannot build valid states; states only the API builds,
// to an invariant too strong or an API that breaks it.
#pragma once

#include <cstdint>
#include <vector>

#include "gen/invariant/invariant_search.hpp"
#include "heap/state_store.hpp"

namespace objgen::invariant {

struct ApiDiff {
  size_t invariant_states = 0;  // distinct canonical states korat found
  size_t api_states = 0;        // distinct canonical states of the class the API built
  size_t both = 0;
  size_t invariant_only = 0, api_only = 0;
  // The smallest witnesses: structures of the search (indices; the fewest reachable objects, then
  // the search's order) and states of the store (ids, in the order the API reached them: shortest
  // sequences first).
  std::vector<size_t> invariant_only_examples;
  std::vector<uint32_t> api_only_examples;
};

ApiDiff diff_against_api(const SearchResult& search, const StateStore& store, ClassId cls, size_t examples);

}  // namespace objgen::invariant
