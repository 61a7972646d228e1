// objgen harness for SinglyLinkedList (compiled with -fno-access-control to read private fields).
#include "singly_linked_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::SinglyLinkedList::Entry, element, next)
OBJGEN_FIELDS(examples::SinglyLinkedList, header, size)

namespace examples {

void register_sll(objgen::Api& api) {
  api.add_class<SinglyLinkedList>()
      .constructor<>()
      .method("add", &SinglyLinkedList::add)
      .method("addFirst", &SinglyLinkedList::addFirst)
      .method("insertAt", &SinglyLinkedList::insertAt)
      .method("removeFirst", &SinglyLinkedList::removeFirst)
      .method("removeAt", &SinglyLinkedList::removeAt)
      .method("removeValue", &SinglyLinkedList::removeValue)
      .method("clear", &SinglyLinkedList::clear)
      .method("contains", &SinglyLinkedList::contains)
      .method("indexOf", &SinglyLinkedList::indexOf)
      .method("get", &SinglyLinkedList::get)
      .method("getFirst", &SinglyLinkedList::getFirst)
      .method("getLast", &SinglyLinkedList::getLast)
      .method("getSize", &SinglyLinkedList::getSize)
      .method("isEmpty", &SinglyLinkedList::isEmpty)
      .invariant(&SinglyLinkedList::repOK, "repOK")
      .builders({"SinglyLinkedList", "add"});
}

}  // namespace examples
