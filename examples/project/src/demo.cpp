#include <cstdio>

#include "shelf/inventory.hpp"
#include "shelf/money.hpp"

int main() {
  shelf::Inventory stock;
  stock.put(1, 3);
  shelf::Box<int> last;  // the project's one instance of the template: objgen project tests shelf::Box<int>
  last.set(stock.total());
  std::printf("%d\n", last.get());
}
