#include "node_caching_list.hpp"

namespace examples {

NodeCachingList::NodeCachingList() : header(new Node) {
  header->next = header;
  header->previous = header;
}

NodeCachingList::NodeCachingList(const NodeCachingList& other) : NodeCachingList() {
  copyFrom(other);
}

NodeCachingList& NodeCachingList::operator=(const NodeCachingList& other) {
  if (this == &other) return *this;
  NodeCachingList copy(other);
  std::swap(header, copy.header);
  std::swap(size, copy.size);
  std::swap(cacheSize, copy.cacheSize);
  std::swap(firstCachedNode, copy.firstCachedNode);
  std::swap(maximumCacheSize, copy.maximumCacheSize);
  std::swap(modCount, copy.modCount);
  return *this;
}

NodeCachingList::~NodeCachingList() { destroyAll(); }

void NodeCachingList::copyFrom(const NodeCachingList& other) {
  for (Node* n = other.header->next; n != other.header; n = n->next) {
    Node* copy = new Node{n->value, header, header->previous};
    header->previous->next = copy;
    header->previous = copy;
  }
  size = other.size;
  Node** tail = &firstCachedNode;
  for (Node* c = other.firstCachedNode; c != nullptr; c = c->next) {
    *tail = new Node{c->value, nullptr, nullptr};
    tail = &(*tail)->next;
  }
  cacheSize = other.cacheSize;
  maximumCacheSize = other.maximumCacheSize;
  modCount = other.modCount;
}

void NodeCachingList::destroyAll() {
  Node* n = header->next;
  while (n != header) {
    Node* next = n->next;
    delete n;
    n = next;
  }
  delete header;
  while (firstCachedNode != nullptr) {
    Node* next = firstCachedNode->next;
    delete firstCachedNode;
    firstCachedNode = next;
  }
}

NodeCachingList::Node* NodeCachingList::takeNode(int value) {
  Node* node = firstCachedNode;
  if (node == nullptr) {
    node = new Node;
  } else {
    firstCachedNode = node->next;
    node->next = nullptr;
    --cacheSize;
  }
  node->value = value;
  return node;
}

void NodeCachingList::linkBefore(Node* position, int value) {
  Node* node = takeNode(value);
  node->previous = position->previous;
  node->next = position;
  position->previous->next = node;
  position->previous = node;
  ++size;
  ++modCount;
}

void NodeCachingList::unlink(Node* node) {
  node->previous->next = node->next;
  node->next->previous = node->previous;
  --size;
  ++modCount;
  recycle(node);
}

void NodeCachingList::recycle(Node* node) {
  if (cacheSize >= maximumCacheSize) {
    delete node;
    return;
  }
  node->previous = nullptr;
  node->value.reset();
  node->next = firstCachedNode;
  firstCachedNode = node;
  ++cacheSize;
}

void NodeCachingList::addLast(int value) { linkBefore(header, value); }
void NodeCachingList::addFirst(int value) { linkBefore(header->next, value); }

void NodeCachingList::removeIndex(int) {
  if (size == 0) throw std::out_of_range("removeIndex on an empty list");
  unlink(header->next);
}

void NodeCachingList::removeFirst() {
  if (size == 0) throw std::out_of_range("removeFirst on an empty list");
  unlink(header->next);
}

void NodeCachingList::removeLast() {
  if (size == 0) throw std::out_of_range("removeLast on an empty list");
  unlink(header->previous);
}

void NodeCachingList::clear() {
  while (size > 0) unlink(header->next);
}

bool NodeCachingList::contains(int value) const {
  for (Node* n = header->next; n != header; n = n->next)
    if (n->value == value) return true;
  return false;
}

int NodeCachingList::get(int index) const {
  if (index < 0 || index >= size) throw std::out_of_range("get: index out of range");
  Node* n = header->next;
  while (index-- > 0) n = n->next;
  return *n->value;
}

bool NodeCachingList::repOK() const {
  if (header == nullptr || header->value.has_value()) return false;
  int count = 0;
  for (Node* n = header; ; n = n->next) {
    if (n->next == nullptr || n->next->previous != n) return false;
    if (n->next == header) break;
    if (!n->next->value.has_value()) return false;
    if (++count > size) return false;
  }
  if (count != size) return false;
  int cached = 0;
  for (Node* c = firstCachedNode; c != nullptr; c = c->next) {
    if (c->value.has_value() || c->previous != nullptr) return false;
    if (++cached > cacheSize) return false;
  }
  return cached == cacheSize && cacheSize <= maximumCacheSize;
}

}  // namespace examples
