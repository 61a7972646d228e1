// A class whose only constructor refuses every value objgen tries: no state is built, and the
// states suite objgen writes has no test. It must still compile and link with its own first line.
#pragma once

#include <stdexcept>

namespace shapes {

class RefusingConstructor {
 public:
  explicit RefusingConstructor(int v) {
    if (v > -100) throw std::invalid_argument("below -100 only");
  }
  int get() const { return 1; }
};

}  // namespace shapes
