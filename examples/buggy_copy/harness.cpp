// objgen harness for SharedTailList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for the copy-independent contract: copies share nodes.
#include "shared_tail_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::SharedTailList::Node, value, next)
OBJGEN_FIELDS(examples::SharedTailList, head, size)

namespace examples {

void register_buggy_copy(objgen::Api& api) {
  api.add_class<SharedTailList>()
      .constructor<>()
      .method("add", &SharedTailList::add)
      .method("removeFirst", &SharedTailList::removeFirst)
      .method("getSize", &SharedTailList::getSize)
      .method("isEmpty", &SharedTailList::isEmpty)
      .method("toString", &SharedTailList::toString)
      .invariant(&SharedTailList::repOK, "repOK")
      .builders({"SharedTailList", "add"});
}

}  // namespace examples
