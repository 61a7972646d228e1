// The field space of a class the test binary describes, its layouts read in this process (the
// unit tests' classes are compiled in; objgen reads them in a worker).
#pragma once

#include "gen/invariant/class_layouts.hpp"
#include "gen/invariant/finitization.hpp"

namespace objgen::invariant::test_support {

inline FieldSpace space_of(ClassId root, const Finitization& fin) {
  ClassLayouts l = read_class_layouts(root);
  return build_field_space(
      root, fin,
      [&](ClassId c) -> const ClassLayout* {
        auto it = l.layouts.find(c);
        return it == l.layouts.end() ? nullptr : &it->second;
      },
      [&](ClassId c) { return l.names.at(c); });
}

}  // namespace objgen::invariant::test_support
