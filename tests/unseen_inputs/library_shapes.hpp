// Shapes met in two real libraries (issue 54's trial of `objgen project` on tinyxml2 and cxxopts),
// written by us: each once made objgen's harness fail to compile or link, or objgen run out of
// memory.
#pragma once

#include <string>
#include <vector>

namespace shapes {

// A member whose type's argument is an expression naming what only this namespace sees (a pool
// sized by sizeof of the cell it holds): spelled as written, the harness does not compile.
struct Cell {
  int value = 0;
};
template <int Size>
class Pool {
 public:
  int used() const { return used_ / Size; }
  void take() { used_ += Size; }

 private:
  int used_ = 0;
};
class Slab {
 public:
  void add(int v) {
    if (count_ >= 2) return;
    cells_.take();
    ++count_;
    last_ = v;
  }
  int count() const { return count_; }

 private:
  Pool<sizeof(Cell)> cells_;
  int count_ = 0;
  int last_ = 0;
};

// "Not copyable" the way older code says it: the copy is private and never defined.
class Latch {
 public:
  Latch() = default;
  void set(int v) { value_ = v; }
  int get() const { return value_; }

 private:
  Latch(const Latch&);
  Latch& operator=(const Latch&);
  int value_ = 0;
};

// Read by its elements, whose class is this header's own.
class Entry {
 public:
  Entry(std::string key, int value) : key_(std::move(key)), value_(value) {}
  const std::string& key() const { return key_; }
  int value() const { return value_; }

 private:
  std::string key_;
  int value_;
};
class Ledger {
 public:
  void record(int v) {
    if (entries_.size() < 2) entries_.emplace_back(v % 2 ? "odd" : "even", v);
  }
  std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
  std::vector<Entry>::const_iterator end() const { return entries_.end(); }

 private:
  std::vector<Entry> entries_;
};

// Each bag absorbs another: a state built from two states each built from two states ... A
// flattened sequence doubles at every step; the class stays small (a count of items).
class Bag {
 public:
  void put() { items_ = items_ < 3 ? items_ + 1 : items_; }
  void absorb(const Bag& other) { items_ = items_ + other.items_ > 3 ? 3 : items_ + other.items_; }
  int items() const { return items_; }

 private:
  int items_ = 0;
};

}  // namespace shapes
