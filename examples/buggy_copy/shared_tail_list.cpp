#include "shared_tail_list.hpp"

namespace examples {

void SharedTailList::add(int value) {
  auto node = std::make_shared<Node>(Node{value, nullptr});
  if (!head) {
    head = node;
  } else {
    Node* last = head.get();
    while (last->next) last = last->next.get();
    last->next = node;  // Bug (with the implicit copy): this node may belong to another list too
  }
  ++size;
}

bool SharedTailList::removeFirst() {
  if (!head) return false;
  head = head->next;
  --size;
  return true;
}

std::string SharedTailList::toString() const {
  std::string out = "[";
  for (const Node* n = head.get(); n; n = n->next.get()) out += (out.size() > 1 ? "," : "") + std::to_string(n->value);
  return out + "]";
}

bool SharedTailList::repOK() const {
  int count = 0;
  for (const Node* n = head.get(); n; n = n->next.get())
    if (++count > size) return false;
  return count == size;
}

}  // namespace examples
