// The states a generator found, as the suite writers, the regression oracles and the
// precondition probes read them: the store with each state's sequence, what the sequences'
// literal indices refer to, the class whose states a suite holds, and the operations the
// sequences call. Any strategy that keeps a StateStore (exhaustive, random) hands its states on
// as this view, so what reads them depends on no strategy's options or results.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "heap/state_store.hpp"
#include "model/literal_domain.hpp"
#include "objgen/class_registry.hpp"

namespace objgen {

// A view: the store, the domain and the operations must outlive it.
struct FoundStates {
  const StateStore& store;
  const LiteralDomain& domain;
  ClassId target;
  std::span<const uint32_t> operations;  // indices into Api::operations(): those the sequences were built with
  // When set, the states the outputs hold: one per group of states the class's operator== calls
  // equal (gen/oracles/equal_states); else every state of the target.
  const std::vector<uint32_t>* chosen = nullptr;

  const std::vector<uint32_t>& target_states() const { return chosen ? *chosen : store.states_of(target); }
};

}  // namespace objgen
