// objgen harness for DoublyLinkedList (compiled with -fno-access-control to read private fields).
#include "doubly_linked_list.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::DoublyLinkedList::Entry, element, next, previous)
OBJGEN_FIELDS(examples::DoublyLinkedList, header, size)

namespace examples {

void register_dll(objgen::Api& api) {
  api.add_class<DoublyLinkedList>()
      .constructor<>()
      .method("add", &DoublyLinkedList::add)
      .method("addFirst", &DoublyLinkedList::addFirst)
      .method("removeFirst", &DoublyLinkedList::removeFirst)
      .method("removeLast", &DoublyLinkedList::removeLast)
      .method("remove", &DoublyLinkedList::remove)
      .method("clear", &DoublyLinkedList::clear)
      .method("contains", &DoublyLinkedList::contains)
      .method("indexOf", &DoublyLinkedList::indexOf)
      .method("get", &DoublyLinkedList::get)
      .method("getFirst", &DoublyLinkedList::getFirst)
      .method("getLast", &DoublyLinkedList::getLast)
      .method("getSize", &DoublyLinkedList::getSize)
      .method("isEmpty", &DoublyLinkedList::isEmpty)
      .invariant(&DoublyLinkedList::repOK, "repOK")
      .builders({"DoublyLinkedList", "add"});
}

}  // namespace examples
