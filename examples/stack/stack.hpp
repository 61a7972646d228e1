// A stack of ints with the behaviour of java.util.Stack<Integer>, written for objgen from the
// documented java.util semantics. Like java.util.Vector, on which java.util.Stack is built, it
// keeps its own growable element array (element_data, whose length is the capacity), a count of
// the elements in use and a capacity increment (0: the capacity doubles). The growth and the
// element bookkeeping live in private helpers; the public operations only combine them.
//
// One departure from Java, for small scopes: the array starts empty and is allocated on the
// first push (capacity 0, then 1, 2, 4, ...), instead of Vector's default capacity of 10. The
// capacity is part of the state (it never shrinks), and slots past the top are kept at 0 (Java
// clears them to null).
//
// Header-only: every member is defined in the class.
#pragma once

#include <stdexcept>
#include <vector>

namespace examples {

// Thrown by peek and pop on an empty stack (java.util.EmptyStackException). Deriving from
// std::out_of_range makes objgen treat it as misuse of the API, not as a failure.
struct EmptyStackException : std::out_of_range {
  EmptyStackException() : std::out_of_range("empty stack") {}
};

class Stack {
 public:
  // An empty stack.
  Stack() = default;

  // Pushes item onto the top of the stack and returns it.
  int push(int item) {
    addElement(item);
    return item;
  }

  // Removes the top of the stack and returns it; EmptyStackException when the stack is empty.
  int pop() {
    int top = peek();
    removeTopElement();
    return top;
  }

  // The top of the stack, which stays; EmptyStackException when the stack is empty.
  int peek() const {
    int len = size();
    if (len == 0) throw EmptyStackException();
    return elementAt(len - 1);
  }

  // Whether the stack holds no element.
  bool empty() const { return size() == 0; }

  // The 1-based distance from the top of the stack to the occurrence of o nearest the top (the
  // top itself is 1), or -1 when o is not on the stack.
  int search(int o) const {
    int i = lastIndexOf(o);
    if (i >= 0) return size() - i;
    return -1;
  }

  // The number of elements on the stack.
  int size() const { return element_count; }

  // Representation invariant: the count fits the array, the increment is not negative and the
  // slots past the top are cleared.
  bool repOK() const {
    if (capacity_increment < 0) return false;
    if (element_count < 0 || element_count > capacity()) return false;
    for (int i = element_count; i < capacity(); ++i)
      if (element_data[static_cast<size_t>(i)] != 0) return false;
    return true;
  }

 private:
  int capacity() const { return static_cast<int>(element_data.size()); }

  // Appends obj after the current top, growing the array when it is full.
  void addElement(int obj) {
    ensureCapacityHelper(element_count + 1);
    element_data[static_cast<size_t>(element_count)] = obj;
    ++element_count;
  }

  void ensureCapacityHelper(int min_capacity) {
    if (min_capacity > capacity()) grow(min_capacity);
  }

  // Vector's growth: by the capacity increment when it is positive, otherwise doubling; at
  // least min_capacity.
  void grow(int min_capacity) {
    int old_capacity = capacity();
    int new_capacity = old_capacity + (capacity_increment > 0 ? capacity_increment : old_capacity);
    if (new_capacity < min_capacity) new_capacity = min_capacity;
    element_data.resize(static_cast<size_t>(new_capacity), 0);
  }

  int elementAt(int index) const { return element_data[static_cast<size_t>(index)]; }

  // Index of the occurrence of o nearest the top, or -1.
  int lastIndexOf(int o) const {
    for (int i = element_count - 1; i >= 0; --i)
      if (element_data[static_cast<size_t>(i)] == o) return i;
    return -1;
  }

  // Drops the top element and clears its slot (the caller has checked there is one).
  void removeTopElement() {
    --element_count;
    element_data[static_cast<size_t>(element_count)] = 0;
  }

  std::vector<int> element_data;  // length = capacity; slots [element_count, capacity) are 0
  int element_count = 0;
  int capacity_increment = 0;  // 0: double the capacity when growing
};

}  // namespace examples
