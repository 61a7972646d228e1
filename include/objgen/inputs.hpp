// Bounded-exhaustive inputs inside your own tests.
//
//   objgen::Api api;  register_my_list(api);
//   class ListTest : public ::testing::TestWithParam<std::shared_ptr<const my::List>> {};
//   TEST_P(ListTest, SortKeepsSize) { ... GetParam() ... }
//   INSTANTIATE_TEST_SUITE_P(Scope4, ListTest,
//       ::testing::ValuesIn(objgen::bounded_exhaustive<my::List>(api, {.scope = 4})));
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

struct InputOptions {
  unsigned scope = 3;
  std::vector<std::string> methods;  // empty: the class's registered builders, else the whole API
  std::string ints;                  // e.g. "0..9"; empty: 0..scope-1
  std::string omit_fields;           // empty: the class's default
  int threads = 1;
  int max_iterations = 0;  // 0: 3 x scope
  bool isolate = false;    // fork workers (survive crashes in the code under test)
};

// Every distinct state of class `cls` within scope, each rebuilt by its call sequence. Throws
// std::runtime_error when the code under test fails (naming the first finding) or when the run
// stops before a fixpoint (raise max_iterations), so a test never runs on a silent subset.
std::vector<Object> bounded_exhaustive_objects(const Api& api, ClassId cls, const InputOptions& options);

// T must have been registered in api (its OBJGEN_FIELDS need not be visible here).
template <class T>
std::vector<std::shared_ptr<const T>> bounded_exhaustive(const Api& api, const InputOptions& options = {}) {
  ClassId id = 0;
  if (!find_class_by_type(typeid(T), &id)) throw std::invalid_argument(std::string("objgen: ") + typeid(T).name() + " is not registered");
  std::vector<std::shared_ptr<const T>> out;
  for (Object& o : bounded_exhaustive_objects(api, id, options)) out.push_back(std::static_pointer_cast<const T>(o));
  return out;
}

}  // namespace objgen
