// objgen harness for IntBag (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for the eq-symmetric contract.
#include "int_bag.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::IntBag, items)

namespace examples {

void register_buggy_equals(objgen::Api& api) {
  api.add_class<IntBag>()
      .constructor<>()
      .method("add", &IntBag::add)
      .method("remove", &IntBag::remove)
      .method("contains", &IntBag::contains)
      .method("size", &IntBag::size)
      .method("empty", &IntBag::empty)
      .method("operator==", &IntBag::operator==)
      .builders({"IntBag", "add"});
}

}  // namespace examples
