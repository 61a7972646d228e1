// objgen harness for BuggyThrowList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for testing how objgen reports hostile code: add(1) on a
// two-element list throws std::runtime_error.
#include "buggy_throw_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BuggyThrowList::Node, value, next)
OBJGEN_FIELDS(examples::BuggyThrowList, head, size)

namespace examples {

void register_buggy_throw(objgen::Api& api) {
  api.add_class<BuggyThrowList>()
      .constructor<>()
      .method("add", &BuggyThrowList::add)
      .method("contains", &BuggyThrowList::contains)
      .method("getSize", &BuggyThrowList::getSize)
      .method("isEmpty", &BuggyThrowList::isEmpty)
      .invariant(&BuggyThrowList::repOK, "repOK")
      .builders({"BuggyThrowList", "add"});
}

}  // namespace examples
