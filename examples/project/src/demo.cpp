#include <cstdio>

#include "shelf/inventory.hpp"

int main() {
  shelf::Inventory stock;
  stock.put(1, 3);
  std::printf("%d\n", stock.total());
}
