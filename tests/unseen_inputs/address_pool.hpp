// A pool of entries kept in a std::set of pointers, ordered by address (as yaml-cpp keeps its
// nodes): which entry comes first says where the allocator put it, not what the pool holds.
// Its state is the set of values it holds: 2^n subsets of n values (8 at scope 3, 16 at scope 4),
// never one state per allocation order, and no nondeterminism finding.
#pragma once

#include <cstddef>
#include <set>

namespace shapes {

class AddressPool {
 public:
  struct Entry {
    int value;
  };

  AddressPool() = default;
  AddressPool(const AddressPool& other) {
    for (const Entry* e : other.entries_) entries_.insert(new Entry{*e});
  }
  AddressPool& operator=(const AddressPool& other) {
    if (this != &other) {
      AddressPool copy(other);
      entries_.swap(copy.entries_);
    }
    return *this;
  }
  ~AddressPool() {
    for (Entry* e : entries_) delete e;
  }

  void add(int value) {
    if (!contains(value)) entries_.insert(new Entry{value});
  }
  void remove(int value) {
    for (auto it = entries_.begin(); it != entries_.end(); ++it)
      if ((*it)->value == value) {
        delete *it;
        entries_.erase(it);
        return;
      }
  }
  bool contains(int value) const {
    for (const Entry* e : entries_)
      if (e->value == value) return true;
    return false;
  }
  std::size_t size() const { return entries_.size(); }

  friend bool operator==(const AddressPool& a, const AddressPool& b) {
    if (a.size() != b.size()) return false;
    for (const Entry* e : a.entries_)
      if (!b.contains(e->value)) return false;
    return true;
  }

 private:
  std::set<Entry*> entries_;
};

}  // namespace shapes
