// The one symbol a loadable harness exports. objgen builds such harnesses itself for
// `--header/--class`, and objgen_add_harness() builds them in a user's CMake project; both are
// shared objects that `objgen <strategy> --harness FILE.so` loads.
#pragma once

#include "objgen/version.hpp"

namespace objgen {

class Api;

// Bumped when this entry changes shape; any other change to objgen's headers shows in
// headers_hash. A harness that does not match is refused instead of crashing.
inline constexpr int kHarnessAbi = 2;

struct HarnessEntry {
  int abi;
  const char* objgen_version;
  const char* headers_hash;  // OBJGEN_HEADERS_HASH of the objgen headers it was compiled with
  const char* name;          // shown in reports and used in emitted file names
  const char* target;        // the class whose states are generated, as registered
  const char* include;       // what emitted tests include: "list.hpp" or "<boost/circular_buffer.hpp>"
  void (*register_api)(Api&);
};

}  // namespace objgen

#define OBJGEN_HARNESS_ENTRY_SYMBOL "objgen_harness_entry"

// Defines the harness's entry point; use once per shared object.
#define OBJGEN_HARNESS_ENTRY(NAME, TARGET, INCLUDE, REGISTER)                                                   \
  extern "C" __attribute__((visibility("default"))) const ::objgen::HarnessEntry* objgen_harness_entry() {      \
    static const ::objgen::HarnessEntry entry{                                                                  \
        ::objgen::kHarnessAbi, OBJGEN_VERSION_STRING, OBJGEN_HEADERS_HASH, NAME, TARGET, INCLUDE, &(REGISTER)}; \
    return &entry;                                                                                              \
  }
