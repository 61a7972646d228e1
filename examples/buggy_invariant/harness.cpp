// objgen harness for BuggyInvariantList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for testing how objgen reports hostile code: add(2) on a
// two-element list links the node but leaves size at 2 (repOK fails).
#include "buggy_invariant_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BuggyInvariantList::Node, value, next)
OBJGEN_FIELDS(examples::BuggyInvariantList, head, size)

namespace examples {

void register_buggy_invariant(objgen::Api& api) {
  api.add_class<BuggyInvariantList>()
      .constructor<>()
      .method("add", &BuggyInvariantList::add)
      .method("contains", &BuggyInvariantList::contains)
      .method("getSize", &BuggyInvariantList::getSize)
      .method("isEmpty", &BuggyInvariantList::isEmpty)
      .invariant(&BuggyInvariantList::repOK, "repOK")
      .builders({"BuggyInvariantList", "add"});
}

}  // namespace examples
