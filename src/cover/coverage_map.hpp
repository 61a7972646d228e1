// What a coverage build instrumented: per function its basic blocks (one SanitizerCoverage guard
// each) with their successors, and every traced comparison with the branch it decides. Read
// from the instrumented LLVM IR at build time (ir_coverage_map.cpp), saved beside the library.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace objgen::cover {

struct CfgNode {
  std::string label;                 // the IR block, e.g. "%14" (entry: "entry")
  std::vector<uint32_t> successors;  // node indices within the function
  uint32_t line = 0;                 // first source line of the block (0: none)
  // A coverage target: reachable from the entry without entering a cleanup-only landing pad
  // (destructor calls on an exception path are not the method's own behaviour), and not bound
  // to end in std::terminate or a failed assert.
  bool target = true;
};

// One traced comparison: an integer icmp (sancov's trace-cmp) or a switch.
enum class Predicate : uint8_t { Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle, Switch };
const char* predicate_name(Predicate p);
bool parse_predicate(const std::string& s, Predicate& out);

struct CmpSite {
  uint32_t function = 0;
  uint32_t node = 0;  // block holding the comparison
  Predicate predicate = Predicate::Eq;
  uint8_t width = 32;    // operand bits
  bool swapped = false;  // sancov passed the constant first: callback (a, b) is icmp (b, a)
  // Successors the comparison chooses between: true/false for an icmp feeding the block's
  // branch, each case then the default for a switch; empty when the result is not branched on.
  std::vector<int32_t> outcome_nodes;
  std::vector<int64_t> cases;  // switch case values
  uint32_t outcome_begin = 0;  // first slot of this site's outcomes in the distance table
  uint32_t outcome_count = 2;  // 2 for an icmp; cases + 1 for a switch
  std::string file;
  uint32_t line = 0, column = 0;
};

struct CoveredFunction {
  std::string mangled;
  std::string name;          // demangled
  std::string comdat;        // the comdat group ("" when none): the linker keeps the first copy
  uint32_t first_guard = 0;  // guard index (0-based, over the whole library) of node 0
  std::vector<CfgNode> nodes;
  std::vector<uint32_t> sites;
  std::string file;                  // where its body is written ("" when the IR does not say)
  std::vector<std::string> callees;  // mangled names of the functions it calls directly, sorted
};

struct CoverageMap {
  std::vector<CoveredFunction> functions;  // in guard order
  std::vector<CmpSite> sites;              // by site id
  uint32_t guard_count = 0;
  uint32_t outcome_count = 0;
  std::vector<int64_t> constants;  // integer constants compared against in instrumented code

  const CoveredFunction* find(const std::string& mangled_or_name) const;
  // [begin, end) of the outcomes of f's comparison sites (a function's sites are consecutive,
  // and so are their outcomes).
  std::pair<uint32_t, uint32_t> outcomes_of(const CoveredFunction& f) const;
};

std::string map_to_json(const CoverageMap& map);
// Throws std::runtime_error naming the problem.
CoverageMap map_from_json(const std::string& text);

}  // namespace objgen::cover
