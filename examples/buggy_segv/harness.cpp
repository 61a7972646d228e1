// objgen harness for BuggySegvList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for testing how objgen reports hostile code: add(2) on a
// two-element list dereferences null (SIGSEGV).
#include "buggy_segv_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BuggySegvList::Node, value, next)
OBJGEN_FIELDS(examples::BuggySegvList, head, size)

namespace examples {

void register_buggy_segv(objgen::Api& api) {
  api.add_class<BuggySegvList>()
      .constructor<>()
      .method("add", &BuggySegvList::add)
      .method("contains", &BuggySegvList::contains)
      .method("getSize", &BuggySegvList::getSize)
      .method("isEmpty", &BuggySegvList::isEmpty)
      .invariant(&BuggySegvList::repOK, "repOK")
      .builders({"BuggySegvList", "add"});
}

}  // namespace examples
