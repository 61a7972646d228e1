// objgen harness for Stack (compiled with -fno-access-control to read private fields).
#include "stack.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::Stack, element_data, element_count, capacity_increment)

namespace examples {

void register_stack(objgen::Api& api) {
  api.add_class<Stack>()
      .constructor<>()
      .method("push", &Stack::push)
      .method("pop", &Stack::pop)
      .method("peek", &Stack::peek)
      .method("empty", &Stack::empty)
      .method("search", &Stack::search)
      .method("size", &Stack::size)
      .invariant(&Stack::repOK, "repOK")
      .builders({"Stack", "push", "pop"});
  // EmptyStackException derives from std::out_of_range: the default MisusePolicy already counts
  // it as misuse (peek or pop on an empty stack).
}

}  // namespace examples
