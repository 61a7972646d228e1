// objgen harness for RedBlackTree (compiled with -fno-access-control to read private fields).
#include "red_black_tree.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::RedBlackTree::Node, key, parent, color, left, right)
OBJGEN_FIELDS(examples::RedBlackTree, root, size, modCount)

namespace examples {

void register_rbt(objgen::Api& api) {
  api.add_class<RedBlackTree>()
      .constructor<>()
      .method("add", &RedBlackTree::add)
      .method("remove", &RedBlackTree::remove)
      .method("removeMin", &RedBlackTree::removeMin)
      .method("clear", &RedBlackTree::clear)
      .method("contains", &RedBlackTree::contains)
      .method("first", &RedBlackTree::first)
      .method("last", &RedBlackTree::last)
      .method("getSize", &RedBlackTree::getSize)
      .method("isEmpty", &RedBlackTree::isEmpty)
      .invariant(&RedBlackTree::repOK, "repOK")
      .builders({"RedBlackTree", "add", "remove"})
      .omit_fields("modCount");
}

}  // namespace examples
