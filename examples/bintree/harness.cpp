// objgen harness for BinTree (compiled with -fno-access-control to read private fields).
#include "bin_tree.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::BinTree::Node, key, left, right, parent)
OBJGEN_FIELDS(examples::BinTree, root)

namespace examples {

void register_bintree(objgen::Api& api) {
  api.add_class<BinTree>()
      .constructor<>()
      .method("add", &BinTree::add)
      .method("remove", &BinTree::remove)
      .method("clear", &BinTree::clear)
      .method("contains", &BinTree::contains)
      .method("findMin", &BinTree::findMin)
      .method("findMax", &BinTree::findMax)
      .method("getSize", &BinTree::getSize)
      .method("getHeight", &BinTree::getHeight)
      .method("isEmpty", &BinTree::isEmpty)
      .invariant(&BinTree::repOK, "repOK")
      .builders({"BinTree", "add"});
}

}  // namespace examples
