// objgen harness for MovableList (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for the moved-from contract.
#include "movable_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::MovableList::Node, value, next)
OBJGEN_FIELDS(examples::MovableList, head, size)

namespace examples {

void register_buggy_move(objgen::Api& api) {
  api.add_class<MovableList>()
      .constructor<>()
      .method("add", &MovableList::add)
      .method("getSize", &MovableList::getSize)
      .method("toString", &MovableList::toString)
      .builders({"MovableList", "add"});
}

}  // namespace examples
