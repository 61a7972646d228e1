// EvoObj's object construction graph (seed 002, §3.1) in a form free of LLVM types: which values
// a branch of a method under test depends on, traced back through field reads, element reads and
// calls to the method's inputs. The leaves say which parts of which input objects must hold what;
// template synthesis (src/gen/seeding) turns them into calls that build such objects.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace objgen::analysis {

// A data member as the IR sees it: the class and the member's index among the struct's elements.
struct FieldRef {
  std::string cls;  // C++ spelling, "examples::CV"
  uint32_t element = 0;
  std::string name;  // "awards_" when known (FieldNames), else ""
  friend bool operator==(const FieldRef&, const FieldRef&) = default;
  std::string str() const;  // "examples::CV::awards_" or "examples::CV::#0"
};

// One step from an object to a value reachable from it.
struct PathStep {
  enum class Kind : uint8_t { Field, Element, Call };
  Kind kind = Kind::Field;
  FieldRef field;      // Field
  std::string callee;  // Element, Call: the library function read through ("std::vector<int>::size")
  friend bool operator==(const PathStep&, const PathStep&) = default;
};

// An input of the method under test (0: `this` for a member) and the steps from it.
struct AccessPath {
  int input = -1;
  std::vector<PathStep> steps;
  friend bool operator==(const AccessPath&, const AccessPath&) = default;
  std::string str() const;  // "input 1 . examples::Student::supervisor_ . examples::Supervisor::cv_"
  // The last field step, or null when the path has none (an input compared directly).
  const FieldRef* last_field() const;
};

struct GraphNode {
  enum class Kind : uint8_t { Branch, Input, FieldRead, ElementRead, Call };
  Kind kind = Kind::Call;
  std::string label;             // what the node reads or calls, for people
  int path = -1;                 // FieldRead / ElementRead / Input: index into ObjectGraph::leaves
  std::vector<uint32_t> inputs;  // nodes this value is computed from (def-use and control)
  uint32_t depth = 0;            // call depth at which it was found (0: the method itself)
};

struct ObjectGraph {
  std::string function;            // demangled
  std::string block;               // the target block's label
  uint32_t line = 0;               // its first source line
  std::vector<GraphNode> nodes;    // node 0: the target branch
  std::vector<AccessPath> leaves;  // distinct paths from inputs to what the branch reads
  std::string dot() const;         // Graphviz
};

}  // namespace objgen::analysis
