// objgen harness for BinomialHeap (compiled with -fno-access-control to read private fields).
#include "binomial_heap.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BinomialHeap::Node, key, degree, parent, sibling, child)
OBJGEN_FIELDS(examples::BinomialHeap, head, size)

namespace examples {

void register_binheap(objgen::Api& api) {
  api.add_class<BinomialHeap>()
      .constructor<>()
      .method("insert", &BinomialHeap::insert)
      .method("extractMin", &BinomialHeap::extractMin)
      .method("removeMin", &BinomialHeap::removeMin)
      .method("findMinimum", &BinomialHeap::findMinimum)
      .method("meld", &BinomialHeap::meld)
      .method("clear", &BinomialHeap::clear)
      .method("contains", &BinomialHeap::contains)
      .method("getSize", &BinomialHeap::getSize)
      .method("isEmpty", &BinomialHeap::isEmpty)
      .invariant(&BinomialHeap::repOK, "repOK")
      .builders({"BinomialHeap", "insert", "extractMin"});
}

}  // namespace examples
