// Contracts: properties every object of a class must have whatever state it is in (Randoop's
// contracts, in C++ terms: copies, equality, hashing, ordering, moves and assignment).
//
// Each check is an Operation added to the Api (Operation::contract set): a free function taking
// the object(s) by const reference, which throws ContractViolation when the object breaks it.
// As ordinary calls they run in the same workers as everything else (a check that crashes or
// hangs is a finding, not a crash of objgen), end sequences that minimization can shrink, and
// are printed by src/emit as plain C++ checks. Generators never pick them; they call them on
// the states they build.
#pragma once

#include <cstdint>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen::contracts {

enum class Contract : uint8_t {
  Failures,         // no crash, hang or unexpected exception (checked by running the calls)
  Invariant,        // the registered invariant holds
  CopyEqual,        // a copy has the original's canonical state (and is == to it)
  CopyIndependent,  // changing a copy, then destroying it, leaves the original unchanged
  EqReflexive,      // a == a
  EqSymmetric,      // (a == b) == (b == a)
  HashEq,           // a == b implies std::hash equal
  LtIrreflexive,    // !(a < a), and never both a < b and b < a
  MovedFrom,        // a moved-to object equals the original; the moved-from one can be assigned and destroyed
  AssignEqual,      // after d = a, d has a's canonical state, and a is unchanged; self-assignment changes nothing
};
constexpr size_t kContractCount = 10;

const char* contract_name(Contract c);
const char* contract_description(Contract c);

// Which contracts are on. Spec: "all" (default), "none", or comma-separated names; "-name"
// takes one out of what precedes it ("all,-hash-eq"). Throws std::invalid_argument naming an
// unknown contract.
struct ContractSet {
  bool on[kContractCount] = {};
  bool has(Contract c) const { return on[static_cast<size_t>(c)]; }
  static ContractSet all();
  static ContractSet parse(const std::string& spec);
  std::string names() const;  // the enabled ones, comma-separated
};

struct ContractOptions {
  ContractSet enabled = ContractSet::all();
  std::shared_ptr<const std::regex> omit;  // fields left out of canonical comparisons
  // copy-independence mutates the copy with each non-const member taking literals only, at most
  // this many per class (in registration order).
  size_t mutators_per_class = 8;
  // ... and only among these operations (the ones the user selected), when not empty.
  std::vector<uint32_t> mutators_among;
};

// The checks of class `cls`: added to api (after every other operation, so existing indices stay
// valid); returns their indices. Contracts the class cannot have (no copy, no ==...) get none.
std::vector<uint32_t> add_contract_operations(Api& api, ClassId cls, const ContractOptions& options);

// The contract a check operation checks.
inline Contract contract_of(const Operation& op) { return static_cast<Contract>(op.contract); }

}  // namespace objgen::contracts
