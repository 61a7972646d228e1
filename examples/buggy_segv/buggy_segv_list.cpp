#include "buggy_segv_list.hpp"

namespace examples {

FaultListNode<SegvFault>* SegvFault::linkAfter(FaultListNode<SegvFault>* head, int size,
                                               int value) {
  // Bug: this path walks one node too far, past the tail, and add() then writes through null.
  int steps = (value == 2 && size == 2) ? size : size - 1;
  FaultListNode<SegvFault>* last = head;
  for (int i = 0; i < steps; ++i) last = last->next;
  return last;
}

}  // namespace examples
