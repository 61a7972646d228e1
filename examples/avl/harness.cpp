// objgen harness for AvlTree (compiled with -fno-access-control to read private fields).
#include "avl_tree.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::AvlTree::Node, element, left, right, height)
OBJGEN_FIELDS(examples::AvlTree, root)

namespace examples {

void register_avl(objgen::Api& api) {
  api.add_class<AvlTree>()
      .constructor<>()
      .method("insert", &AvlTree::insert)
      .method("remove", &AvlTree::remove)
      .method("makeEmpty", &AvlTree::makeEmpty)
      .method("contains", &AvlTree::contains)
      .method("findMin", &AvlTree::findMin)
      .method("findMax", &AvlTree::findMax)
      .method("getSize", &AvlTree::getSize)
      .method("getHeight", &AvlTree::getHeight)
      .method("isEmpty", &AvlTree::isEmpty)
      .invariant(&AvlTree::repOK, "repOK")
      .builders({"AvlTree", "insert"});
}

}  // namespace examples
