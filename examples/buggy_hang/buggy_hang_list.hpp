// A singly linked list whose add() never returns when the value already occurs in a list of two
// elements (a search loop that stops advancing): a deliberately hanging objgen test subject.
#pragma once

#include "buggy_common/fault_list.hpp"

namespace examples {

struct HangFault : CorrectList {
  // Bug: a duplicate scan that never moves on from a match in a two-element list.
  static void beforeAdd(const FaultListNode<HangFault>* head, int size, int value);
};

using BuggyHangList = FaultList<HangFault>;

}  // namespace examples
