#include "singly_linked_list.hpp"

#include <utility>

namespace examples {

SinglyLinkedList::SinglyLinkedList() : header(new Entry) {}

SinglyLinkedList::SinglyLinkedList(const SinglyLinkedList& other) : SinglyLinkedList() {
  Entry* tail = header;
  for (Entry* e = other.header->next; e != nullptr; e = e->next) {
    tail->next = new Entry{e->element, nullptr};
    tail = tail->next;
  }
  size = other.size;
}

SinglyLinkedList& SinglyLinkedList::operator=(const SinglyLinkedList& other) {
  if (this == &other) return *this;
  SinglyLinkedList copy(other);
  std::swap(header, copy.header);
  std::swap(size, copy.size);
  return *this;
}

SinglyLinkedList::~SinglyLinkedList() { destroyAll(); }

void SinglyLinkedList::destroyAll() {
  Entry* e = header;
  while (e != nullptr) {
    Entry* next = e->next;
    delete e;
    e = next;
  }
  header = nullptr;
}

SinglyLinkedList::Entry* SinglyLinkedList::entryBefore(int index) const {
  Entry* e = header;
  for (int i = 0; i < index; ++i) e = e->next;
  return e;
}

void SinglyLinkedList::unlinkAfter(Entry* before) {
  Entry* gone = before->next;
  before->next = gone->next;
  delete gone;
  --size;
}

void SinglyLinkedList::add(int value) {
  Entry* last = header;
  while (last->next != nullptr) last = last->next;
  last->next = new Entry{value, nullptr};
  ++size;
}

void SinglyLinkedList::addFirst(int value) {
  header->next = new Entry{value, header->next};
  ++size;
}

void SinglyLinkedList::insertAt(int index, int value) {
  if (index < 0 || index > size) throw std::out_of_range("insertAt: index out of range");
  Entry* before = entryBefore(index);
  before->next = new Entry{value, before->next};
  ++size;
}

int SinglyLinkedList::removeFirst() {
  if (size == 0) throw std::out_of_range("removeFirst on an empty list");
  int value = *header->next->element;
  unlinkAfter(header);
  return value;
}

int SinglyLinkedList::removeAt(int index) {
  if (index < 0 || index >= size) throw std::out_of_range("removeAt: index out of range");
  Entry* before = entryBefore(index);
  int value = *before->next->element;
  unlinkAfter(before);
  return value;
}

bool SinglyLinkedList::removeValue(int value) {
  for (Entry* before = header; before->next != nullptr; before = before->next) {
    if (before->next->element == value) {
      unlinkAfter(before);
      return true;
    }
  }
  return false;
}

void SinglyLinkedList::clear() {
  while (header->next != nullptr) unlinkAfter(header);
}

bool SinglyLinkedList::contains(int value) const { return indexOf(value) >= 0; }

int SinglyLinkedList::indexOf(int value) const {
  int index = 0;
  for (Entry* e = header->next; e != nullptr; e = e->next, ++index)
    if (e->element == value) return index;
  return -1;
}

int SinglyLinkedList::get(int index) const {
  if (index < 0 || index >= size) throw std::out_of_range("get: index out of range");
  return *entryBefore(index + 1)->element;
}

int SinglyLinkedList::getFirst() const {
  if (size == 0) throw std::out_of_range("getFirst on an empty list");
  return *header->next->element;
}

int SinglyLinkedList::getLast() const {
  if (size == 0) throw std::out_of_range("getLast on an empty list");
  return *entryBefore(size)->element;
}

bool SinglyLinkedList::repOK() const {
  if (header == nullptr || header->element.has_value() || size < 0) return false;
  // Every entry after the header holds an element; at most `size` of them, so a cycle is caught.
  int count = 0;
  for (Entry* e = header->next; e != nullptr; e = e->next) {
    if (!e->element.has_value()) return false;
    if (++count > size) return false;
  }
  return count == size;
}

}  // namespace examples
