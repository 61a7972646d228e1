// A singly linked list whose add() fails an assert() (and so aborts) when 0 is added to a list of
// two elements: a deliberately aborting objgen test subject.
#pragma once

#include "buggy_common/fault_list.hpp"

namespace examples {

struct AbortFault : CorrectList {
  // Bug: an over-eager sanity check that a third element is never 0.
  static void beforeAdd(const FaultListNode<AbortFault>* head, int size, int value);
};

using BuggyAbortList = FaultList<AbortFault>;

}  // namespace examples
