// Invariants that misbehave, for tests/korat_test.sh: each is a finding of `objgen korat` (or,
// for one that reads nothing, a usage error), never a crash of objgen.
#pragma once

#include <csignal>
#include <stdexcept>

namespace hostile {

struct Cell {
  Cell* next = nullptr;
  int value = 0;
};

// Dereferences null when the list is exactly one cell long and its value is 1.
struct CrashingList {
  Cell* head = nullptr;
  int size = 0;
  bool repOK() const {
    if (head == nullptr) return size == 0;
    if (head->next == nullptr && head->value == 1) return *static_cast<volatile int*>(nullptr) == 0;
    int n = 0;
    for (const Cell* c = head; c != nullptr && n <= size; c = c->next) ++n;
    return n == size;
  }
};

// Throws when the head's value is 2.
struct ThrowingList {
  Cell* head = nullptr;
  int size = 0;
  bool repOK() const {
    if (head == nullptr) return size == 0;
    if (head->value == 2) throw std::logic_error("value 2 is not allowed here");
    int n = 0;
    for (const Cell* c = head; c != nullptr && n <= size; c = c->next) ++n;
    return n == size;
  }
};

// Loops forever when the list has one cell of value 0 and size 1.
struct HangingList {
  Cell* head = nullptr;
  int size = 0;
  bool repOK() const {
    if (head == nullptr) return size == 0;
    if (size == 1 && head->value == 0 && head->next == nullptr)
      for (volatile int spin = 0;; spin = spin + 1) {}
    int n = 0;
    for (const Cell* c = head; c != nullptr && n <= size; c = c->next) ++n;
    return n == size;
  }
};

// A cell whose fourth construction in a process traps: reading the layouts makes one, a search
// worker's objects three more.
struct BombCell {
  BombCell* next = nullptr;
  int value = 0;
  BombCell() {
    static int made = 0;
    if (++made == 4) __builtin_trap();
  }
};
struct ConstructorBomb {
  BombCell* head = nullptr;
  int size = 0;
  bool repOK() const { return head == nullptr ? size == 0 : head->next == nullptr && size == 1; }
};

// Reads nothing: no search can tell its candidates apart.
struct BlindList {
  Cell* head = nullptr;
  int size = 0;
  bool repOK() const { return true; }
};

}  // namespace hostile
