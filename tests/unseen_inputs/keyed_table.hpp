// A set of ints in open addressing, shaped like google::dense_hash_set: a slot holding the "empty
// key" is free, and the table knows no empty key until set_empty_key() is called. Until then
// begin(), insert() and contains() assert, so nothing can read a default-constructed table; after
// it, calling set_empty_key() again asserts too (the key is fixed for the table's life), and so
// does inserting the empty key itself. objgen must find the initialising call and build every
// state from it, not report the reader's abort as a bug of the constructor.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdlib>
#include <vector>

namespace shapes {

class KeyedTable {
 public:
  KeyedTable() = default;

  void set_empty_key(int key) {
    require(!has_empty_key_);  // "set_empty_key() may be called once"
    has_empty_key_ = true;
    empty_key_ = key;
    slots_.assign(8, key);
  }

  bool insert(int key) {
    require(has_empty_key_ && key != empty_key_);
    std::size_t i = find_slot(key);
    if (slots_[i] == key) return false;
    slots_[i] = key;
    if (++size_ * 2 > slots_.size()) grow();
    return true;
  }

  bool contains(int key) const {
    require(has_empty_key_);
    return key != empty_key_ && slots_[find_slot(key)] == key;
  }

  std::size_t size() const { return size_; }

  // Iterates the occupied slots (in slot order: a table's order of iteration is its own).
  class const_iterator {
   public:
    const_iterator(const KeyedTable* t, std::size_t i) : t_(t), i_(i) { skip_free(); }
    int operator*() const { return t_->slots_[i_]; }
    const_iterator& operator++() {
      ++i_;
      skip_free();
      return *this;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }

   private:
    void skip_free() {
      while (i_ < t_->slots_.size() && t_->slots_[i_] == t_->empty_key_) ++i_;
    }
    const KeyedTable* t_;
    std::size_t i_;
  };
  const_iterator begin() const {
    require(has_empty_key_);
    return {this, 0};
  }
  const_iterator end() const { return {this, slots_.size()}; }

 private:
  static void require(bool ok) {
    if (!ok) std::abort();  // the library's assert, kept in every build
  }
  void grow() {
    std::vector<int> old(slots_.size() * 2, empty_key_);
    old.swap(slots_);
    for (int k : old)
      if (k != empty_key_) slots_[find_slot(k)] = k;
  }
  std::size_t find_slot(int key) const {
    std::size_t i = static_cast<unsigned>(key) % slots_.size();
    while (slots_[i] != empty_key_ && slots_[i] != key) i = (i + 1) % slots_.size();
    return i;
  }

  bool has_empty_key_ = false;
  int empty_key_ = 0;
  std::vector<int> slots_;
  std::size_t size_ = 0;
};

}  // namespace shapes
