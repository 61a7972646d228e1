// Backward slicing over a coverage build's LLVM IR with LLVM's own C++ API (EvoObj, seed 002,
// §3.1-3.2): the object construction graph of a branch, and the functions that write a field.
//
// Each function is analysed after mem2reg (on objgen's own parsed copy of the IR, which -O0 left
// full of stack slots), so that def-use chains are visible. Calls into functions of the method's
// own namespace are followed to a depth, one frame per call site, with the callee's parameters
// aliased to the caller's arguments; calls elsewhere (std::, other libraries, declarations) are
// opaque operations: element reads when they are operator[]/at/front/back/begin/iterator
// dereference, else calls whose receiver path is kept.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analysis/constant_pool.hpp"
#include "analysis/object_graph.hpp"

namespace objgen::analysis {

struct SliceOptions {
  int depth = 5;  // nested calls followed into (--seed-depth)
};

// A function that writes a field of its receiver, and how.
struct FieldWriter {
  std::string function;      // demangled, as the API matcher reads it
  std::string how;           // "store", or the call on the field: "std::vector<int>::push_back"
  uint32_t call_depth = 0;   // 0: in the function itself; else through this many nested calls
  uint32_t guards = 0;       // conditional branches the write is control dependent on
  uint32_t inputs = 0;       // parameters the written value depends on
  bool accumulates = false;  // the written value reads the field itself (++stamps_, total_ += x): repeats add up
};

class IrProgram {
 public:
  // Parses the IR files (textual .ll); throws std::runtime_error naming a file that does not parse.
  explicit IrProgram(const std::vector<std::string>& ir_files);
  ~IrProgram();
  IrProgram(const IrProgram&) = delete;
  IrProgram& operator=(const IrProgram&) = delete;

  // The object construction graph of block `label` ("%14", "entry") of function `mangled`.
  // Throws std::invalid_argument when either is unknown.
  ObjectGraph graph_for(const std::string& mangled, const std::string& label, const SliceOptions& options);
  // Labels of the blocks of `mangled` whose first source line is `line` (the code a branch
  // leads to), in layout order.
  std::vector<std::string> blocks_at_line(const std::string& mangled, uint32_t line);
  // Defined functions that write `field` of their receiver (`this`), constructors included; the
  // field is matched by name when it has one (name_fields), else by element index.
  std::vector<FieldWriter> writers_of(const FieldRef& field, const SliceOptions& options);
  // The constants the function (mangled or demangled name) and the functions of its namespace it
  // calls (to the depth) compare against or pass on (section(kNetwork), id <= kLastId,
  // text() != "FRAGILE", t > 63.25). Throws std::invalid_argument for an unknown function.
  ConstantPool constants(const std::string& function, const SliceOptions& options);
  // The demangled names of every defined function, for matching operations to bodies.
  std::vector<std::string> defined_functions() const;
  // Struct element -> member names, from the names the caller knows (Fields<T> order): element
  // indices count only the class's own data members when it has no bases and no vtable.
  void name_fields(const std::string& cls, std::vector<std::string> names);

  struct Impl;  // the parsed modules (public only so that the slicer in the .cpp can name it)

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace objgen::analysis
