// objgen harness for BuggyHangList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for testing how objgen reports hostile code: add(v) on a
// two-element list that already holds v loops forever.
#include "buggy_hang_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BuggyHangList::Node, value, next)
OBJGEN_FIELDS(examples::BuggyHangList, head, size)

namespace examples {

void register_buggy_hang(objgen::Api& api) {
  api.add_class<BuggyHangList>()
      .constructor<>()
      .method("add", &BuggyHangList::add)
      .method("contains", &BuggyHangList::contains)
      .method("getSize", &BuggyHangList::getSize)
      .method("isEmpty", &BuggyHangList::isEmpty)
      .invariant(&BuggyHangList::repOK, "repOK")
      .builders({"BuggyHangList", "add"});
}

}  // namespace examples
