#include "int_bag.hpp"

#include <algorithm>

namespace examples {

bool IntBag::remove(int value) {
  auto it = std::find(items.begin(), items.end(), value);
  if (it == items.end()) return false;
  items.erase(it);
  return true;
}

bool IntBag::contains(int value) const { return std::find(items.begin(), items.end(), value) != items.end(); }

bool IntBag::operator==(const IntBag& other) const {
  for (int v : items)
    if (!other.contains(v)) return false;
  return true;
}

}  // namespace examples
