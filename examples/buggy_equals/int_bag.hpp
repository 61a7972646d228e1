// A bag of ints whose operator== only checks that every element of the left side occurs in the
// right side: {1} == {1, 2} holds but {1, 2} == {1} does not. Breaks the eq-symmetric contract.
#pragma once

#include <vector>

namespace examples {

class IntBag {
 public:
  void add(int value) { items.push_back(value); }
  bool remove(int value);
  bool contains(int value) const;
  int size() const { return static_cast<int>(items.size()); }
  bool empty() const { return items.empty(); }
  // Bug: a subset test, not equality (the sizes are never compared).
  bool operator==(const IntBag& other) const;

 private:
  std::vector<int> items;
};

}  // namespace examples
