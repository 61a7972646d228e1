// objgen harness for Ratio (compiled with -fno-access-control to read private fields).
// A deliberately faulty subject for the hash-eq contract.
#include "ratio.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::Ratio, num, den)

namespace examples {

void register_buggy_hash(objgen::Api& api) {
  api.add_class<Ratio>()
      .constructor<int, int>()
      .method("scale", &Ratio::scale)
      .method("negate", &Ratio::negate)
      .method("numerator", &Ratio::numerator)
      .method("denominator", &Ratio::denominator)
      .method("operator==", &Ratio::operator==)
      .builders({"Ratio", "scale"});
}

}  // namespace examples
