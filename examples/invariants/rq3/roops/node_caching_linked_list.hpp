// ROOPS's NodeCachingLinkedList (the BEAPI artifact's 2_roops ncl.NodeCachingLinkedList, after
// Apache Commons' class of that name): a circular doubly linked list around a dummy header node,
// plus a cache of removed nodes (a null-terminated list through next, previous null) that addLast
// reuses. The API BEAPI used: the constructor, addLast and removeIndex (which, as in ROOPS, always
// removes the first element whatever index it is given); isCacheFull keeps ROOPS's seeded bug
// (> for >=), harmless below 20 cached nodes.
//
// The repOK, translated check for check. NodeCachingLinkedList<false> is the ROOPS repOK: it never
// looks at a value. NodeCachingLinkedList<true> is the artifact's NodeCachingLinkedList_fix: the
// header's value must be null, every other node of the main list must hold a value, and every
// cached node's value must be null.
//
// Java's Object elements (Integer 0..N-1 or null) are ints, -1 for null. maximumCacheSize and
// DEFAULT_MAXIMUM_CACHE_SIZE are not in Korat's finitization: Korat leaves them at the
// constructor's 20, so the search gives them the range 20..20. modCount is left out.
//
//   objgen korat --header examples/invariants/rq3/roops/node_caching_linked_list.hpp
//       --class rq3::roops::NodeCachingLinkedList --scope 4 --range size=0..4 --range cacheSize=0..4
//       --range value=-1..3 --range maximumCacheSize=20..20 --range DEFAULT_MAXIMUM_CACHE_SIZE=20..20
//       --against-api --methods addLast,removeIndex
#pragma once

#include <stdexcept>

#include "../../visited_set.hpp"

namespace rq3::roops {

template <bool Fixed>
class NodeCachingLinkedListT {
 public:
  static constexpr int kNull = -1;  // Java's null element

  struct Node {
    int value = kNull;
    Node* next = nullptr;
    Node* previous = nullptr;
  };

  NodeCachingLinkedListT() {
    header = new Node;
    header->next = header;
    header->previous = header;
    DEFAULT_MAXIMUM_CACHE_SIZE = 20;
    maximumCacheSize = DEFAULT_MAXIMUM_CACHE_SIZE;
  }

  NodeCachingLinkedListT(const NodeCachingLinkedListT& other)
      : size(other.size),
        cacheSize(other.cacheSize),
        DEFAULT_MAXIMUM_CACHE_SIZE(other.DEFAULT_MAXIMUM_CACHE_SIZE),
        maximumCacheSize(other.maximumCacheSize) {
    if (other.header != nullptr) {
      header = new Node{other.header->value, nullptr, nullptr};
      Node* tail = header;
      for (const Node* p = other.header->next; p != nullptr && p != other.header; p = p->next) {
        Node* copy = new Node{p->value, nullptr, tail};
        tail->next = copy;
        tail = copy;
      }
      tail->next = header;
      header->previous = tail;
    }
    Node** at = &firstCachedNode;
    for (const Node* p = other.firstCachedNode; p != nullptr; p = p->next) {
      *at = new Node{p->value, nullptr, nullptr};
      at = &(*at)->next;
    }
  }
  NodeCachingLinkedListT& operator=(const NodeCachingLinkedListT&) = delete;

  ~NodeCachingLinkedListT() {
    if (header != nullptr) {
      Node* p = header->next;
      while (p != nullptr && p != header) {
        Node* next = p->next;
        delete p;
        p = next;
      }
      delete header;
    }
    while (firstCachedNode != nullptr) {
      Node* next = firstCachedNode->next;
      delete firstCachedNode;
      firstCachedNode = next;
    }
  }

  bool addLast(int o) {
    addNodeBefore(header, o);
    return true;
  }

  // ROOPS's version ignores the index: it always removes the first element.
  int removeIndex(int /*index*/) {
    Node* node = getNode(0, false);
    int oldValue = node->value;
    removeNode(node);
    return oldValue;
  }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->next == nullptr) return false;
    if (Fixed && header->value != kNull) return false;  // the fix: the dummy holds no value
    if (header->previous == nullptr) return false;
    if (cacheSize > maximumCacheSize) return false;
    if (DEFAULT_MAXIMUM_CACHE_SIZE != 20) return false;
    if (size < 0) return false;

    int cyclicSize = 0;
    const Node* n = header;
    do {
      ++cyclicSize;
      if (n->previous == nullptr) return false;
      if (n->previous->next != n) return false;
      if (n->next == nullptr) return false;
      if (n->next->previous != n) return false;
      // the fix: every node of the main list but the header holds a value
      if (Fixed && n != header && n->value == kNull) return false;
      if (n != nullptr) n = n->next;
    } while (n != header && n != nullptr);
    if (n == nullptr) return false;
    if (size != cyclicSize - 1) return false;

    int acyclicSize = 0;
    const Node* m = firstCachedNode;
    invariants::VisitedSet<Node> visited;
    visited.insert(firstCachedNode);
    while (m != nullptr) {
      ++acyclicSize;
      if (m->previous != nullptr) return false;
      if (Fixed && m->value != kNull) return false;  // the fix: cached nodes hold no value
      m = m->next;
      if (!visited.insert(m)) return false;
    }
    if (cacheSize != acyclicSize) return false;
    return true;
  }

 private:
  bool isCacheFull() const { return cacheSize > maximumCacheSize; }  // ROOPS's seeded bug

  void addNodeToCache(Node* node) {
    if (isCacheFull()) return;  // don't cache the node
    Node* nextCachedNode = firstCachedNode;
    node->previous = nullptr;
    node->next = nextCachedNode;
    node->value = kNull;
    firstCachedNode = node;
    ++cacheSize;
  }

  void superRemoveNode(Node* node) {
    node->previous->next = node->next;
    node->next->previous = node->previous;
    --size;
  }

  void removeNode(Node* node) {
    superRemoveNode(node);
    addNodeToCache(node);
  }

  Node* getNode(int index, bool endMarkerAllowed) const {
    if (index < 0) throw std::out_of_range("NodeCachingLinkedList: negative index");
    if (!endMarkerAllowed && index == size) throw std::out_of_range("NodeCachingLinkedList: index == size");
    if (index > size) throw std::out_of_range("NodeCachingLinkedList: index > size");
    Node* node;
    int sizeDiv2 = size / 2;
    if (index < sizeDiv2) {
      node = header->next;
      for (int i = 0; i < index; ++i) node = node->next;
    } else {
      node = header;
      for (int i = size; i > index; --i) node = node->previous;
    }
    return node;
  }

  Node* getNodeFromCacheAddLast() {
    if (cacheSize == 0) return nullptr;
    Node* cachedNode = firstCachedNode;
    firstCachedNode = cachedNode->next;
    cachedNode->next = nullptr;
    --cacheSize;
    return cachedNode;
  }

  static Node* superCreateNode(int value) {
    Node* n = new Node;
    n->value = value;
    n->next = n;
    n->previous = n;
    return n;
  }

  Node* createNode(int value) {
    Node* cachedNode = getNodeFromCacheAddLast();
    if (cachedNode == nullptr) return superCreateNode(value);
    cachedNode->value = value;
    return cachedNode;
  }

  void addNodeBefore(Node* node, int value) { addNode(createNode(value), node); }

  void addNode(Node* toInsert, Node* insertBefore) {
    toInsert->next = insertBefore;
    toInsert->previous = insertBefore->previous;
    insertBefore->previous->next = toInsert;
    insertBefore->previous = toInsert;
    ++size;
  }

  // Korat's finitization order: header, size, firstCachedNode, cacheSize; then the two fields it
  // leaves at the constructor's values.
  Node* header = nullptr;
  int size = 0;
  Node* firstCachedNode = nullptr;
  int cacheSize = 0;
  int DEFAULT_MAXIMUM_CACHE_SIZE = 20;
  int maximumCacheSize = 20;
};

using NodeCachingLinkedList = NodeCachingLinkedListT<false>;
using NodeCachingLinkedListFix = NodeCachingLinkedListT<true>;

}  // namespace rq3::roops
