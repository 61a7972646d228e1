// Observer detection (seed 000 §4.4): random calls on many states; an operation that never
// changes the canonical state of an input and never returns a new object is an observer and
// cannot be a builder. Const-ness is the static hint; the measurement decides, since mutable
// members or const_cast can make a const member function change state.
#pragma once

#include <string>
#include <vector>

#include "gen/builders/builder_search.hpp"

namespace objgen::builders {

enum class OperationRole { Builder, Observer, Untested };
const char* role_name(OperationRole r);

struct OperationClass {
  uint32_t op;
  OperationRole role;
  bool const_hint;  // a const member function (or a function taking only const inputs)
  uint64_t normal_calls;
  std::string evidence;  // why, in words
};

struct Classification {
  std::vector<OperationClass> operations;  // in the order of BuilderSearchOptions::operations
  std::vector<SequenceFinding> findings;
  double seconds = 0;
  // The operations still in the search: builders and untested ones.
  std::vector<uint32_t> candidates() const;
  std::vector<uint32_t> observers() const;
};

Classification classify_operations(const Api& api, const BuilderSearchOptions& options);

}  // namespace objgen::builders
