#include "buggy_throw_list.hpp"

#include <stdexcept>

namespace examples {

void ThrowFault::beforeAdd(const FaultListNode<ThrowFault>* /*head*/, int size, int value) {
  // Bug: a stale "capacity" check that rejects a perfectly valid append.
  if (size == 2 && value == 1)
    throw std::runtime_error("BuggyThrowList: internal buffer exhausted");
}

}  // namespace examples
