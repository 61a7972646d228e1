// A singly linked list with a header entry (after the Korat benchmark): the header holds no
// element, the entries after it hold the list's elements in order, and the last one ends in null.
#pragma once

#include <optional>
#include <stdexcept>

namespace examples {

class SinglyLinkedList {
 public:
  SinglyLinkedList();
  SinglyLinkedList(const SinglyLinkedList& other);
  SinglyLinkedList& operator=(const SinglyLinkedList& other);
  ~SinglyLinkedList();

  // Appends at the tail.
  void add(int value);
  void addFirst(int value);
  void insertAt(int index, int value);
  int removeFirst();
  int removeAt(int index);
  // Removes the first occurrence of value; false when there is none.
  bool removeValue(int value);
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
  };

  // The entry after which position `index` (0..size) starts.
  Entry* entryBefore(int index) const;
  void unlinkAfter(Entry* before);
  void destroyAll();

  Entry* header;
  int size = 0;
};

}  // namespace examples
