// Which operation of a reference API is "the same member" as an operation of the API under test,
// and a call sequence on the class translated into the reference's operations and literals.
//
// Operations are matched by kind, name, receiver constness and parameter types as spelled, with
// the two target classes' names taken as one (the reference may be the fixed class under
// another name, or the same name from another version of the header).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::differential {

// One side of a comparison: an API, the class under test in it, its literals, and how the names
// of its classes are spelled (a reference's class ids are those of its own processes, so its
// names cannot be read from objgen's class registry).
struct Side {
  const Api& api;
  ClassId target;
  const LiteralDomain& domain;
  std::vector<std::string> class_names;  // by class id; "" where unknown
  std::string target_name;               // qualified, as the harness spells it
};

struct OperationMatch {
  std::vector<int64_t> to_reference;        // per operation of the class: the reference's, or -1
  std::vector<uint32_t> unmatched;          // operations of the class the reference has no match for
  std::vector<std::string> reference_only;  // keys of reference operations nothing matched
};

// The key an operation is matched by: "Method size() const", "Constructor (int)".
std::string match_key(const Operation& op, const Side& side);

OperationMatch match_operations(const Side& subject, const Side& reference);

// The sequence on the reference: its operations, its literal indices (the same values), or
// nullopt when a call or a value has no counterpart there.
std::optional<FlatSequence> translate(const FlatSequence& seq, const Side& subject, const Side& reference, const OperationMatch& match);

}  // namespace objgen::differential
