// Whether a class's copy constructor makes an independent deep copy, so that a live object can
// be copied instead of rebuilt by replaying its sequence.
#pragma once

#include <memory>
#include <regex>

#include "objgen/class_registry.hpp"

namespace objgen {

// True iff the class has a copy constructor whose copy of obj has the same canonical form and
// shares no object with the original.
bool copy_is_deep(ClassId cls, const Object& obj, const std::shared_ptr<const std::regex>& omit);
// Whether the objects reachable from a and from b (both of class cls) overlap.
bool share_objects(ClassId cls, const void* a, const void* b, const std::shared_ptr<const std::regex>& omit);

}  // namespace objgen
