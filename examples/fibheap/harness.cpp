// objgen harness for FibonacciHeap (compiled with -fno-access-control to read private fields).
#include "fibonacci_heap.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::FibonacciHeap::Node, mark, key, degree, parent, left, right, child)
OBJGEN_FIELDS(examples::FibonacciHeap, min, n)

namespace examples {

void register_fibheap(objgen::Api& api) {
  api.add_class<FibonacciHeap>()
      .constructor<>()
      .method("insert", &FibonacciHeap::insert)
      .method("removeMin", &FibonacciHeap::removeMin)
      .method("extractMin", &FibonacciHeap::extractMin)
      .method("minimum", &FibonacciHeap::minimum)
      .method("decreaseKey", &FibonacciHeap::decreaseKey)
      .method("remove", &FibonacciHeap::remove)
      .method("meld", &FibonacciHeap::meld)
      .method("clear", &FibonacciHeap::clear)
      .method("contains", &FibonacciHeap::contains)
      .method("size", &FibonacciHeap::size)
      .method("isEmpty", &FibonacciHeap::isEmpty)
      .invariant(&FibonacciHeap::repOK, "repOK")
      .builders({"FibonacciHeap", "insert", "removeMin"});
}

}  // namespace examples
