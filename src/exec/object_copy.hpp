// Whether a class's copy constructor makes an independent deep copy, so that a live object can
// be copied instead of rebuilt by replaying its sequence.
#pragma once

#include <cstdint>
#include <memory>
#include <regex>
#include <span>

#include "model/literal_domain.hpp"
#include "objgen/api.hpp"
#include "objgen/class_registry.hpp"

namespace objgen {

// What a copy check may call when addresses cannot prove a copy deep (the object holds pointers
// to types objgen cannot read, or is read through its own iteration: a handle whose copies share
// one graph, YAML::Node's, reads the same and shows no shared address). On objects of the check's
// own, made by a constructor of the run that takes only literals, a member of the run that changes
// such an object runs on one, then on a copy of it: the first must read as it did.
// The object under check is never changed (it may be one the run keeps). Calls happen under
// `calls_phase` (set_worker_phase): a death there says the class cannot be checked so, never that
// a member is wrong, since no sequence chose those arguments.
struct CopyProbe {
  const Api* api = nullptr;
  std::span<const uint32_t> operations;
  const LiteralDomain* domain = nullptr;
  uint32_t scope = UINT32_MAX;  // the run's: a value that can hold itself reads to a bound
  uint64_t calls_phase = 0;
};

// True iff the class has a copy constructor whose copy of obj has the same canonical form, shares
// no object with the original and, when the probe is needed and has calls to try, changing a copy
// of an object (and destroying it) leaves that object as it was.
bool copy_is_deep(ClassId cls, const Object& obj, const std::shared_ptr<const std::regex>& omit, const CopyProbe& probe);
// Whether the objects reachable from a and from b (both of class cls) overlap.
bool share_objects(ClassId cls, const void* a, const void* b, const std::shared_ptr<const std::regex>& omit);

}  // namespace objgen
