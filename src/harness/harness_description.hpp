// What objgen's own process knows of a harness: its entry's names and the API it registers, as
// data a confined child wrote after loading it (harness_loader.cpp). objgen never loads the
// harness itself: the operations and invariants of a described API call through to the harness
// a worker loaded (bind_described_api), and stop objgen, as its own bug, if they are ever called
// in a process that loaded none.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

struct HarnessEntry;

struct DescribedClass {
  std::string name;          // the C++ spelling its vtable registers
  std::string type_name;     // its type as the demangler spells it
  uint8_t capabilities = 0;  // ClassCapability bits (model/class_shells.hpp)
};

// Where a description's calls go: in objgen's process nowhere (they stop it, as its own bug); in
// a worker, to the API the harness registered there (bind_described_api). Also the description's
// API with this process's class ids, made once.
struct DescribedBinding;

struct HarnessDescription {
  std::string name, target, include;          // the harness entry's
  ClassId first_class = 0;                    // the class registry's size before the harness was loaded
  std::vector<DescribedClass> classes;        // the classes loading and registering it added, in order
  Api api;                                    // as registered, class ids as in the describing process
  std::shared_ptr<DescribedBinding> binding;  // shared by every operation of `api` and its copies
};

// In the process that loaded the harness and registered its API: the description, as bytes.
std::string describe_harness(const HarnessEntry& entry, ClassId first_class, const Api& registered);
// Throws std::runtime_error when the bytes are not one whole, consistent description (they come
// from a process that ran the code under test).
HarnessDescription parse_harness_description(const std::string& bytes);

// Registers a shell per described class (the first time for this description) and adds the
// described API to `api`, its calls going through to the harness a worker binds.
void register_described_api(const HarnessDescription& description, Api& api);
// In a worker that loaded the harness and registered its API in `loaded` (which must outlive the
// process): every API registered from `description` calls it from now on. Returns what does not
// match the description ("" when all does).
std::string bind_described_api(const HarnessDescription& description, const Api& loaded);

}  // namespace objgen
