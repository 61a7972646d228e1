// Keep assert() active even in release builds: the failed assertion is the point.
#undef NDEBUG
#include "buggy_abort_list.hpp"

#include <cassert>

namespace examples {

void AbortFault::beforeAdd(const FaultListNode<AbortFault>* /*head*/, int size, int value) {
  // Bug: an over-eager sanity check that a third element is never 0.
  assert(!(size == 2 && value == 0) && "a full list cannot take a zero");
}

}  // namespace examples
