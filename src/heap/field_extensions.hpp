// Field extensions: the set of (class.field, object number, value) triples over a set of
// objects (seed 000, §4.2). A cheap measure of how much of the state space a set of objects
// covers; builder identification maximizes it.
#pragma once

#include <cstddef>

#include "heap/state_store.hpp"
#include "objgen/linearizer.hpp"

namespace objgen {

class FieldExtensions {
 public:
  FieldExtensions(uint32_t scope, std::shared_ptr<const std::regex> omit) : lin_(scope, std::move(omit)) { lin_.record_fields(true); }
  // Adds the triples of the heap reachable from obj. Returns false (adding nothing) when the
  // object is out of scope.
  bool add(ClassId cls, const void* obj);
  // Number of distinct triples so far.
  size_t size() const { return triples_.size(); }

 private:
  Linearizer lin_;
  FingerprintSet triples_;
};

}  // namespace objgen
