// objgen harness for BuggyAbortList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for testing how objgen reports hostile code: add(0) on a
// two-element list fails an assert (SIGABRT).
#include "buggy_abort_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BuggyAbortList::Node, value, next)
OBJGEN_FIELDS(examples::BuggyAbortList, head, size)

namespace examples {

void register_buggy_abort(objgen::Api& api) {
  api.add_class<BuggyAbortList>()
      .constructor<>()
      .method("add", &BuggyAbortList::add)
      .method("contains", &BuggyAbortList::contains)
      .method("getSize", &BuggyAbortList::getSize)
      .method("isEmpty", &BuggyAbortList::isEmpty)
      .invariant(&BuggyAbortList::repOK, "repOK")
      .builders({"BuggyAbortList", "add"});
}

}  // namespace examples
