// objgen harness for NodeCachingList (compiled with -fno-access-control to read private fields).
#include "node_caching_list.hpp"
#include "objgen/objgen.hpp"



OBJGEN_FIELDS(examples::NodeCachingList::Node, value, next, previous)
OBJGEN_FIELDS(examples::NodeCachingList, header, size, cacheSize, firstCachedNode, maximumCacheSize, modCount)

namespace examples {

void register_ncl(objgen::Api& api) {
  api.add_class<NodeCachingList>()
      .constructor<>()
      .method("addLast", &NodeCachingList::addLast)
      .method("addFirst", &NodeCachingList::addFirst)
      .method("removeIndex", &NodeCachingList::removeIndex)
      .method("removeFirst", &NodeCachingList::removeFirst)
      .method("removeLast", &NodeCachingList::removeLast)
      .method("clear", &NodeCachingList::clear)
      .method("contains", &NodeCachingList::contains)
      .method("get", &NodeCachingList::get)
      .method("getSize", &NodeCachingList::getSize)
      .method("isEmpty", &NodeCachingList::isEmpty)
      .invariant(&NodeCachingList::repOK, "repOK")
      .builders({"NodeCachingList", "addLast", "removeIndex"})
      .omit_fields("modCount");
}

}  // namespace examples
