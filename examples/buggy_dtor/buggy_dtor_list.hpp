// A singly linked list whose destructor throws when it holds three elements starting with 2.
// Destructors are noexcept, so the program terminates: a deliberately fatal objgen test subject.
#pragma once

#include "buggy_common/fault_list.hpp"

namespace examples {

struct DtorFault : CorrectList {
  // Bug: a "consistency check" on teardown that throws, and it runs inside the destructor.
  static void beforeRelease(const FaultListNode<DtorFault>* head, int size);
};

using BuggyDtorList = FaultList<DtorFault>;

}  // namespace examples
