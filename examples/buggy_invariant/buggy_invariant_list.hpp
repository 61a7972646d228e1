// A singly linked list whose add() forgets to count the third element when it is a 2, leaving a
// state that breaks its own repOK: a deliberately inconsistent objgen test subject.
#pragma once

#include "buggy_common/fault_list.hpp"

namespace examples {

struct InvariantFault : CorrectList {
  // Bug: adding 2 to a list of two elements skips the size update.
  static bool countsAdd(int size, int value);
};

using BuggyInvariantList = FaultList<InvariantFault>;

}  // namespace examples
