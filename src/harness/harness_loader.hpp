// Loads a harness shared object (built by objgen for --header/--class, or by
// objgen_add_harness() in a user's CMake project) and turns its entry point into an Example.
#pragma once

#include <stdexcept>
#include <string>

#include "objgen/example.hpp"

namespace objgen {

struct HarnessLoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The harness stays loaded for the life of the process (its code is the code under test).
// Throws HarnessLoadError naming the file and the reason.
// probe: load it in a supervised child first (a harness whose loading crashes, hangs, forks or
// starts a thread is refused); false only where that child would be this process already (an
// exec'd worker, loading what its parent loaded).
Example load_harness(const std::string& path, bool probe = true);

}  // namespace objgen
