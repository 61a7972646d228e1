// A circular doubly linked list without a separate sentinel (after the Korat benchmark): the
// header entry always exists; while the list is empty it holds no element and links to itself,
// otherwise it holds the first element and its `previous` is the last entry.
#pragma once

#include <optional>
#include <stdexcept>

namespace examples {

class DoublyLinkedList {
 public:
  DoublyLinkedList();
  DoublyLinkedList(const DoublyLinkedList& other);
  DoublyLinkedList& operator=(const DoublyLinkedList& other);
  ~DoublyLinkedList();

  // Appends at the tail (into the header itself while the list is empty).
  void add(int value);
  void addFirst(int value);
  int removeFirst();
  int removeLast();
  // Removes the first occurrence of value; false when there is none.
  bool remove(int value);
  void clear();
  bool contains(int value) const;
  int indexOf(int value) const;
  int get(int index) const;
  int getFirst() const;
  int getLast() const;
  int getSize() const { return size; }
  bool isEmpty() const { return size == 0; }
  bool repOK() const;

 private:
  struct Entry {
    std::optional<int> element;
    Entry* next = nullptr;
    Entry* previous = nullptr;
  };

  // Links a new entry holding value just before the header (at the tail).
  Entry* linkAtTail(int value);
  // Removes one entry of a list with at least two elements.
  void unlink(Entry* entry);
  void destroyAll();

  Entry* header;
  int size = 0;
};

}  // namespace examples
