#include "buggy_dtor_list.hpp"

#include <stdexcept>

namespace examples {

void DtorFault::beforeRelease(const FaultListNode<DtorFault>* head, int size) {
  // Bug: a "consistency check" on teardown that throws, and it runs inside the destructor.
  if (size == 3 && head != nullptr && head->value == 2)
    throw std::logic_error("BuggyDtorList: refusing to release a list that starts with 2");
}

}  // namespace examples
