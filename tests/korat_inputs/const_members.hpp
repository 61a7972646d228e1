// A class with const data members (`objgen korat --emit-gtest`, tests/korat_test.sh): the search
// writes them like any field, and the emitted suite sets them the same way.
#pragma once

#include <vector>

namespace constants {

class Budgeted {
 public:
  struct Item {
    Item* const next = nullptr;
  };
  bool repOK() const {
    if (used < 0 || used > limit) return false;
    int n = 0;
    for (const Item* i = first; i != nullptr; i = i->next)
      if (++n > limit) return false;
    return n == used && static_cast<int>(weights.size()) <= limit;
  }
  void use() {}

 private:
  const int limit = 2;
  int used = 0;
  const Item* first = nullptr;
  const std::vector<int> weights{};
};

}  // namespace constants
