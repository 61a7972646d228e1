// Bundled subjects: each example registers its classes and names its target class.
#pragma once

#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

struct Example {
  std::string name;         // as given to --example
  std::string description;  // one line for `objgen examples`
  std::string target;       // the class whose states are generated (as registered)
  std::string header;       // what emitted tests #include, relative to examples/
  void (*register_api)(Api&);
};

// All bundled examples, in listing order.
const std::vector<Example>& bundled_examples();
const Example* find_example(const std::string& name);

}  // namespace objgen
