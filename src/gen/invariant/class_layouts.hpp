// The layouts of a root class and of every class its pointer fields reach, read where the
// classes are real (a worker that loaded the harness) and sent to objgen's process as bytes,
// which it checks like anything else that comes from the code under test's process.
#pragma once

#include <map>
#include <string>

#include "objgen/object_layout.hpp"

namespace objgen::invariant {

struct ClassLayouts {
  std::map<ClassId, ClassLayout> layouts;  // classes with a default constructor
  std::map<ClassId, std::string> names;    // every class reached
};

// Where the classes are real: reads them (registering the classes reached, in a fixed order).
ClassLayouts read_class_layouts(ClassId root);
std::string encode_class_layouts(const ClassLayouts& layouts);
// Throws std::runtime_error when the bytes are not one consistent description.
ClassLayouts decode_class_layouts(const std::string& bytes);

}  // namespace objgen::invariant
