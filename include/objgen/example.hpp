// Bundled subjects: each example registers its classes and names its target class.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

struct Example {
  std::string name;         // as given to --example
  std::string description;  // one line for `objgen examples`
  std::string target;       // the class whose states are generated (as registered)
  std::string header;       // what emitted tests #include, relative to examples/
  // Registers its API (a loaded harness's also says how workers load it: Api::worker_setup).
  std::function<void(Api&)> register_api;
};

// All bundled examples, in listing order.
const std::vector<Example>& bundled_examples();
const Example* find_example(const std::string& name);

}  // namespace objgen
