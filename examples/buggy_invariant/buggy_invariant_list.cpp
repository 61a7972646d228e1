#include "buggy_invariant_list.hpp"

namespace examples {

bool InvariantFault::countsAdd(int size, int value) {
  // Bug: this path links the node but skips the size update.
  return !(value == 2 && size == 2);
}

}  // namespace examples
