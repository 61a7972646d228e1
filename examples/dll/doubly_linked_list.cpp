#include "doubly_linked_list.hpp"

#include <utility>

namespace examples {

DoublyLinkedList::DoublyLinkedList() : header(new Entry) {
  header->next = header;
  header->previous = header;
}

DoublyLinkedList::DoublyLinkedList(const DoublyLinkedList& other) : DoublyLinkedList() {
  if (other.size == 0) return;
  header->element = other.header->element;
  for (Entry* e = other.header->next; e != other.header; e = e->next) linkAtTail(*e->element);
  size = other.size;
}

DoublyLinkedList& DoublyLinkedList::operator=(const DoublyLinkedList& other) {
  if (this == &other) return *this;
  DoublyLinkedList copy(other);
  std::swap(header, copy.header);
  std::swap(size, copy.size);
  return *this;
}

DoublyLinkedList::~DoublyLinkedList() { destroyAll(); }

void DoublyLinkedList::destroyAll() {
  Entry* e = header->next;
  while (e != header) {
    Entry* next = e->next;
    delete e;
    e = next;
  }
  delete header;
  header = nullptr;
}

DoublyLinkedList::Entry* DoublyLinkedList::linkAtTail(int value) {
  Entry* entry = new Entry{value, header, header->previous};
  header->previous->next = entry;
  header->previous = entry;
  return entry;
}

void DoublyLinkedList::unlink(Entry* entry) {
  entry->previous->next = entry->next;
  entry->next->previous = entry->previous;
  if (entry == header) header = entry->next;
  delete entry;
  --size;
}

void DoublyLinkedList::add(int value) {
  if (!header->element.has_value())
    header->element = value;
  else
    linkAtTail(value);
  ++size;
}

void DoublyLinkedList::addFirst(int value) {
  if (!header->element.has_value())
    header->element = value;
  else
    header = linkAtTail(value);  // the new tail entry, seen from the circle, is now the first
  ++size;
}

int DoublyLinkedList::removeFirst() {
  if (size == 0) throw std::out_of_range("removeFirst on an empty list");
  int value = *header->element;
  if (size == 1) {
    header->element.reset();
    size = 0;
  } else {
    unlink(header);
  }
  return value;
}

int DoublyLinkedList::removeLast() {
  if (size == 0) throw std::out_of_range("removeLast on an empty list");
  if (size == 1) return removeFirst();
  int value = *header->previous->element;
  unlink(header->previous);
  return value;
}

bool DoublyLinkedList::remove(int value) {
  if (size == 0) return false;
  Entry* e = header;
  do {
    if (e->element == value) {
      if (size == 1) {
        header->element.reset();
        size = 0;
      } else {
        unlink(e);
      }
      return true;
    }
    e = e->next;
  } while (e != header);
  return false;
}

void DoublyLinkedList::clear() {
  while (size > 1) unlink(header->previous);
  header->element.reset();
  size = 0;
}

bool DoublyLinkedList::contains(int value) const { return indexOf(value) >= 0; }

int DoublyLinkedList::indexOf(int value) const {
  if (size == 0) return -1;
  int index = 0;
  const Entry* e = header;
  do {
    if (e->element == value) return index;
    e = e->next;
    ++index;
  } while (e != header);
  return -1;
}

int DoublyLinkedList::get(int index) const {
  if (index < 0 || index >= size) throw std::out_of_range("get: index out of range");
  const Entry* e = header;
  while (index-- > 0) e = e->next;
  return *e->element;
}

int DoublyLinkedList::getFirst() const {
  if (size == 0) throw std::out_of_range("getFirst on an empty list");
  return *header->element;
}

int DoublyLinkedList::getLast() const {
  if (size == 0) throw std::out_of_range("getLast on an empty list");
  return *header->previous->element;
}

bool DoublyLinkedList::repOK() const {
  if (header == nullptr) return false;
  if (!header->element.has_value())
    return size == 0 && header->next == header && header->previous == header;
  // Walk the circle from the header; each link must be mirrored, each entry hold an element.
  int count = 0;
  const Entry* e = header;
  do {
    if (e->next == nullptr || e->next->previous != e) return false;
    if (!e->element.has_value()) return false;
    if (++count > size) return false;
    e = e->next;
  } while (e != header);
  return count == size;
}

}  // namespace examples
