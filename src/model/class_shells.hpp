// Classes objgen knows by description only: the harness that defines them is loaded in workers,
// never in objgen's own process (src/harness/harness_description.hpp). objgen's process holds a
// shell per class: its name and which operations it has, with functions that stop objgen if they
// are ever called there. A worker that loads the harness binds each shell to the real class when
// the harness registers it, so class ids are the same in both processes.
#pragma once

#include <cstdint>
#include <string>

#include "objgen/class_registry.hpp"

namespace objgen {

// What a class's vtable has besides its name (bits; the contracts and copying ask for these).
enum ClassCapability : uint8_t {
  kCanVisit = 1,
  kCanClone = 2,
  kCanCompareEqual = 4,
  kCanCompareLess = 8,
  kCanHash = 16,
  kCanMoveConstruct = 32,
  kCanCopyAssign = 64,
};
uint8_t class_capabilities(const ClassVTable& vtable);

// Registers a shell (a class described by a harness that is not loaded here); returns its id.
// type_name: its type as the demangler spells it (demangled_class_name).
ClassId register_class_shell(const std::string& name, const std::string& type_name, uint8_t capabilities);
// A class's type as the demangler spells it (the registered name may be an alias of a template
// instance), for a shell as described.
std::string demangled_class_name(ClassId id);
// The shells no harness has bound in this process (0 once a worker's harness registered them all).
size_t unbound_class_shells();
// How many shells a harness has bound in this process so far: a copy of vtable functions taken
// at another count is stale (it may hold a shell's).
size_t bound_class_shells();

// Called when code of the class would run in a process that did not load it: objgen's own bug.
[[noreturn]] void code_under_test_called_here(const char* what);

}  // namespace objgen
