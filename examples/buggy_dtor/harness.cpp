// objgen harness for BuggyDtorList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for testing how objgen reports hostile code: destroying a
// three-element list whose first value is 2 throws from the destructor (std::terminate).
#include "buggy_dtor_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BuggyDtorList::Node, value, next)
OBJGEN_FIELDS(examples::BuggyDtorList, head, size)

namespace examples {

void register_buggy_dtor(objgen::Api& api) {
  api.add_class<BuggyDtorList>()
      .constructor<>()
      .method("add", &BuggyDtorList::add)
      .method("contains", &BuggyDtorList::contains)
      .method("getSize", &BuggyDtorList::getSize)
      .method("isEmpty", &BuggyDtorList::isEmpty)
      .invariant(&BuggyDtorList::repOK, "repOK")
      .builders({"BuggyDtorList", "add"});
}

}  // namespace examples
