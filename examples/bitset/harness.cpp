// objgen harness for BitSet (compiled with -fno-access-control to read private fields).
// Overloads keep their Java name; the static_cast picks each one, and --methods can name one
// by its signature, e.g. "BitSet::set(int)".
#include "bit_set.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BitSet, words, words_in_use, size_is_sticky)

namespace examples {

void register_bitset(objgen::Api& api) {
  api.add_class<BitSet>()
      .constructor<>()
      .constructor<int>()
      .method("set", static_cast<void (BitSet::*)(int)>(&BitSet::set))
      .method("set", static_cast<void (BitSet::*)(int, bool)>(&BitSet::set))
      .method("set", static_cast<void (BitSet::*)(int, int)>(&BitSet::set))
      .method("set", static_cast<void (BitSet::*)(int, int, bool)>(&BitSet::set))
      .method("clear", static_cast<void (BitSet::*)(int)>(&BitSet::clear))
      .method("clear", static_cast<void (BitSet::*)(int, int)>(&BitSet::clear))
      .method("clear", static_cast<void (BitSet::*)()>(&BitSet::clear))
      .method("flip", static_cast<void (BitSet::*)(int)>(&BitSet::flip))
      .method("flip", static_cast<void (BitSet::*)(int, int)>(&BitSet::flip))
      .method("get", static_cast<bool (BitSet::*)(int) const>(&BitSet::get))
      .method("get", static_cast<BitSet (BitSet::*)(int, int) const>(&BitSet::get))
      .method("nextSetBit", &BitSet::nextSetBit)
      .method("length", &BitSet::length)
      .method("size", &BitSet::size)
      .method("isEmpty", &BitSet::isEmpty)
      .method("cardinality", &BitSet::cardinality)
      .method("intersects", &BitSet::intersects)
      .method("andNot", &BitSet::andNot)
      .method("xorWith", &BitSet::xorWith)
      .method("hashCode", &BitSet::hashCode)
      .method("toString", &BitSet::toString)
      .invariant(&BitSet::repOK, "repOK")
      .builders({"BitSet", "set"});
}

}  // namespace examples
