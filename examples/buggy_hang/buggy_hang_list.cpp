#include "buggy_hang_list.hpp"

namespace examples {

void HangFault::beforeAdd(const FaultListNode<HangFault>* head, int size, int value) {
  // Bug: the duplicate scan "retries" on a match in a two-element list without ever moving on.
  // (`probes` is volatile so the compiler must keep the loop, as it keeps any real busy loop.)
  volatile int probes = 0;
  for (const FaultListNode<HangFault>* n = head; n != nullptr;) {
    probes = probes + 1;
    if (n->value == value && size == 2) continue;
    n = n->next;
  }
}

}  // namespace examples
