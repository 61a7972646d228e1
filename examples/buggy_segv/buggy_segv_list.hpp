// A singly linked list whose add() follows a null pointer when 2 is added to a list of two
// elements (an off-by-one walk to the tail): a deliberately crashing objgen test subject.
#pragma once

#include "buggy_common/fault_list.hpp"

namespace examples {

struct SegvFault : CorrectList {
  // Bug: walks one node too far, past the tail, when 2 is added to a list of two elements.
  static FaultListNode<SegvFault>* linkAfter(FaultListNode<SegvFault>* head, int size, int value);
};

using BuggySegvList = FaultList<SegvFault>;

}  // namespace examples
