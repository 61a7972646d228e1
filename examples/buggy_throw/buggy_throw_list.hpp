// A singly linked list whose add() throws std::runtime_error (not an API-misuse exception) when
// 1 is added to a list of two elements: a deliberately failing objgen test subject.
#pragma once

#include "buggy_common/fault_list.hpp"

namespace examples {

struct ThrowFault : CorrectList {
  // Bug: a stale "capacity" check that rejects a perfectly valid append.
  static void beforeAdd(const FaultListNode<ThrowFault>* head, int size, int value);
};

using BuggyThrowList = FaultList<ThrowFault>;

}  // namespace examples
